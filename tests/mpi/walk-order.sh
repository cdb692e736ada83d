#!/bin/sh
# The MPI walk at -np 1, 2 and 4 reports every entry once, with its path
# and depth, in exactly the order of a sequential fts_read walk
# (tests/lib/fts-print-ours), pre-order and post-order, though ranks
# other than 0 walk subtrees of it: directories 60 deep, symbolic links,
# hard links, and a directory of 12,000 entries (handed out in inode
# order, in chunks, by both).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

walk_print=$abs_top_builddir/tests/mpi/walk-print
fts_print=$abs_top_builddir/tests/lib/fts-print-ours
test -x "$walk_print" && test -x "$fts_print" \
  || framework_failure_ "walk-print or fts-print-ours is not built"
ln -s "$walk_print" "$mpi_bin_/walk-print" \
  || framework_failure_ "cannot link walk-print"

for i in 0 1 2 3 4 5 6 7 8 9; do
  mkdir -p T/d$i/a/b T/d$i/c && : > T/d$i/f && : > T/d$i/a/b/g \
    && ln -s ../f T/d$i/a/l && ln -s nowhere T/d$i/c/dangling \
    && ln T/d$i/f T/d$i/c/h || framework_failure_ "cannot make T/d$i"
done
p=T/deep
i=1
while test $i -le 60; do
  p=$p/l$i
  i=$((i + 1))
done
mkdir -p $p && : > $p/end || framework_failure_ "cannot make T/deep"
mkdir T/big && (cd T/big && seq -f 'e%05g' 1 12000 | xargs touch) \
  && mkdir T/big/sub1 T/big/sub2 && : > T/big/sub2/x \
  || framework_failure_ "cannot make T/big"

"$fts_print" T > _exp 2>&1 || framework_failure_ "fts-print-ours failed"
for np in $mpi_np_list_; do
  run_mpi_ $np walk-print T > _out 2> _err
  check_status_ 0 $? "-np $np walk-print T"
  compare _exp _out || { echo "-np $np: not fts_read's order" >&2; fail=1; }
  compare /dev/null _err || fail=1
done

exit $fail
