#!/bin/sh
# chmod -Rv g+w on a file system whose server fails to look up one file
# (bench/latfs: every getattr of t/d7/f3, the lookup of its name
# included, fails with ESTALE) does what GNU chmod does there: everything
# else changed, the same stdout, one message for t/d7/f3, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_gnu_ chmod
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=getattr:t/d7/f3:ESTALE chmod -Rv g+w
faults_expect_ 1 "chmod: cannot access 'mnt/t/d7/f3': Stale file handle"

exit $fail
