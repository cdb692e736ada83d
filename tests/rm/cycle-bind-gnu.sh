#!/bin/sh
# A directory bind-mounted below itself, removed as GNU rm 9.1 removes it:
# the cycle is found where its fts's lazy check finds it (not at its first
# repeat: on shape 2 it walks through, and rmdir fails with EBUSY on the
# mount point's copy), the warning and then the entry after the cycle left
# alone, its parent's rmdir failing "Directory not empty".  Same stdout,
# stderr, exit status and tree left as GNU rm on each shape of
# bind_cycle_tree_ (tests/init.sh), whatever the threads.  Root only.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_root_
require_gnu_ rm

compare_cycles_with_gnu_ rm -rf
compare_cycles_with_gnu_ rm -rfv

exit $fail
