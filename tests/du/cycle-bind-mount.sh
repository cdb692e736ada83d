#!/bin/sh
# A directory bind-mounted inside itself makes a cycle that du neither
# enters nor counts, silently: GNU du warns of a "corrupted file system"
# only when no mount point explains the cycle (cycle-warning.sh).  The
# same with -L.  Root only (mount --bind).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_root_
mkdir -p d/s/x && : > d/f || framework_failure_ "cannot make d"
mount_ --bind d d/s/x || skip_ "cannot bind-mount"

printf '1\td/s\n3\td\n' > _exp
for opt in -P -L; do
  run_du --inodes $opt d > _out 2> _err; check_status_ 0 $? "du $opt"
  compare _exp _out || { echo "for: du $opt" >&2; fail=1; }
  compare /dev/null _err || fail=1
done

exit $fail
