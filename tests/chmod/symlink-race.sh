#!/bin/sh
# While chmod -R changes a tree, a helper (tests/rm/swap-helper) keeps
# swapping directories inside it for symbolic links to a directory outside
# the tree, and back.  Whatever the interleaving, nothing outside the tree
# changes mode: 30 rounds, alternating the mode given, and the outside's
# modes must be what they were after every one.  (What chmod says depends
# on the race: not checked.)  The rounds run with -v, only to count in
# the log how often chmod met a swapped link.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

rounds=30 count=50
race_setup_ $count

r=0 met=0
while test $r -lt $rounds; do
  case $((r % 2)) in 0) mode=777;; 1) mode=700;; esac
  race_round_ $count run_chmod -Rv $mode t \
    || { echo "round $r (chmod -R $mode): outside changed" >&2; fail=1; break; }
  met=$((met + $(grep -c "^neither symbolic link 't/dir/v" _out)))
  r=$((r + 1))
done
test $fail = 1 || test $race_swaps_ -gt 0 \
  || framework_failure_ "the helper never swapped"
# How often chmod met a directory swapped for a link, for the log.
echo "$test_name_: $race_swaps_ swaps, $met met by chmod" >&2

exit $fail
