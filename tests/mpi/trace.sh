#!/bin/sh
# LIBFTS_MPI_TRACE=PREFIX: each rank writes PREFIX.RANK, a "# walk" line
# at each walk's start and then lines of 15 columns (mpi/fts-mpi-trace.c),
# its own rank first and its budget's size fifth; the tasks the other
# ranks got are counted; bench/mpi-trace sums the files.  What the
# program prints does not change.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_gnu_ du

mkdir -p t && (cd t && for i in $(seq 12); do
    mkdir d$i && (cd d$i && seq -f f%g 5 | xargs touch) || exit 1
  done) || framework_failure_ "cannot make the tree"
"$gnu_bin/du" -a t > exp || framework_failure_ "GNU du failed"

LIBFTS_INFLIGHT=3
export LIBFTS_INFLIGHT
for np in 1 2; do
  rm -rf tr && mkdir tr || framework_failure_ "cannot make tr"
  LIBFTS_MPI_TRACE=$PWD/tr/walk run_mpi_ $np du -a t > out 2> err \
    || { cat err; fail=1; }
  compare exp out || fail=1
  rank=0
  while test $rank -lt $np; do
    f=tr/walk.$rank
    test -s $f || { echo "no trace from rank $rank" >&2; fail=1; }
    test "$(head -n 1 $f | cut -d' ' -f1-2)" = '# walk' \
      || { echo "$f: no walk line first" >&2; fail=1; }
    grep -v '^# walk ' $f | awk -F'\t' -v r=$rank '
      NF != 15 || $1 != r || $5 != 3 { bad++ } END { exit bad > 0 || NR < 1 }' \
      || { echo "$f: bad lines:" >&2; cat $f >&2; fail=1; }
    rank=$((rank + 1))
  done
  # The tasks that rank 1 got (a walk spreads over every rank:
  # LIBFTS_MPI_SPREAD, tests/mpi/mpi-init.sh).
  if test $np = 2; then
    got=$(grep -v '^#' tr/walk.1 | tail -n 1 | cut -f10)
    test "${got:-0}" -ge 1 || { echo "rank 1 got no task" >&2; fail=1; }
  fi
  "$abs_top_srcdir/bench/mpi-trace" tr/walk > sum || fail=1
  grep "^walk of [0-9]* ms, $np ranks\$" sum > /dev/null \
    || { cat sum; fail=1; }
done

# Without it, no file.
rm -rf tr && mkdir tr
run_mpi_ 2 du -a t > out 2> err || fail=1
compare exp out || fail=1
test -z "$(ls tr)" || fail=1

exit $fail
