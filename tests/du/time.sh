#!/bin/sh
# --time: after the size, the latest modification time of anything in the
# directory (itself included), long-iso by default, in the TZ time zone.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

TZ=UTC0
export TZ
mkdir -p d/s && : > d/f && : > d/s/g || framework_failure_ "cannot make d"
touch -d '2020-01-02 03:04:05.123456789' d/s/g \
  && touch -d '2019-05-06 07:08:09' d/f d/s d \
  || framework_failure_ "cannot set times"

printf '2\t2020-01-02 03:04\td/s\n4\t2020-01-02 03:04\td\n' > _exp
run_du --inodes --time d > _out 2> _err; check_status_ 0 $? "du --time"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

printf '1\t2019-05-06 07:08\td/f\n' > _exp
run_du --inodes --time d/f > _out 2> _err; check_status_ 0 $? "du --time d/f"
compare _exp _out || fail=1

# Another time zone.
printf '1\t2019-05-06 09:08\td/f\n' > _exp
TZ=XXX-2 run_du --inodes --time d/f > _out 2> _err
check_status_ 0 $? "TZ=XXX-2 du --time"
compare _exp _out || fail=1

exit $fail
