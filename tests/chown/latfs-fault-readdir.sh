#!/bin/sh
# chown -Rv on a file system whose server fails to read one directory
# (bench/latfs: t/d5's open fails with EIO, or its listing with ESTALE)
# does what GNU chown does there: t/d5 and what is below it left as they
# were, everything else changed, the same stdout, one message for t/d5,
# exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=opendir:t/d5:EIO chown -Rv 1234:4321
faults_expect_ 1 "chown: cannot read directory 'mnt/t/d5': Input/output error"

faults_case_ fault=readdir:t/d5:ESTALE chown -Rv 1234:4321
faults_expect_ 1 "chown: cannot read directory 'mnt/t/d5': Stale file handle"

exit $fail
