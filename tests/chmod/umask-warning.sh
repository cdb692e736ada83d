#!/bin/sh
# A mode given as an option (-w) with no ugoa is masked by the umask; when
# that makes the new mode differ from what the mode alone says, chmod
# warns "chmod: f: new permissions are r-xrwxrwx, not r-xr-xr-x" and exits
# 1, having changed the mode.  No warning when the umask changes nothing,
# nor for a mode given as an operand ("chmod -- -w f"), nor with ugoa.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

: > f || framework_failure_ "cannot make f"

# run EXPECTED-STATUS EXPECTED-MODE EXPECTED-STDERR UMASK ARGS...
run ()
{
  exp_st=$1 exp_mode=$2; printf '%s' "$3" > _exp.err; um=$4; shift 4
  chmod 777 f
  (umask $um && run_chmod "$@") > _out 2> _err
  check_status_ $exp_st $? "umask $um; chmod $*"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
  test "$(stat -c %a f)" = "$exp_mode" \
    || { echo "umask $um; chmod $*: mode $(stat -c %a f)" >&2; fail=1; }
}

run 1 577 'chmod: f: new permissions are r-xrwxrwx, not r-xr-xr-x
' 022 -w f
run 1 577 'chmod: f: new permissions are r-xrwxrwx, not r-xr-xr-x
' 022 -f -w f
run 0 555 '' 000 -w f
run 0 577 '' 022 -- -w f
run 0 555 '' 022 -w,a-w f
run 0 555 '' 022 a-w f
# +w: the umask keeps g and o from getting w, which is no surprise (the new
# mode has no bit the mode alone would not give).
chmod 0 f
run 0 777 '' 022 +w f

exit $fail
