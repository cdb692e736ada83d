#!/bin/sh
# rm -rfv on a file system whose server stalls on one directory
# (bench/latfs: opening t/s takes 3 s) does what GNU rm does there (the
# whole tree removed, the same stdout, nothing on stderr, exit 0), and
# with worker threads goes on with the rest of the tree, t/big,
# meanwhile.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_gnu_ rm
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_tree_ () { faults_stall_tree_ "$1"; }
faults_case_ stall=opendir:t/s:3000 rm -rfv
faults_expect_ 0
faults_went_on_

exit $fail
