#!/bin/sh
# With no file operand rm says "missing operand" and exits 1; with -f it is
# silent and succeeds.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

cat > _exp.err <<'X' || framework_failure_ "cannot write _exp.err"
rm: missing operand
Try 'rm --help' for more information.
X

run_rm > _out 2> _err; st=$?
test $st = 1 || { echo "rm: exit $st, not 1" >&2; fail=1; }
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

# Options alone are no operand either.
run_rm -r -v > _out 2> _err; st=$?
test $st = 1 || { echo "rm -r -v: exit $st, not 1" >&2; fail=1; }
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

for opts in -f --force -rf '-f -v' '-f --'; do
  run_rm $opts > _out 2> _err; st=$?
  test $st = 0 || { echo "rm $opts: exit $st, not 0" >&2; fail=1; }
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
done

exit $fail
