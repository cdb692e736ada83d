#!/bin/sh
# chown -Rv on a file system whose server stalls on one directory
# (bench/latfs: opening t/s takes 3 s) does what GNU chown does there
# (everything changed, the same stdout, nothing on stderr, exit 0), and
# with worker threads goes on with the rest of the tree, t/big,
# meanwhile.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_tree_ () { faults_stall_tree_ "$1"; }
faults_case_ stall=opendir:t/s:3000 chown -Rv 1234:4321
faults_expect_ 0
faults_went_on_

exit $fail
