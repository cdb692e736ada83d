#!/bin/sh
# rm -rfv on a file system whose server fails to read one directory
# (bench/latfs: t/d5's open fails with EIO, or its listing with ESTALE)
# does what GNU rm does there: the rest of the tree removed, t/d5 and t
# left, the same stdout, the same status (1), and one message for t/d5.
# The message gives the error of the read, as GNU rm after 9.1 does; 9.1
# says "Directory not empty" (its excise() reports the read's error only
# when it is EPERM or EACCES), and is compared so amended.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_gnu_ rm
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_gnu_91_="s|^\(rm: cannot remove 'mnt/t/d5'\): Directory not empty$|\1: Input/output error|"
faults_case_ fault=opendir:t/d5:EIO rm -rfv
faults_expect_ 1 "rm: cannot remove 'mnt/t/d5': Input/output error"

faults_gnu_91_="s|^\(rm: cannot remove 'mnt/t/d5'\): Directory not empty$|\1: Stale file handle|"
faults_case_ fault=readdir:t/d5:ESTALE rm -rfv
faults_expect_ 1 "rm: cannot remove 'mnt/t/d5': Stale file handle"

exit $fail
