#!/bin/sh
# chmod -Rv g+w on a file system whose server fails to read one
# directory (bench/latfs: t/d5's open fails with EIO, or its listing with
# ESTALE) does what GNU chmod does there: t/d5 changed, nothing below it,
# everything else changed, the same stdout, one message for t/d5, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_gnu_ chmod
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=opendir:t/d5:EIO chmod -Rv g+w
faults_expect_ 1 "chmod: cannot read directory 'mnt/t/d5': Input/output error"

faults_case_ fault=readdir:t/d5:ESTALE chmod -Rv g+w
faults_expect_ 1 "chmod: cannot read directory 'mnt/t/d5': Stale file handle"

exit $fail
