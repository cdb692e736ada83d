#!/bin/sh
# rm -rfv on a file system whose server fails part way through one
# directory's listing (bench/latfs: t/d6 has 315 names, and each piece
# of its listing after the first fails with EIO) does what GNU rm does
# there: what was read removed, everything else too, the same stdout,
# "traversal failed" for t/d6, then "cannot remove 'mnt/t': Directory
# not empty" (GNU marks no ancestor at FTS_ERR, so t's rmdir is tried:
# 9.1, and the later remove.c alike), exit 1.  Ours said nothing for t.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_gnu_ rm
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_tree_ () { faults_long_dir_tree_ "$1"; }
faults_case_ fault=readdir_more:t/d6:EIO rm -rfv
faults_expect_ 1 "rm: traversal failed: mnt/t/d6: Input/output error" \
  "rm: cannot remove 'mnt/t': Directory not empty"

exit $fail
