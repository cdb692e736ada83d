#!/bin/sh
# du -a on a file system whose server fails to look up one file
# (bench/latfs: every getattr of t/d7/f3, the lookup of its name
# included, fails with ESTALE) prints what GNU du prints there: every
# other line, t/d7/f3 left out of them, one message for it, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_ du
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=getattr:t/d7/f3:ESTALE du -a
faults_expect_ 1 "du: cannot access 'mnt/t/d7/f3': Stale file handle"

exit $fail
