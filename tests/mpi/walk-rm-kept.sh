#!/bin/sh
# What stays below a directory handed to another rank keeps its
# ancestors on every rank, as rm keeps them: a mount point that cannot be
# removed (EBUSY) deep in a subtree that another rank takes is reported
# once, and its ancestors, on whichever rank, are left without a
# "Directory not empty" (the flag comes back with the subtree's end:
# libfts_walk_roots_flagged, libfts_walk_release).  At -np 1, 2 and 4.
# Root only (mount).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_root_
walk_print=$abs_top_builddir/tests/mpi/walk-print
fts_print=$abs_top_builddir/tests/lib/fts-print-ours
test -x "$walk_print" && test -x "$fts_print" \
  || framework_failure_ "walk-print or fts-print-ours is not built"
ln -s "$walk_print" "$mpi_bin_/walk-print" \
  || framework_failure_ "cannot link walk-print"

for np in $mpi_np_list_; do
  for i in 0 1 2 3 4 5 6 7; do
    mkdir -p T/d$i/a/b/m T/d$i/e && : > T/d$i/f && : > T/d$i/a/b/g \
      || framework_failure_ "cannot make T/d$i"
  done
  mount_ -t tmpfs tmpfs T/d5/a/b/m || skip_ "cannot mount a tmpfs"
  : > T/d5/a/b/m/x || framework_failure_ "cannot fill the tmpfs"
  "$fts_print" T > _seq 2>&1 || framework_failure_ "fts-print-ours failed"
  # What walk-print --rm says: the mount point's failure after its line,
  # its ancestors left.
  awk '
    $1 == "FTS_DP" && $3 == "T/d5/a/b/m" { print; print "remove " $3 ": EBUSY"; next }
    $1 == "FTS_DP" && ($3 == "T/d5/a/b" || $3 == "T/d5/a" || $3 == "T/d5" \
                       || $3 == "T") { print $0 " left"; next }
    { print }' _seq > _exp
  run_mpi_ $np walk-print --rm T > _out 2> _err
  check_status_ 1 $? "-np $np walk-print --rm T"
  compare _exp _out || { echo "-np $np: not rm's removals" >&2; fail=1; }
  find T | LC_ALL=C sort > _left
  printf '%s\n' T T/d5 T/d5/a T/d5/a/b T/d5/a/b/m > _exp_left
  compare _exp_left _left || fail=1
  umount T/d5/a/b/m && rm -rf T || framework_failure_ "cannot clean up"
done

exit $fail
