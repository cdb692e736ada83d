#!/bin/sh
# du -s within 32 descriptors (ulimit -n 32) on a slow file system
# (bench/latfs, 200 us a request), with a chain of directories deeper than
# that, prints what GNU du prints there with no such limit.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_du_
latfs_tree_ src/t
make_chain_ src/t/deep 48
mkdir mnt || framework_failure_ "cannot make mnt"
latfs_mount_ src mnt delay_us=200

for opts in -s -a; do
  run_gnu_du_ $opts mnt/t > _exp 2> _exp.err; echo "exit $?" >> _exp
  (ulimit -n 32 && run_du $opts mnt/t) > _out 2> _err; echo "exit $?" >> _out
  compare _exp _out || { echo "du $opts: stdout differs" >&2; fail=1; }
  compare _exp.err _err || { echo "du $opts: stderr differs" >&2; fail=1; }
done

latfs_umount_ mnt || framework_failure_ "cannot unmount mnt"
exit $fail
