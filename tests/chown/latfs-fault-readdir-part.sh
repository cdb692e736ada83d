#!/bin/sh
# chown -Rv 1234:4321 on a file system whose server fails part way
# through one directory's listing (bench/latfs: t/d6 has 315 names, and
# each piece of its listing after the first fails with EIO) does what
# GNU chown does there: what was read of t/d6 changed, and everything
# outside it, the same stdout, one message for t/d6, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_tree_ () { faults_long_dir_tree_ "$1"; }
faults_case_ fault=readdir_more:t/d6:EIO chown -Rv 1234:4321
faults_expect_ 1 "chown: mnt/t/d6: Input/output error"

exit $fail
