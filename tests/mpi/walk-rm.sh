#!/bin/sh
# Removal post-order across ranks (LIBFTS_MPI_POSTORDER): a directory is
# removed at its post-order visit only once the subdirectories it handed
# to other ranks are gone there, so that rm -r over the MPI walk at -np 1,
# 2 and 4 removes the whole tree with no "Directory not empty", every
# entry reported once in fts_read's order.  (Without the option, as
# tests/mpi/walk-print --rm-early shows, the parents of subdirectories
# handed out fail with ENOTEMPTY.)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

walk_print=$abs_top_builddir/tests/mpi/walk-print
fts_print=$abs_top_builddir/tests/lib/fts-print-ours
test -x "$walk_print" && test -x "$fts_print" \
  || framework_failure_ "walk-print or fts-print-ours is not built"
ln -s "$walk_print" "$mpi_bin_/walk-print" \
  || framework_failure_ "cannot link walk-print"

# make_tree_: T/dN/a/b/c with files at each level, and T/dN/e, N = 0..11.
make_tree_ ()
{
  for i in 0 1 2 3 4 5 6 7 8 9 10 11; do
    mkdir -p T/d$i/a/b/c T/d$i/e && : > T/d$i/f && : > T/d$i/a/g \
      && : > T/d$i/a/b/c/h || framework_failure_ "cannot make T/d$i"
  done
}

for np in $mpi_np_list_; do
  make_tree_
  "$fts_print" T > _exp 2>&1 || framework_failure_ "fts-print-ours failed"
  run_mpi_ $np walk-print --rm T > _out 2> _err
  check_status_ 0 $? "-np $np walk-print --rm T"
  compare _exp _out || { echo "-np $np: not removed in order" >&2; fail=1; }
  compare /dev/null _err || fail=1
  test ! -e T || { echo "-np $np: T is still there" >&2; fail=1
                   rm -rf T; }
done

exit $fail
