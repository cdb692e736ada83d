#!/bin/sh
# -x/--one-file-system: what is on another file system than its operand
# (here a tmpfs mounted inside the tree) is neither printed nor counted;
# an operand is always counted.  Root only (mount).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_root_
mkdir -p d/m d/s && : > d/f || framework_failure_ "cannot make d"
mount_ -t tmpfs tmpfs d/m || skip_ "cannot mount a tmpfs"
mkdir d/m/x && : > d/m/x/y || framework_failure_ "cannot fill the tmpfs"

printf '1\td/s\n3\td\n' > _exp
run_du --inodes -x d > _out 2> _err; check_status_ 0 $? "du -x"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du --inodes --one-file-system d > _out 2> _err
compare _exp _out || fail=1

printf '6\td\n3\td/m\n2\td/m/x\n1\td/s\n' > _exp    # sorted by name
run_du --inodes d > _out 2> _err; check_status_ 0 $? "du"
LC_ALL=C sort -k2 _out > _sorted
compare _exp _sorted || fail=1

printf '3\td/m\n' > _exp
run_du --inodes -xs d/m > _out 2> _err; check_status_ 0 $? "du -xs d/m"
compare _exp _out || fail=1

exit $fail
