#!/bin/sh
# A write error on standard output (/dev/full) is fatal at once, as in GNU
# du 9.10 and later ("write error", exit 1): du does not go on to the next
# operands (9.1 walks everything first, and so also reports that 'nothere'
# is missing, and then says "write error" without the reason).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

test -w /dev/full || skip_ "no /dev/full"
mkdir -p d/s || framework_failure_ "cannot make d"

echo "du: write error: No space left on device" > _exp.err
run_du d nothere > /dev/full 2> _err; check_status_ 1 $? "du > /dev/full"
compare _exp.err _err || fail=1

exit $fail
