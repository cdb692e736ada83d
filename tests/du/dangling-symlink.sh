#!/bin/sh
# With -L (or -D for an operand), a symlink that cannot be followed is
# reported as GNU does: "cannot access 'l'" with no reason when its target
# is missing, with the reason otherwise (a loop); exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir d && ln -s nowhere d/l && ln -s l2 l1 && ln -s l1 l2 \
  || framework_failure_ "cannot make the links"

printf '1\td\n' > _exp
echo "du: cannot access 'd/l'" > _exp.err
run_du --inodes -L d > _out 2> _err; check_status_ 1 $? "du -L d"
compare _exp _out || fail=1
compare _exp.err _err || fail=1

echo "du: cannot access 'l1': Too many levels of symbolic links" > _exp.err
run_du --inodes -D l1 > _out 2> _err; check_status_ 1 $? "du -D l1"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

# Not followed: no error.
printf '2\td\n' > _exp
run_du --inodes d > _out 2> _err; check_status_ 0 $? "du d"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
