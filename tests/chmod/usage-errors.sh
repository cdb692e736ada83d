#!/bin/sh
# Usage errors, each with "Try 'chmod --help' for more information.", exit
# 1: no operand, a mode without a file, an invalid mode.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

: > f || framework_failure_ "set-up"
check ()
{
  printf '%s\nTry '"'"'chmod --help'"'"' for more information.\n' "$1" > _exp.err
  shift
  run_chmod "$@" > _out 2> _err; check_status_ 1 $? "chmod $*"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
}
check "chmod: missing operand"
check "chmod: missing operand" -v
check "chmod: missing operand" -w
check "chmod: missing operand after '644'" 644
check "chmod: invalid mode: 'u+z'" u+z f
check "chmod: invalid mode: '755x'" 755x f
check "chmod: invalid mode: '8'" 8 f
check "chmod: unrecognized option '--bogus'" --bogus 644 f
check "chmod: invalid option -- 'Z'" -Z 644 f

# GNU 9.5's --dereference (9.1 has none): meaningless with -R -P.
echo "chmod: -R --dereference requires either -H or -L" > _exp.err
run_chmod -RP --dereference 644 f > _out 2> _err
check_status_ 1 $? "chmod -RP --dereference"
compare _exp.err _err || fail=1
test "$(stat -c %a f)" = 644 || fail=1

exit $fail
