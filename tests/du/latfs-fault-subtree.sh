#!/bin/sh
# du -a on a file system where a whole subtree is unreachable
# (bench/latfs: every request on t/d9 and below fails with ENOTCONN, as
# on a mount whose server is gone) prints what GNU du prints there: every
# line outside t/d9, one message for t/d9, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_ du
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=any:t/d9/...:ENOTCONN du -a
faults_expect_ 1 "du: cannot access 'mnt/t/d9': Transport endpoint is not connected"

exit $fail
