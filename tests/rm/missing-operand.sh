#!/bin/sh
# With no file operand rm says "missing operand" and exits 1; with -f it is
# silent and succeeds.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

cat > _exp.err <<'X' || framework_failure_ "cannot write _exp.err"
rm: missing operand
Try 'rm --help' for more information.
X

run_rm > _out 2> _err; check_status_ 1 $? "rm"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

# Options alone are no operand either.
run_rm -r -v > _out 2> _err; check_status_ 1 $? "rm -r -v"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

for opts in -f --force -rf '-f -v' '-f --'; do
  run_rm $opts > _out 2> _err; check_status_ 0 $? "rm $opts"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
done

exit $fail
