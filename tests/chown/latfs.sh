#!/bin/sh
# chown -Rv on a slow file system (bench/latfs, 200 us a request, caching
# off, as a remote file system would be) does what GNU chown does there:
# the same stdout, stderr and exit status, each on a copy of the same
# tree, and the same owners left (symbolic links' own included).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown
for side in gnu ours; do
  latfs_tree_ $side/src/t
  chown 1234:4321 $side/src/t/d7/f1 || framework_failure_ "cannot chown"
  mkdir $side/mnt || framework_failure_ "cannot make $side/mnt"
  latfs_mount_ $side/src $side/mnt delay_us=200
done

(cd gnu && PATH=$gnu_bin:$PATH && exec chown -Rv 1234:4321 mnt/t) \
  > _exp 2> _exp.err
echo "exit $?" >> _exp
(cd ours && run_chown -Rv 1234:4321 mnt/t) > _out 2> _err
echo "exit $?" >> _out
compare _exp _out || fail=1
compare _exp.err _err || fail=1

for side in gnu ours; do
  (cd $side && find mnt/t -printf '%U:%G %y %p\n' | sort) > _owners.$side
  latfs_umount_ $side/mnt || framework_failure_ "cannot unmount $side/mnt"
done
compare _owners.gnu _owners.ours || fail=1

exit $fail
