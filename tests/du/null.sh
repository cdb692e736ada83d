#!/bin/sh
# -0/--null: each line ends with a NUL, not a newline (total included).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s || framework_failure_ "cannot make d"

printf '1\td/s\0002\td\0002\ttotal\000' > _exp
run_du --inodes -0 -c d > _out 2> _err; check_status_ 0 $? "du -0"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du --inodes --null -c d > _out 2> _err
compare _exp _out || fail=1

exit $fail
