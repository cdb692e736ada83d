#!/bin/sh
# On ext4, whose readdir order (the name hash) is not inode order, libfts
# hands out a large directory's entries in ascending inode order; the
# threshold comes from the configure default, LIBFTS_INODE_SORT_THRESHOLD
# and libfts_set_inode_sort_threshold, in increasing precedence, and the
# stream's dirs_sorted counter says whether it sorted.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

mount_scratch_ext4_ 256M 65536

ours=$abs_top_builddir/tests/lib/fts-print-ours
test -x "$ours" || framework_failure_ "fts-print-ours not built"

n=20000

mkdir mnt/d || framework_failure_ "mkdir mnt/d"
# Create them all, then replace every other one, so that the new files take
# the freed inodes and inode numbers interleave with creation order.
(cd mnt/d && seq -f f%05g 1 $n | xargs touch \
   && seq -f f%05g 1 2 $n | xargs rm -f \
   && seq -f g%05g 1 2 $n | xargs touch) \
  || framework_failure_ "cannot create the files"

# "INO NAME" in readdir order, "." and ".." dropped.
ls -f -i -1 mnt/d | awk '$2 != "." && $2 != ".." { print $1, $2 }' > readdir \
  || framework_failure_ "ls failed"
test $(wc -l < readdir) = $n || framework_failure_ "not $n files in mnt/d"
sort -n readdir > ascending
cmp -s readdir ascending && framework_failure_ "readdir order is inode order"

# walk NAME [VAR=VALUE...] [-- FTS-PRINT-OPTIONS...]: fts-print-ours
# --inodes -s on mnt/d in that environment; the entries go to out.NAME,
# the counters to stats.NAME.
walk ()
{
  name_=$1; shift
  env_=
  while test $# -gt 0 && test "$1" != --; do env_="$env_ $1"; shift; done
  test $# -gt 0 && shift
  env $env_ "$ours" --inodes -s "$@" mnt/d > out.$name_ 2> stats.$name_ \
    || { cat stats.$name_ >&2; fail=1; }
}

# expect NAME ascending|readdir: the order of out.NAME, and its counter.
expect ()
{
  if test $2 = ascending; then
    compare ascending out.$1 > diff.$1 || { echo "$1: not in inode order" >&2; fail=1; }
    grep -x 'dirs_sorted=[1-9][0-9]*' stats.$1 > /dev/null \
      || { echo "$1: dirs_sorted is not >= 1" >&2; cat stats.$1 >&2; fail=1; }
  else
    compare readdir out.$1 > diff.$1 || { echo "$1: not in readdir order" >&2; fail=1; }
    grep -x 'dirs_sorted=0' stats.$1 > /dev/null \
      || { echo "$1: dirs_sorted is not 0" >&2; cat stats.$1 >&2; fail=1; }
  fi
}

# (1) The configured default (10000 unless configure was told otherwise).
default=$(sed -n 's/^#define LIBFTS_DEFAULT_INODE_SORT_THRESHOLD \([0-9]*\)$/\1/p' \
            "$abs_top_builddir/config.h")
if test -n "$default" && test "$default" -le $n; then
  walk default; expect default ascending
else
  walk default; expect default readdir
fi
# (2) and (3): the environment.
walk env-off LIBFTS_INODE_SORT_THRESHOLD=off; expect env-off readdir
walk env-above LIBFTS_INODE_SORT_THRESHOLD=30000; expect env-above readdir
walk env-0 LIBFTS_INODE_SORT_THRESHOLD=0; expect env-0 ascending
walk env-equal LIBFTS_INODE_SORT_THRESHOLD=$n; expect env-equal ascending
# (4) The API wins over the environment.
walk api-off LIBFTS_INODE_SORT_THRESHOLD=0 -- -t off; expect api-off readdir
walk api-100 LIBFTS_INODE_SORT_THRESHOLD=off -- -t 100; expect api-100 ascending
# A comparison function is never overridden by the inode order.
walk compar LIBFTS_INODE_SORT_THRESHOLD=0 -- -c name
sort -k2 readdir > by-name
compare by-name out.compar || fail=1

exit $fail
