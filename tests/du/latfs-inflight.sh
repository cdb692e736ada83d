#!/bin/sh
# A walk never has more requests in flight than its threads: du -s with
# LIBFTS_THREADS=N (1 or 4, as make check runs the script) on a slow file
# system (bench/latfs, which counts the requests it serves at once) keeps
# at most N requests waiting there.
#
# latfs counts only the requests a caller waits for: the kernel sends
# RELEASE and RELEASEDIR after close(2) has returned, in the background
# (see bench/latfs.c).  Measured on Linux 6.18 with this tree, 200 us a
# request: at most 1, 4 and 8 requests with 1, 4 and 8 threads, every
# time; with the releases, 2, 6 to 7 and 11 to 12.  So the bound is the
# threads themselves, with nothing added.  The tree is wide enough to keep
# eight threads busy (forty directories of thirty files and a subdirectory
# of two; without the subdirectories the walk kept only two requests in
# flight with eight threads): an assertion of 4 fails with
# LIBFTS_THREADS=8 (8 requests in flight).
#
# Then the storage sets the pace: with LIBFTS_THREADS=2 and
# LIBFTS_INFLIGHT=12, du keeps more than 2 requests in flight on latfs
# (FUSE: requests wait on a server), never more than 12; and with a local
# root walked first on 4 threads, LIBFTS_INFLIGHT=2 still bounds what
# latfs sees to 2 (threads started for the local root wait their turn).
#
# In one flat directory too: its entries are shared among the threads,
# and latfs -o parallel_lookups (libfuse 3.14 and later) lets the kernel
# look them up in parallel, so du -s of 300 files keeps more than 2 requests in flight
# with LIBFTS_THREADS=2 LIBFTS_INFLIGHT=12, never more than 12 (measured:
# 12; with LIBFTS_STORAGE=local, which walks it as on a local disk, 1).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

threads=${LIBFTS_THREADS:-4}
LATFS_MORE=
mkdir -p src/t mnt && (cd src/t && for i in $(seq 40); do
    mkdir -p d$i/s && (cd d$i && seq -f f%g 30 | xargs touch && touch s/a s/b) \
      || exit 1
  done) || framework_failure_ "cannot make the tree"
cp -R src/t local || framework_failure_ "cannot copy the tree"
mkdir src/f && (cd src/f && seq -f f%g 300 | xargs touch) \
  || framework_failure_ "cannot make the flat directory"
TREE=t

# du_inflight ENV...: run du -s with ENV on the mount (after the roots in
# ROOTS, if any), and set max to the most requests latfs had in flight.
du_inflight ()
{
  latfs_mount_ src mnt delay_us=200$LATFS_MORE
  (PATH=$du_bin_:$PATH; exec env "$@" du -s $ROOTS mnt/$TREE) > _out 2> _err
  check_status_ 0 $? "du -s ($*)"
  compare /dev/null _err || fail=1
  latfs_umount_ mnt || framework_failure_ "cannot unmount mnt"
  max=$(latfs_stat_ mnt max_inflight)
  parallel=$(latfs_stat_ mnt parallel_lookups)
  now=$(latfs_stat_ mnt inflight_now)
  test -n "$max" && test "$now" = 0 \
    || framework_failure_ "latfs's stats: max_inflight '$max', inflight_now '$now'"
  echo "$test_name_: at most $max requests in flight with $*" >&2
}

ROOTS=; du_inflight LIBFTS_THREADS=$threads
test "$max" -le "$threads" \
  || { echo "$max requests in flight with $threads threads" >&2; fail=1; }

du_inflight LIBFTS_THREADS=2 LIBFTS_INFLIGHT=12
test "$max" -gt 2 && test "$max" -le 12 \
  || { echo "$max requests in flight: 3 to 12 expected" >&2; fail=1; }

ROOTS=local; du_inflight LIBFTS_THREADS=4 LIBFTS_INFLIGHT=2
test "$max" -le 2 \
  || { echo "$max requests in flight over a bound of 2" >&2; fail=1; }

ROOTS= TREE=f LATFS_MORE=,parallel_lookups; du_inflight LIBFTS_THREADS=2 LIBFTS_INFLIGHT=12
if test "$parallel" = 1; then
  test "$max" -gt 2 && test "$max" -le 12 \
    || { echo "flat: $max requests in flight: 3 to 12 expected" >&2; fail=1; }
else
  echo "$test_name_: latfs looks names up one at a time here (libfuse before 3.14)" >&2
  test "$max" -le 12 || { echo "flat: $max requests over 12" >&2; fail=1; }
fi

exit $fail
