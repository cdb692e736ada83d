#!/bin/sh
# -c/--total: a last line "total" with everything counted, once each.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p a/s b && : > a/s/f && : > b/g || framework_failure_ "cannot make the tree"

printf '2\ta/s\n3\ta\n2\tb\n5\ttotal\n' > _exp
run_du --inodes -c a b > _out 2> _err; check_status_ 0 $? "du -c"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du --inodes --total a b > _out 2> _err; check_status_ 0 $? "du --total"
compare _exp _out || fail=1

# With -s, the total is still everything.
printf '3\ta\n2\tb\n5\ttotal\n' > _exp
run_du --inodes -sc a b > _out 2> _err; check_status_ 0 $? "du -sc"
compare _exp _out || fail=1

exit $fail
