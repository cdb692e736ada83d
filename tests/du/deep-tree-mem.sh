#!/bin/sh
# du -s on a chain of 100,000 directories with a file at each level
# (bench/gentree's "deep" tree) peaks at no more resident memory than GNU
# du on the same tree: what the walk keeps for each level (the directory's
# entry, the entries it has still to hand out, its place in the cycle set,
# du's sums) must stay as small as GNU's.  On ext4 (a loop image; root
# only), as issue 12 measured it: its name-hash order puts the
# subdirectory first at about half the levels, so that each of those
# keeps its file's entry while the walk is below it (on tmpfs every level
# does, and GNU's entries cost more than libfts's compact ones).  Skipped
# without GNU du, or with a sanitizer (its shadow memory would be most of
# the peak).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

is_sanitized_ "$du_" && skip_ "built with a sanitizer: peak RSS means nothing"
gnu_du=$(command -v du) && "$gnu_du" --version 2> /dev/null \
  | grep 'GNU coreutils' > /dev/null || skip_ "no GNU du to compare with"
gentree=$abs_top_builddir/bench/gentree
rusage=$abs_top_builddir/bench/rusage
test -x "$gentree" && test -x "$rusage" \
  || framework_failure_ "bench/gentree or bench/rusage not built"

mount_scratch_ext4_ 1G 262144
"$gentree" deep 100000 mnt/deep > /dev/null || framework_failure_ "cannot make deep"

# peak_kib_ PROGRAM ARGS...: run PROGRAM, its output in _out and _err, and
# print its peak RSS in KiB; fail unless it exits 0 and says nothing.
peak_kib_ ()
{
  rm -f _ru
  "$rusage" --out=_ru -- "$@" > _out 2> _err; st_=$?
  test $st_ = 0 || { echo "$*: exit $st_, not 0" >&2; fail=1; }
  compare /dev/null _err || fail=1
  sed -n 's/.*maxrss_kib=\([0-9]*\).*/\1/p' _ru
}

gnu=$(peak_kib_ "$gnu_du" -s mnt/deep)
mv _out _exp
ours=$(peak_kib_ "$du_" -s mnt/deep)
compare _exp _out || fail=1
echo "peak RSS: GNU du $gnu KiB, ours $ours KiB"
test -n "$gnu" && test -n "$ours" || framework_failure_ "no peak RSS from rusage"
test "$ours" -le "$gnu" \
  || { echo "du -s deep: $ours KiB at peak, more than GNU's $gnu" >&2; fail=1; }

exit $fail
