#!/bin/sh
# -S/--separate-dirs: a directory's line leaves out its subdirectories;
# the total (-c) still has everything.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s/t && : > d/f && : > d/s/g && : > d/s/t/h \
  || framework_failure_ "cannot make d"

printf '2\td/s/t\n2\td/s\n2\td\n6\ttotal\n' > _exp
run_du --inodes -S -c d > _out 2> _err; check_status_ 0 $? "du -S"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du --inodes --separate-dirs -c d > _out 2> _err
compare _exp _out || fail=1

exit $fail
