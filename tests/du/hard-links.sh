#!/bin/sh
# Hard links inside an operand are counted once, under the first name met;
# -l/--count-links counts every one.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s && head -c 5000 /dev/zero > d/f && ln d/f d/s/g \
  || framework_failure_ "cannot make d"

# Which of d/f and d/s/g comes first is readdir's business: only d's
# line is certain, and that one of the two has a line with -a.
run_du --inodes d > _out 2> _err; check_status_ 0 $? "du"
compare /dev/null _err || fail=1
sed -n '$p' _out > _last
printf '3\td\n' > _exp
compare _exp _last || fail=1
run_du --inodes -a d > _out 2> _err; check_status_ 0 $? "du -a"
test "$(grep -c -e '	d/f$' -e '	d/s/g$' _out)" = 1 \
  || { echo "du -a: not one line for d/f and d/s/g" >&2; fail=1; }

printf '2\td/s\n4\td\n' > _exp
run_du --inodes -l d > _out 2> _err; check_status_ 0 $? "du -l"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du --inodes --count-links d > _out 2> _err
compare _exp _out || fail=1

# Sizes too: 5000 bytes once, or twice with -l.
run_du -b -c d/f d/s/g > _out 2> _err; check_status_ 0 $? "du -b -c"
printf '5000\td/f\n5000\ttotal\n' > _exp
compare _exp _out || fail=1
run_du -b -c -l d/f d/s/g > _out 2> _err; check_status_ 0 $? "du -b -c -l"
printf '5000\td/f\n5000\td/s/g\n10000\ttotal\n' > _exp
compare _exp _out || fail=1

exit $fail
