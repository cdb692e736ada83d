#!/bin/sh
# -b/--bytes: --apparent-size --block-size=1 (directories count 0: GNU du
# 9.2 and later).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s && printf 12345 > d/f && printf 1234567 > d/s/g \
  || framework_failure_ "cannot make d"

printf '12\td\n5\td/f\n7\td/s\n7\td/s/g\n' > _exp
run_du -ab d > _out 2> _err; check_status_ 0 $? "du -ab"
LC_ALL=C sort -k2 _out > _sorted
compare _exp _sorted || fail=1
compare /dev/null _err || fail=1
run_du --bytes -s d/s/g > _out 2> _err; check_status_ 0 $? "du --bytes -s"
printf '7\td/s/g\n' > _exp
compare _exp _out || fail=1

exit $fail
