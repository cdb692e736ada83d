#!/bin/sh
# chown -Rv on a file system where a whole subtree is unreachable
# (bench/latfs: every request on t/d9 and below fails with ENOTCONN, as
# on a mount whose server is gone) does what GNU chown does there:
# everything outside t/d9 changed, the same stdout, one message for
# t/d9, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=any:t/d9/...:ENOTCONN chown -Rv 1234:4321
faults_expect_ 1 "chown: cannot access 'mnt/t/d9': Transport endpoint is not connected"

exit $fail
