#!/bin/sh
# rm -rfv on a slow file system (bench/latfs, 200 us a request, caching
# off, as a remote file system would be) does what GNU rm does there: the
# same stdout, stderr and exit status, each on a copy of the same tree,
# and nothing left of it in the source directory.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_gnu_ rm
for side in gnu ours; do
  latfs_tree_ $side/src/t
  mkdir $side/mnt || framework_failure_ "cannot make $side/mnt"
  latfs_mount_ $side/src $side/mnt delay_us=200
done

(cd gnu && PATH=$gnu_bin:$PATH && exec rm -rfv mnt/t) > _exp 2> _exp.err
echo "exit $?" >> _exp
(cd ours && run_rm -rfv mnt/t) > _out 2> _err
echo "exit $?" >> _out
compare _exp _out || fail=1
compare _exp.err _err || fail=1

for side in gnu ours; do
  latfs_umount_ $side/mnt || framework_failure_ "cannot unmount $side/mnt"
  list_ $side/src > _left
  compare /dev/null _left || { echo "$side: left in src" >&2; fail=1; }
done

exit $fail
