#!/bin/sh
# A directory cycle that no mount point du can see explains (here: the
# bind mount's path cannot be stat-ed by the user du runs as, as on a
# corrupted file system): "WARNING: Circular directory structure." with
# GNU's explanation and the directory, exit 1; the rest is counted.  Not
# with -L (a cycle through symlinks is no corruption).  Root only: it
# bind-mounts, then runs du as nobody from inside a directory whose parent
# nobody cannot search.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_root_
require_unprivileged_
mkdir -p d/s/x && : > d/f || framework_failure_ "cannot make d"
mount_ --bind d d/s/x || skip_ "cannot bind-mount"

# nobody enters the work directory, waits until its parent is closed, then
# runs du on relative names, which still work.
$unpriv_ sh -c '
  touch ready && while test ! -e go; do sleep 0.1; done
  (PATH=$1:$PATH; exec du --inodes d) > _out 2> _err; echo $? > _st
  (PATH=$1:$PATH; exec du --inodes -L d) > _outL 2> _errL; echo $? > _stL
  touch done' sh "$du_bin_" &
n=0
while test ! -e ready && test $n -lt 100; do sleep 0.1; n=$((n + 1)); done
chmod 700 "$test_dir_" && touch go || framework_failure_ "cannot close $test_dir_"
wait
chmod 755 "$test_dir_"
test -e done || framework_failure_ "nobody's du did not run"

printf '1\td/s\n3\td\n' > _exp
cat > _exp.err <<'X'
du: WARNING: Circular directory structure.
This almost certainly means that you have a corrupted file system.
NOTIFY YOUR SYSTEM MANAGER.
The following directory is part of the cycle:
  d/s/x

X
check_status_ 1 "$(cat _st)" "du (cycle)"
compare _exp _out || fail=1
compare _exp.err _err || fail=1
check_status_ 0 "$(cat _stL)" "du -L (cycle)"
compare _exp _outL || fail=1
compare /dev/null _errL || fail=1

exit $fail
