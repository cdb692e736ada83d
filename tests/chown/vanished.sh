#!/bin/sh
# Files that vanish while chown -R walks a tree are no errors: nothing on
# stderr, exit 0 (GNU after 9.11, coreutils commit 30866b30e; 9.1 says
# "cannot access 'd/f7': No such file or directory", or "changing ownership
# of ...", and exits 1).  A remover runs beside each chown -R, with -v (each
# file stat-ed) and without (each changed blindly); 20 rounds, of which at
# least one must overlap (the remover was still at work when chown
# finished).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
command -v find > /dev/null || skip_ "find not found"
n=600 rounds=20 overlaps=0
r=0
while test $r -lt $rounds; do
  mkdir -p d/s && (cd d && seq -f f%g $n | xargs touch && touch s/g) \
    || framework_failure_ "cannot make the tree"
  find d -name 'f*' -delete & pid=$!
  case $((r % 2)) in 0) opt=-v;; 1) opt=-R;; esac
  run_chown -R $opt 1234 d > _out 2> _err; st=$?
  left=$(ls d | wc -l)
  wait $pid
  check_status_ 0 $st "round $r"
  compare /dev/null _err || { fail=1; break; }
  test "$left" -gt 1 && overlaps=$((overlaps + 1))
  rm -rf d
  r=$((r + 1))
done
echo "$test_name_: $overlaps rounds of $rounds overlapped" >&2
test $fail = 1 || test $overlaps -gt 0 \
  || skip_ "the remover and chown never overlapped"

exit $fail
