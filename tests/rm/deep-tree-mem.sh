#!/bin/sh
# rm -rf on a chain of 100,000 directories peaks at no more resident
# memory than GNU rm on the same tree, on the sequential walk
# (LIBFTS_THREADS=1) and on the parallel one (deep-tree-mem.sh.threads4):
# what the walk keeps for each level (the directory's entry or node, the
# entries it has still to hand out, its place in the cycle set) must stay
# as small as GNU's.  Two chains: bench/gentree's "deep" tree, a file at
# each level, and a bare chain d/d/.../d, where the directories' own
# entries are all there is (there a stat buffer kept for each, which rm
# never asked for, made ours 18% larger than GNU's).  On a tmpfs of its
# own when run as root.  Skipped without GNU rm, or with a sanitizer (its
# shadow memory would be most of the peak).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

is_sanitized_ "$rm_" && skip_ "built with a sanitizer: peak RSS means nothing"
gnu_rm=$(command -v rm) && "$gnu_rm" --version 2> /dev/null \
  | grep 'GNU coreutils' > /dev/null || skip_ "no GNU rm to compare with"
gentree=$abs_top_builddir/bench/gentree
test -x "$gentree" || framework_failure_ "bench/gentree not built"

mkdir fs || framework_failure_ "cannot make fs"
if test "$(id -u)" = 0; then
  mount_ -t tmpfs -o mode=755,nr_inodes=0 tmpfs fs || skip_ "cannot mount a tmpfs"
fi

# make_tree_ KIND: fs/deep, gentree's deep tree (KIND deep) or a bare
# chain of as many directories (KIND bare).
make_tree_ ()
{
  if test "$1" = bare; then
    make_chain_ fs/deep 100000
  else
    "$gentree" deep 100000 fs/deep > /dev/null \
      || framework_failure_ "cannot make deep"
  fi
}

# rm_peak_ KIND PROGRAM: remove a fresh KIND tree with PROGRAM -rf and set
# peak_kib_ to its peak RSS in KiB; fail unless it exits 0, says nothing
# and leaves nothing.
rm_peak_ ()
{
  make_tree_ "$1"
  peak_rss_ "$2" -rf fs/deep
  compare /dev/null _out || fail=1
  test -e fs/deep && { echo "$2 -rf: deep is still there" >&2; fail=1; }
}

for kind in deep bare; do
  rm_peak_ $kind "$gnu_rm"; gnu=$peak_kib_
  rm_peak_ $kind "$rm_"; ours=$peak_kib_
  echo "$kind: peak RSS: GNU rm $gnu KiB, ours $ours KiB" \
       "(LIBFTS_THREADS=$LIBFTS_THREADS)"
  test "$ours" -le "$gnu" \
    || { echo "rm -rf $kind: $ours KiB at peak, more than GNU's $gnu" >&2
         fail=1; }
done

exit $fail
