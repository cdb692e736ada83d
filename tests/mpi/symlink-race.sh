#!/bin/sh
# While mpi-rm -rf, mpi-chmod -R and mpi-chown -R run over a tree on four
# ranks, a helper (tests/rm/swap-helper) keeps swapping its directories
# t/dir/vN for symbolic links to a directory outside the tree, and back:
# the directories handed out to other ranks (t/dir/vN, and t/dir/vN/subK,
# whose taker reaches it through t/dir/vN from its own descriptor of the
# root) are swapped between the visit of the rank that met them and the
# opening on the rank that took them; each vN has five subdirectories,
# which the outside has too, so that a taker that followed the link would
# find something to change there.  Whatever the interleaving, nothing
# outside the tree is removed, changes mode or changes owner: six rounds
# of each program, the outside listed after every one.  (What the programs
# say, and what of the tree is left, depend on the race: not checked.)
# mpi-chown's rounds only as root, who may give files away.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

mpi_programs_ rm chmod chown

# Each round is a job of four ranks, one to three seconds here; the
# helper swaps some directory nearly all the time, a given one a fiftieth
# of it.  With a taker made to follow links (to its task's parent, its
# checks by device and inode gone; or to its task's directory), this
# failed in every run tried, in rm's first round mostly; with one
# subdirectory in each vN instead of five, it could pass ten rounds.
rounds=6 count=50 np=4
race_setup_ $count 4
rm -rf t || framework_failure_ "cannot remove t"

# The tree's directories handed out, summed over the rounds: evidence that
# other ranks than 0 walked it (LIBFTS_STATS_FILE, one record per rank).
spread=0
# count_spread_: add to spread the directories read by ranks other than
# the one that read the most.
count_spread_ ()
{
  k_=$(sed -n 's/^dirs_read=//p' _stats | sort -n | sed '$d' \
         | awk '{ n += $1 } END { print n + 0 }')
  spread=$((spread + k_))
  rm -f _stats
}

r=0
while test $fail = 0 && test $r -lt $rounds; do
  race_tree_
  LIBFTS_STATS_FILE=$PWD/_stats race_round_ $count run_mpi_ $np rm -rf t \
    || { echo "round $r (rm -rf): outside changed" >&2; fail=1; }
  count_spread_
  rm -rf t || framework_failure_ "cannot clean up t"
  r=$((r + 1))
done

race_tree_
met=0 r=0
while test $fail = 0 && test $r -lt $rounds; do
  case $((r % 2)) in 0) mode=777;; 1) mode=700;; esac
  LIBFTS_STATS_FILE=$PWD/_stats \
    race_round_ $count run_mpi_ $np chmod -Rv $mode t \
    || { echo "round $r (chmod -R $mode): outside changed" >&2; fail=1; }
  count_spread_
  met=$((met + $(grep -c "^neither symbolic link 't/dir/v" _out)))
  r=$((r + 1))
done

r=0
test "$(id -u)" = 0 || r=$rounds
while test $fail = 0 && test $r -lt $rounds; do
  case $((r % 4)) in
    0) opts='-R 1234';; 1) opts='-Rv 4321:4321';;
    2) opts='-R :1234';; 3) opts='-Rc 0:0';;
  esac
  # shellcheck disable=SC2086
  LIBFTS_STATS_FILE=$PWD/_stats race_round_ $count run_mpi_ $np chown $opts t \
    || { echo "round $r (chown $opts): outside changed" >&2; fail=1; }
  count_spread_
  r=$((r + 1))
done

test $fail = 1 || test $race_swaps_ -gt 0 \
  || framework_failure_ "the helper never swapped"
test $fail = 1 || test $spread -gt 0 \
  || framework_failure_ "no directory was walked by another rank than one"
# For the log: how often the race was run, and met.
echo "$test_name_: $race_swaps_ swaps, $spread directories read by the" \
  "other ranks, $met swapped links met by chmod" >&2

exit $fail
