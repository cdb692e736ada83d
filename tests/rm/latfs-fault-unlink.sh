#!/bin/sh
# rm -rfv on a file system whose server fails to unlink one file
# (bench/latfs: the unlink of t/d7/f3 fails with EIO) does what GNU rm
# does there: one message for t/d7/f3, none for t/d7 and t (left, not
# empty), the rest removed, exit 1, the same stdout.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_gnu_ rm
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=unlink:t/d7/f3:EIO rm -rfv
faults_expect_ 1 "rm: cannot remove 'mnt/t/d7/f3': Input/output error"

exit $fail
