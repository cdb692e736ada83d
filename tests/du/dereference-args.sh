#!/bin/sh
# -D/--dereference-args (and -H): a symlink given as an operand is
# followed; one met below an operand is not.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s e && : > d/f && ln -s ../e d/le && ln -s d l \
  || framework_failure_ "cannot make the tree"

printf '1\tl\n' > _exp
run_du --inodes l > _out 2> _err; check_status_ 0 $? "du l"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

printf '1\tl/s\n4\tl\n' > _exp
for opt in -D --dereference-args -H; do
  run_du --inodes $opt l > _out 2> _err; check_status_ 0 $? "du $opt l"
  compare _exp _out || { echo "for: du $opt" >&2; fail=1; }
  compare /dev/null _err || fail=1
done

exit $fail
