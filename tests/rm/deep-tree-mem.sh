#!/bin/sh
# rm -rf on a chain of 100,000 directories with a file at each level
# (bench/gentree's "deep" tree) peaks at no more resident memory than GNU
# rm on the same tree, on the sequential walk (LIBFTS_THREADS=1) and on the
# parallel one (deep-tree-mem.sh.threads4): what the walk keeps for each
# level (the directory's entry or node, the entries it has still to hand
# out, its place in the cycle set) must stay as small as GNU's.  On a
# tmpfs of its own when run as root.  Skipped without GNU rm, or with a
# sanitizer (its shadow memory would be most of the peak).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

is_sanitized_ "$rm_" && skip_ "built with a sanitizer: peak RSS means nothing"
gnu_rm=$(command -v rm) && "$gnu_rm" --version 2> /dev/null \
  | grep 'GNU coreutils' > /dev/null || skip_ "no GNU rm to compare with"
gentree=$abs_top_builddir/bench/gentree
rusage=$abs_top_builddir/bench/rusage
test -x "$gentree" && test -x "$rusage" \
  || framework_failure_ "bench/gentree or bench/rusage not built"

mkdir fs || framework_failure_ "cannot make fs"
if test "$(id -u)" = 0; then
  mount_ -t tmpfs -o mode=755,nr_inodes=0 tmpfs fs || skip_ "cannot mount a tmpfs"
fi

# peak_kib_ PROGRAM: make the tree, remove it with PROGRAM -rf and print
# its peak RSS in KiB; fail unless it exits 0, says nothing and leaves
# nothing.
peak_kib_ ()
{
  "$gentree" deep 100000 fs/deep > /dev/null \
    || framework_failure_ "cannot make deep"
  rm -f _ru
  "$rusage" --out=_ru -- "$1" -rf fs/deep < /dev/null > _out 2> _err; st_=$?
  test $st_ = 0 || { echo "$1 -rf: exit $st_, not 0" >&2; fail=1; }
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
  test -e fs/deep && { echo "$1 -rf: deep is still there" >&2; fail=1; }
  sed -n 's/.*maxrss_kib=\([0-9]*\).*/\1/p' _ru
}

gnu=$(peak_kib_ "$gnu_rm")
ours=$(peak_kib_ "$rm_")
echo "peak RSS: GNU rm $gnu KiB, ours $ours KiB (LIBFTS_THREADS=$LIBFTS_THREADS)"
test -n "$gnu" && test -n "$ours" || framework_failure_ "no peak RSS from rusage"
test "$ours" -le "$gnu" \
  || { echo "rm -rf deep: $ours KiB at peak, more than GNU's $gnu" >&2; fail=1; }

exit $fail
