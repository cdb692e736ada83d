#!/bin/sh
# On tmpfs, where sorting by inode buys nothing, libfts's file-system table
# leaves a large directory in readdir order (dirs_sorted=0), unless
# LIBFTS_INODE_SORT_FS=all asks it to sort on every file system.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

require_root_
for tool in mount umount; do
  command -v $tool > /dev/null || skip_ "$tool not found"
done

ours=$abs_top_builddir/tests/lib/fts-print-ours
test -x "$ours" || framework_failure_ "fts-print-ours not built"

n=20000

mkdir mnt && mount_ -t tmpfs -o size=64m,nr_inodes=65536 tmpfs mnt \
  || skip_ "cannot mount a tmpfs"
mkdir mnt/src mnt/d || framework_failure_ "mkdir mnt/src mnt/d"
# tmpfs numbers inodes in creation order and lists a directory in the order
# its entries were made (or the reverse); hard-linking the files into d,
# the even ones first, gives d a listing whose inode numbers go up, drop,
# and go up again.
(cd mnt/src && seq -f f%05g 1 $n | xargs touch \
   && { seq -f f%05g 2 2 $n; seq -f f%05g 1 2 $n; } | xargs ln -t ../d) \
  && rm -rf mnt/src || framework_failure_ "cannot create the files"

ls -f -i -1 mnt/d | awk '$2 != "." && $2 != ".." { print $1, $2 }' > readdir \
  || framework_failure_ "ls failed"
test $(wc -l < readdir) = $n || framework_failure_ "not $n files in mnt/d"
sort -n readdir > ascending
cmp -s readdir ascending && framework_failure_ "readdir order is inode order"

# The configured threshold must not be what keeps the directory unsorted.
default=$(sed -n 's/^#define LIBFTS_DEFAULT_INODE_SORT_THRESHOLD \([0-9]*\)$/\1/p' \
            "$abs_top_builddir/config.h")
if test -z "$default" || test "$default" -gt $n; then
  LIBFTS_INODE_SORT_THRESHOLD=$n
  export LIBFTS_INODE_SORT_THRESHOLD
fi

# By default: readdir order, nothing sorted.
"$ours" --inodes -s mnt/d > out.default 2> stats.default || fail=1
compare readdir out.default > diff.default \
  || { echo "default: not in readdir order" >&2; fail=1; }
grep -x 'dirs_sorted=0' stats.default > /dev/null \
  || { echo "default: dirs_sorted is not 0" >&2; cat stats.default >&2; fail=1; }

# With LIBFTS_INODE_SORT_FS=all: inode order.
LIBFTS_INODE_SORT_FS=all "$ours" --inodes -s mnt/d > out.all 2> stats.all \
  || fail=1
compare ascending out.all > diff.all \
  || { echo "all: not in inode order" >&2; fail=1; }
grep -x 'dirs_sorted=[1-9][0-9]*' stats.all > /dev/null \
  || { echo "all: dirs_sorted is not >= 1" >&2; cat stats.all >&2; fail=1; }

exit $fail
