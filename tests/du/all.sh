#!/bin/sh
# -a/--all: a line for every file too, each directory after its contents;
# without it, directories only.  (--inodes: numbers that do not depend on
# the file system.)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s && : > d/s/g || framework_failure_ "cannot make d"

printf '1\td/s/g\n2\td/s\n3\td\n' > _exp
run_du --inodes -a d > _out 2> _err; check_status_ 0 $? "du -a"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du --inodes --all d > _out 2> _err; check_status_ 0 $? "du --all"
compare _exp _out || fail=1

printf '2\td/s\n3\td\n' > _exp
run_du --inodes d > _out 2> _err; check_status_ 0 $? "du"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
