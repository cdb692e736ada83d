#!/bin/sh
# -L/--dereference: every symlink is followed, below the operands too;
# what two links reach is counted once.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d e && : > e/f && : > e/g && ln -s ../e d/l1 && ln -s ../e d/l2 \
  && ln -s ../e/f d/lf || framework_failure_ "cannot make the tree"

printf '3\td/l1\n4\td\n' > _exp
run_du --inodes -L d > _out 2> _err; check_status_ 0 $? "du -L"
# d/l1 or d/l2, whichever comes first, is the one that counts.
sed 's|d/l2$|d/l1|' _out > _out1
compare _exp _out1 || fail=1
compare /dev/null _err || fail=1
run_du --inodes --dereference d > _out 2> _err; check_status_ 0 $? "du --dereference"
sed 's|d/l2$|d/l1|' _out > _out1
compare _exp _out1 || fail=1

printf '4\td\n' > _exp
run_du --inodes d > _out 2> _err; check_status_ 0 $? "du (-P)"
compare _exp _out || fail=1

exit $fail
