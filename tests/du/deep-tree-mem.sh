#!/bin/sh
# du -s on a chain of 100,000 directories with a file at each level
# (bench/gentree's "deep" tree), and on a bare chain d/d/.../d as deep,
# peaks at no more resident memory than GNU du on the same tree: what the
# walk keeps for each level (the directory's entry, the entries it has
# still to hand out, its place in the cycle set, du's sums) must stay as
# small as GNU's.  On ext4 (a loop image; root
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
test -x "$gentree" || framework_failure_ "bench/gentree not built"

mount_scratch_ext4_ 1G 262144
"$gentree" deep 100000 mnt/deep > /dev/null || framework_failure_ "cannot make deep"

# check_peak_ WHAT: du -s mnt/deep, GNU's then ours, the same output, and
# ours at no higher a peak RSS.
check_peak_ ()
{
  peak_rss_ "$gnu_du" -s mnt/deep; gnu=$peak_kib_
  mv _out _exp
  peak_rss_ "$du_" -s mnt/deep; ours=$peak_kib_
  compare _exp _out || fail=1
  echo "$1: peak RSS: GNU du $gnu KiB, ours $ours KiB"
  test "$ours" -le "$gnu" \
    || { echo "du -s $1: $ours KiB at peak, more than GNU's $gnu" >&2
         fail=1; }
}

check_peak_ deep
# A bare chain d/d/.../d: the directories' own entries are all there is.
rm -rf mnt/deep || framework_failure_ "cannot remove deep"
make_chain_ mnt/deep 100000
check_peak_ bare

exit $fail
