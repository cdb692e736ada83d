#!/bin/sh
# du -a on a file system whose server fails to read one directory
# (bench/latfs: t/d5's open fails with EIO, or its listing with ESTALE)
# prints what GNU du prints there: every other line, t/d5 counted alone,
# one message for t/d5, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_ du
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=opendir:t/d5:EIO du -a
faults_expect_ 1 "du: cannot read directory 'mnt/t/d5': Input/output error"

faults_case_ fault=readdir:t/d5:ESTALE du -a
faults_expect_ 1 "du: cannot read directory 'mnt/t/d5': Stale file handle"

exit $fail
