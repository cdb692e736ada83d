#!/bin/sh
# -d/--max-depth=N: lines only for directories (and files, with -a) at
# most N levels below an operand; totals still count everything.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/a/b/c && : > d/f && : > d/a/g || framework_failure_ "cannot make d"

printf '6\td\n' > _exp
run_du --inodes -d 0 d > _out 2> _err; check_status_ 0 $? "du -d 0"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

printf '2\td/a/b\n4\td/a\n6\td\n' > _exp
run_du --inodes --max-depth=2 d > _out 2> _err; check_status_ 0 $? "du --max-depth=2"
compare _exp _out || fail=1

# d/a and d/f in either order (readdir's), then d (_exp is sorted).
printf '6\td\n4\td/a\n1\td/f\n' > _exp
run_du --inodes -a -d1 d > _out 2> _err; check_status_ 0 $? "du -a -d1"
sed -n '$p' _out > _last
printf '6\td\n' > _exp_last
compare _exp_last _last || fail=1
LC_ALL=C sort -k2 _out > _out_sorted
compare _exp _out_sorted || fail=1

# A file operand is printed whatever the depth.
printf '1\td/f\n' > _exp
run_du --inodes -d 0 d/f > _out 2> _err; check_status_ 0 $? "du -d 0 d/f"
compare _exp _out || fail=1

exit $fail
