#!/bin/sh
# While rm -rf removes a tree, a helper keeps swapping directories inside it
# for symbolic links to a directory outside the tree (and back).  Whatever
# the interleaving, nothing outside the tree is ever removed: 50 rounds, and
# the outside directory's sentinel files must all survive every one.  (What
# rm says, and what of the tree is left, depend on the race: not checked.)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

helper=$abs_top_builddir/tests/rm/swap-helper
test -x "$helper" || framework_failure_ "tests/rm/swap-helper not built"

rounds=50 count=50

# The outside: files and directories under the names the tree uses.
mkdir -p outside/sub outside/v0 && : > outside/sub/g0 && : > outside/v0/f0 \
  || framework_failure_ "cannot make outside"
i=0
while test $i -lt 10; do
  : > outside/f$i && : > outside/sentinel$i || framework_failure_ "cannot fill outside"
  i=$((i + 1))
done
list_ outside > _exp.outside

# The tree: t/pre/* to get rm going, then t/dir/v0..v{count-1}, each with ten
# files and a subdirectory of five.
i=0
while test $i -lt $count; do
  echo "t/dir/v$i/sub"
  j=0
  while test $j -lt 10; do echo "t/dir/v$i/f$j" "t/pre/p$i-$j"; j=$((j + 1)); done
  i=$((i + 1))
done > _paths
grep /sub$ _paths > _dirs
grep -v /sub$ _paths | tr ' ' '\n' > _files
sed 's|$|/g|' _dirs >> _files

r=0 swaps=0
while test $r -lt $rounds; do
  mkdir -p t/pre && xargs mkdir -p < _dirs && xargs touch < _files \
    || framework_failure_ "cannot make the tree"
  "$helper" t/dir $count "$PWD/outside" > _swaps & pid=$!
  run_rm -rf t < /dev/null > /dev/null 2>&1
  swap_stop_ $pid _swaps t/dir
  swaps=$((swaps + swap_count_))
  rm -rf t || framework_failure_ "cannot clean up t"
  list_ outside > _outside
  compare _exp.outside _outside || { echo "round $r: outside changed" >&2; fail=1; break; }
  r=$((r + 1))
done
# Sanity: the helper did swap (else this test showed nothing).
test $fail = 1 || test $swaps -gt 0 || framework_failure_ "the helper never swapped"

exit $fail
