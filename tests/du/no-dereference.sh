#!/bin/sh
# -P/--no-dereference is the default, and undoes an earlier -L or -D: the
# last one given wins.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p e && : > e/f && ln -s e l || framework_failure_ "cannot make the tree"

printf '1\tl\n' > _exp
for opts in -P --no-dereference "-L -P" "-D --no-dereference" "-H -P"; do
  run_du --inodes $opts l > _out 2> _err; check_status_ 0 $? "du $opts"
  compare _exp _out || { echo "for: du $opts" >&2; fail=1; }
  compare /dev/null _err || fail=1
done
printf '2\tl\n' > _exp
run_du --inodes -P -L l > _out 2> _err; check_status_ 0 $? "du -P -L"
compare _exp _out || fail=1

exit $fail
