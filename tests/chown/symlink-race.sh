#!/bin/sh
# While chown -R changes a tree, a helper (tests/rm/swap-helper) keeps
# swapping directories inside it for symbolic links to a directory outside
# the tree, and back.  Whatever the interleaving, nothing outside the tree
# changes owner: 30 rounds, alternating the owner given and -v (which
# stats each file) with none (no stat: chown changes files blindly, from
# several threads), and the outside's owners must be what they were after
# every one.  (What chown says depends on the race: not checked.)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
rounds=30 count=50
race_setup_ $count

r=0
while test $r -lt $rounds; do
  case $((r % 4)) in
    0) opts='-R 1234';; 1) opts='-Rv 4321:4321';;
    2) opts='-R :1234';; 3) opts='-Rc 0:0';;
  esac
  race_round_ $count run_chown $opts t \
    || { echo "round $r (chown $opts): outside changed" >&2; fail=1; break; }
  r=$((r + 1))
done
test $fail = 1 || test $race_swaps_ -gt 0 \
  || framework_failure_ "the helper never swapped"
echo "$test_name_: $race_swaps_ swaps" >&2

exit $fail
