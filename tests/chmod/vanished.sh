#!/bin/sh
# Files that vanish while chmod -R walks a tree are no errors: nothing on
# stderr, exit 0 (GNU after 9.11, coreutils commit 30866b30e; 9.1 says
# "cannot access 'd/f7': No such file or directory" and exits 1).  A remover
# runs beside each chmod -R, with -v (each file changed by the walking
# thread) and without (by worker threads); 20 rounds, of which at least one
# must overlap (chmod -v then reports some of the files, not all; or,
# without -v, the remover has removed some, not all, when chmod ends:
# evidence that the race was run).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

command -v find > /dev/null || skip_ "find not found"
n=600 rounds=20 overlaps=0
r=0
while test $r -lt $rounds; do
  mkdir -p d/s && (cd d && seq -f f%g $n | xargs touch && touch s/g) \
    || framework_failure_ "cannot make the tree"
  find d -name 'f*' -delete & pid=$!
  case $((r % 2)) in
    0) run_chmod -R -v 700 d > _out 2> _err; st=$?
       k=$(grep -c "^mode of 'd/f" _out) ;;
    1) run_chmod -R 700 d > _out 2> _err; st=$?
       k=$(($(ls d | wc -l) - 1)) ;;
  esac
  wait $pid
  check_status_ 0 $st "round $r"
  compare /dev/null _err || { fail=1; break; }
  test 0 -lt $k && test $k -lt $n && overlaps=$((overlaps + 1))
  rm -rf d
  r=$((r + 1))
done
echo "$test_name_: $overlaps rounds of $rounds overlapped" >&2
test $fail = 1 || test $overlaps -gt 0 \
  || skip_ "the remover and chmod never overlapped"

exit $fail
