#!/bin/sh
# rm -rfv on a file system where a whole subtree is unreachable
# (bench/latfs: every request on t/d9 and below fails with ENOTCONN, as
# on a mount whose server is gone) does what GNU rm does there: one
# message for t/d9, nothing below it tried, the rest removed, t/d9 and t
# left, exit 1, the same stdout.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_gnu_ rm
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=any:t/d9/...:ENOTCONN rm -rfv
faults_expect_ 1 "rm: cannot remove 'mnt/t/d9': Transport endpoint is not connected"

exit $fail
