#!/bin/sh
# chmod -Rv g+w on a file system whose server fails to change a mode
# (bench/latfs: the setattr of t/d7/f3's mode fails with EIO; then that
# of directory t/d8's with ESTALE) does what GNU chmod does there: one
# message for it, everything else changed (below t/d8 too), the same
# stdout, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_gnu_ chmod
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=chmod:t/d7/f3:EIO chmod -Rv g+w
faults_expect_ 1 "chmod: changing permissions of 'mnt/t/d7/f3': Input/output error"

faults_case_ fault=chmod:t/d8:ESTALE chmod -Rv g+w
faults_expect_ 1 "chmod: changing permissions of 'mnt/t/d8': Stale file handle"

exit $fail
