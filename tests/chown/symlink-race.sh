#!/bin/sh
# While chown -R changes a tree, a helper (tests/rm/swap-helper) keeps
# swapping directories inside it for symbolic links to a directory outside
# the tree, and back.  Whatever the interleaving, nothing outside the tree
# changes owner: 30 rounds, alternating the owner given and -v (which
# stats each file) with none (no stat: chown changes files blindly), and
# the outside's owners must be what they were after every one.  (What
# chown says depends on the race: not checked.)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
helper=$abs_top_builddir/tests/rm/swap-helper
test -x "$helper" || framework_failure_ "tests/rm/swap-helper not built"

rounds=30 count=50

mkdir -p outside/sub outside/v0 && : > outside/sub/g0 && : > outside/v0/f0 \
  && chmod 751 outside outside/sub outside/v0 \
  && chmod 640 outside/sub/g0 outside/v0/f0 || framework_failure_ "outside"
i=0
while test $i -lt 10; do
  : > outside/f$i && chmod 604 outside/f$i || framework_failure_ "outside"
  i=$((i + 1))
done
list_ outside > _exp.outside

# The tree: t/dir/v0..v{count-1}, each with twenty files and a
# subdirectory of one.
i=0
while test $i -lt $count; do
  echo "t/dir/v$i/sub/g0"
  j=0
  while test $j -lt 20; do echo "t/dir/v$i/f$j"; j=$((j + 1)); done
  i=$((i + 1))
done > _files
sed 's|/[^/]*$||' _files | sort -u | xargs mkdir -p && xargs touch < _files \
  || framework_failure_ "cannot make the tree"

r=0 swaps=0
while test $r -lt $rounds; do
  case $((r % 4)) in
    0) opts='-R 1234';; 1) opts='-Rv 4321:4321';;
    2) opts='-R :1234';; 3) opts='-Rc 0:0';;
  esac
  "$helper" t/dir $count "$PWD/outside" > _swaps & pid=$!
  run_chown $opts t < /dev/null > /dev/null 2>&1
  # Twice: a SIGTERM that reaches the helper's shell before it runs the
  # helper may be lost (the shell defers it to a trap, then execs).
  kill $pid 2>/dev/null; sleep 0.1; kill $pid 2>/dev/null; wait $pid
  n=$(cat _swaps)           # empty if killed before it got going
  swaps=$((swaps + ${n:-0}))
  list_ outside > _outside
  compare _exp.outside _outside \
    || { echo "round $r (chown $opts): outside changed" >&2; fail=1; break; }
  # The helper may have been killed in the middle of a swap.
  for v in t/dir/v*.swap; do
    test -e "$v" || continue
    rm -f "${v%.swap}" && mv "$v" "${v%.swap}" || framework_failure_ "restore $v"
  done
  r=$((r + 1))
done
test $fail = 1 || test $swaps -gt 0 || framework_failure_ "the helper never swapped"
echo "$test_name_: $swaps swaps" >&2

exit $fail
