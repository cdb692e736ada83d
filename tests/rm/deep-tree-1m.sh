#!/bin/sh
# A chain of 1,000,000 directories is removed completely by rm -rf: exit 0,
# nothing printed, nothing left.  On a tmpfs of its own when run as root
# (quicker to make, and no 4 GB of directory blocks on the disk); skipped if
# the chain cannot be made within 60 seconds on this machine.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdeep=$abs_top_builddir/tests/rm/mkdeep
test -x "$mkdeep" || framework_failure_ "tests/rm/mkdeep not built"

mkdir fs || framework_failure_ "cannot make fs"
if test "$(id -u)" = 0; then
  mount_ -t tmpfs -o mode=755,nr_inodes=0 tmpfs fs || skip_ "cannot mount a tmpfs"
fi
cd fs || framework_failure_ "cannot enter fs"

"$mkdeep" deep 1000000 60; st=$?
test $st = 77 && skip_ "1,000,000 levels take more than 60 s to make here"
test $st = 0 || framework_failure_ "cannot make deep"

run_rm -rf deep < /dev/null > ../_out 2> ../_err
check_status_ 0 $? "rm -rf deep"
compare /dev/null ../_out || fail=1
compare /dev/null ../_err || fail=1
test -e deep && { echo "deep is still there" >&2; fail=1; }

exit $fail
