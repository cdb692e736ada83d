#!/bin/sh
# rm -rfv on a file system whose server fails to look up one file
# (bench/latfs: every getattr of t/d7/f3, the lookup of its name
# included, fails with ESTALE) does what GNU rm does there: one message
# for t/d7/f3, the rest removed, t/d7 and t left, exit 1, the same
# stdout.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_gnu_ rm
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=getattr:t/d7/f3:ESTALE rm -rfv
faults_expect_ 1 "rm: cannot remove 'mnt/t/d7/f3': Stale file handle"

exit $fail
