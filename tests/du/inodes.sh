#!/bin/sh
# --inodes: counts inodes (files, directories, links...), not blocks; -b
# and --apparent-size then do nothing, with a warning, and the unit is 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s && head -c 5000 /dev/zero > d/f && ln -s f d/l && mkfifo d/p \
  || framework_failure_ "cannot make d"

printf '1\td/s\n5\td\n' > _exp
run_du --inodes d > _out 2> _err; check_status_ 0 $? "du --inodes"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du --inodes -k d > _out 2> _err; check_status_ 0 $? "du --inodes -k"
compare _exp _out || fail=1

echo "du: warning: options --apparent-size and -b are ineffective with --inodes" > _exp.err
for opt in -b --apparent-size; do
  run_du --inodes $opt d > _out 2> _err; check_status_ 0 $? "du --inodes $opt"
  compare _exp _out || fail=1
  compare _exp.err _err || fail=1
done

exit $fail
