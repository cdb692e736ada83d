#!/bin/sh
# Files that vanish while chmod -R walks a tree are no errors: nothing on
# stderr, exit 0 (newer GNU; 9.1 says "cannot access 'd/f7': No such file
# or directory" and exits 1).  A remover runs beside each chmod -R -v;
# 20 rounds, of which at least one must overlap (chmod then reports some
# of the files, not all: evidence that the race was run).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

command -v find > /dev/null || skip_ "find not found"
n=600 rounds=20 overlaps=0
r=0
while test $r -lt $rounds; do
  mkdir -p d/s && (cd d && seq -f f%g $n | xargs touch && touch s/g) \
    || framework_failure_ "cannot make the tree"
  find d -name 'f*' -delete & pid=$!
  run_chmod -R -v 700 d > _out 2> _err; st=$?
  wait $pid
  test $st = 0 || { echo "round $r: exit $st, not 0" >&2; fail=1; }
  compare /dev/null _err || { fail=1; break; }
  k=$(grep -c "^mode of 'd/f" _out)
  test 0 -lt $k && test $k -lt $n && overlaps=$((overlaps + 1))
  rm -rf d
  r=$((r + 1))
done
echo "$test_name_: $overlaps rounds of $rounds overlapped" >&2
test $fail = 1 || test $overlaps -gt 0 \
  || skip_ "the remover and chmod never overlapped"

exit $fail
