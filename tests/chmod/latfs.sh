#!/bin/sh
# chmod -Rv g+w on a slow file system (bench/latfs, 200 us a request,
# caching off, as a remote file system would be) does what GNU chmod does
# there: the same stdout, stderr and exit status, each on a copy of the
# same tree, and the same modes left.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_gnu_ chmod
for side in gnu ours; do
  latfs_tree_ $side/src/t
  chmod -R g-w $side/src/t && chmod 700 $side/src/t/d5 \
    || framework_failure_ "cannot set the modes"
  mkdir $side/mnt || framework_failure_ "cannot make $side/mnt"
  latfs_mount_ $side/src $side/mnt delay_us=200
done

(cd gnu && PATH=$gnu_bin:$PATH && exec chmod -Rv g+w mnt/t) > _exp 2> _exp.err
echo "exit $?" >> _exp
(cd ours && run_chmod -Rv g+w mnt/t) > _out 2> _err
echo "exit $?" >> _out
compare _exp _out || fail=1
compare _exp.err _err || fail=1

for side in gnu ours; do
  (cd $side && find mnt/t -printf '%m %p\n' | sort) > _modes.$side
  latfs_umount_ $side/mnt || framework_failure_ "cannot unmount $side/mnt"
done
compare _modes.gnu _modes.ours || fail=1

exit $fail
