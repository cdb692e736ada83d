#!/bin/sh
# du -c --time where no operand could be counted: the total line's time is
# the epoch, as GNU du's (its total starts at zero), not an error that the
# time is out of range.  Found by tests/fuzz/fuzz.sh (seed 229009838).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

printf '0\t1970-01-01 00:00\ttotal\n' > _exp
echo "du: cannot access 'missing': No such file or directory" > _exp.err
(TZ=UTC0 && export TZ && run_du -c --time missing) > _out 2> _err
check_status_ 1 $? "du -c --time missing"
compare _exp _out || fail=1
compare _exp.err _err || fail=1

exit $fail
