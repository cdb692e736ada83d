#!/bin/sh
# A mode that starts with '-' is a mode, not options: "chmod -w f",
# "chmod -rwx f" and "chmod -w -x f" (modes joined by a comma) change the
# mode, as does "chmod -- -w f"; "chmod -Rw d" is the mode "-Rw", invalid.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

umask 0
: > f && chmod 777 f || framework_failure_ "cannot make f"

check ()
{
  exp_mode=$1; shift
  chmod 777 f
  run_chmod "$@" > _out 2> _err; check_status_ 0 $? "chmod $*"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
  test "$(stat -c %a f)" = "$exp_mode" \
    || { echo "chmod $*: mode $(stat -c %a f), not $exp_mode" >&2; fail=1; }
}
check 555 -w f
check 0 -rwx f
check 444 -w -x f
check 444 -x,-w f
check 555 -- -w f
check 555 f -w

# Letters that are options stay options around a mode.
chmod 777 f
run_chmod -c -w f > _out 2> _err || fail=1
echo "mode of 'f' changed from 0777 (rwxrwxrwx) to 0555 (r-xr-xr-x)" > _exp
compare _exp _out || fail=1

mkdir d || framework_failure_ "cannot make d"
cat > _exp.err <<'X'
chmod: invalid mode: '-Rw'
Try 'chmod --help' for more information.
X
run_chmod -Rw d > _out 2> _err; check_status_ 1 $? "chmod -Rw d"
compare _exp.err _err || fail=1

exit $fail
