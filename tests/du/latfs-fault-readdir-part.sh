#!/bin/sh
# du -a on a file system whose server fails to read one directory's
# listing to its end (bench/latfs: t/d6 has 315 names, all given in the
# first piece of its listing, and the next piece fails with EIO) prints
# what GNU du prints there: every line, one message for t/d6, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_ du
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_tree_ () { faults_long_dir_tree_ "$1"; }
faults_case_ fault=readdir_more:t/d6:EIO du -a
faults_expect_ 1 "du: mnt/t/d6: Input/output error"

exit $fail
