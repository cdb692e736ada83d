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

r=0 swaps=0 met=0
while test $r -lt $rounds; do
  case $((r % 2)) in 0) mode=777;; 1) mode=700;; esac
  "$helper" t/dir $count "$PWD/outside" > _swaps & pid=$!
  run_chmod -Rv $mode t < /dev/null > _out 2>&1
  met=$((met + $(grep -c "^neither symbolic link 't/dir/v" _out)))
  # Twice: a SIGTERM that reaches the helper's shell before it runs the
  # helper may be lost (the shell defers it to a trap, then execs).
  kill $pid 2>/dev/null; sleep 0.1; kill $pid 2>/dev/null; wait $pid
  n=$(cat _swaps)           # empty if killed before it got going
  swaps=$((swaps + ${n:-0}))
  list_ outside > _outside
  compare _exp.outside _outside \
    || { echo "round $r (chmod -R $mode): outside changed" >&2; fail=1; break; }
  # The helper may have been killed in the middle of a swap.
  for v in t/dir/v*.swap; do
    test -e "$v" || continue
    rm -f "${v%.swap}" && mv "$v" "${v%.swap}" || framework_failure_ "restore $v"
  done
  r=$((r + 1))
done
test $fail = 1 || test $swaps -gt 0 || framework_failure_ "the helper never swapped"
# How often chmod met a directory swapped for a link, for the log.
echo "$test_name_: $swaps swaps, $met met by chmod" >&2

exit $fail
