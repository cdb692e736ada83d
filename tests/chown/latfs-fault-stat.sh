#!/bin/sh
# chown -Rv on a file system whose server fails to look up one file
# (bench/latfs: every getattr of t/d7/f3, the lookup of its name
# included, fails with ESTALE) does what GNU chown does there (-v stats
# each file, so the message is about access): everything else changed,
# the same stdout, one message for t/d7/f3, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=getattr:t/d7/f3:ESTALE chown -Rv 1234:4321
faults_expect_ 1 "chown: cannot access 'mnt/t/d7/f3': Stale file handle"

exit $fail
