#!/bin/sh
# A directory that cannot be read: "cannot read directory", exit 1; its
# own size still counts, and everything readable is still summed and
# printed.  Run as nobody when root.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_unprivileged_
as_user_ mkdir -p d/u d/s && as_user_ touch d/u/f d/s/g \
  && as_user_ chmod 0 d/u || framework_failure_ "cannot make d"

printf '1\td/u\n2\td/s\n4\td\n' > _exp
echo "du: cannot read directory 'd/u': Permission denied" > _exp.err
run_du --inodes d > _out 2> _err; check_status_ 1 $? "du"
LC_ALL=C sort -k2 _out > _sorted
printf '4\td\n2\td/s\n1\td/u\n' > _exp
compare _exp _sorted || fail=1
compare _exp.err _err || fail=1

# As an operand.
printf '1\td/u\n' > _exp
run_du --inodes d/u > _out 2> _err; check_status_ 1 $? "du d/u"
compare _exp _out || fail=1
compare _exp.err _err || fail=1

exit $fail
