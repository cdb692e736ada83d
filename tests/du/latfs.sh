#!/bin/sh
# du on a slow file system (bench/latfs, 200 us a request, caching off, as
# a remote file system would be) prints what GNU du prints there: du,
# du -a and du -s, the same stdout, stderr and exit status.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_du_
latfs_tree_ src/t
mkdir mnt || framework_failure_ "cannot make mnt"
latfs_mount_ src mnt delay_us=200

for opts in '' -a -s; do
  run_gnu_du_ $opts mnt/t > _exp 2> _exp.err; echo "exit $?" >> _exp
  run_du $opts mnt/t > _out 2> _err; echo "exit $?" >> _out
  compare _exp _out || { echo "du $opts: stdout differs" >&2; fail=1; }
  compare _exp.err _err || { echo "du $opts: stderr differs" >&2; fail=1; }
done

latfs_umount_ mnt || framework_failure_ "cannot unmount mnt"
exit $fail
