#!/bin/sh
# chmod -Rv g+w on a file system where a whole subtree is unreachable
# (bench/latfs: every request on t/d9 and below fails with ENOTCONN, as
# on a mount whose server is gone) does what GNU chmod does there:
# everything outside t/d9 changed, the same stdout, one message for
# t/d9, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_gnu_ chmod
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=any:t/d9/...:ENOTCONN chmod -Rv g+w
faults_expect_ 1 "chmod: cannot access 'mnt/t/d9': Transport endpoint is not connected"

exit $fail
