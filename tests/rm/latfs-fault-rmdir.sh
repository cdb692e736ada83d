#!/bin/sh
# rm -rfv on a file system whose server fails to remove one directory
# (bench/latfs: the rmdir of t/d7 fails with ESTALE, once its files are
# gone) does what GNU rm does there: one message for t/d7, the rest
# removed, t/d7 (empty) and t left, exit 1, the same stdout.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_gnu_ rm
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=rmdir:t/d7:ESTALE rm -rfv
faults_expect_ 1 "rm: cannot remove 'mnt/t/d7': Stale file handle"

exit $fail
