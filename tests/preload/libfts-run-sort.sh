#!/bin/sh
# libfts-run --stats runs an unmodified tclsh on libfts and reports what the
# library did: 'file delete -force' of a tree on ext4 with one directory of
# 3,000 files, above a threshold of 1,000, read 3 directories, sorted that
# one by inode, met one ext4 device whose policy is to sort, and removed
# the tree.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

. "$abs_top_srcdir/tests/preload/tcl-init.sh"

run=$abs_top_builddir/src/libfts-run
gentree=$abs_top_builddir/bench/gentree
test -x "$run" || framework_failure_ "$run not built"
test -x "$gentree" || framework_failure_ "$gentree not built"

mount_scratch_ext4_ 64M 16384

mkdir mnt/tree mnt/tree/small && : > mnt/tree/small/f \
  && "$gentree" flat 3000 mnt/tree/big > /dev/null \
  || framework_failure_ "cannot make the tree"
test $(ls -f mnt/tree/big | wc -l) = 3002 || framework_failure_ "not 3000 files"

echo 'file delete -force [lindex $argv 0]' > delete.tcl

LIBFTS_INODE_SORT_THRESHOLD=1000 \
  "$run" --stats --library="$so" "$TCLSH" delete.tcl mnt/tree > out 2> report \
  || { cat report; fail=1; }
compare /dev/null out || fail=1
test -e mnt/tree && { echo "mnt/tree is still there" >&2; fail=1; }

# The report, less what depends on the machine (pid, time, system calls).
grep -v -E '^(pid|sort_nsec|stat_calls|dir_opens|dir_reopens)=' report > got
cat > exp <<'EOT'
program=tclsh
streams=1
dirs_read=3
dirs_sorted=1
entries=3003
statfs_calls=1
inode_sort_threshold=1000
fs_policy=table
fs=ext2/3/4 devices=1 policy=sort
EOT
compare exp got || fail=1

exit $fail
