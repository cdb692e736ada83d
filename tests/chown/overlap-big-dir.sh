#!/bin/sh
# chown -R, chmod -R and du over an operand and one below it ("t t/sub"),
# where t holds 2,000 files, finish (at most 20 s each) with GNU's output
# and status.  Found by tests/fuzz/fuzz.sh (seed 32852421): at 4 threads
# every thread of the walk slept for good once the second root waited
# for the first (a lost wake-up; main's 8ede40c wakes a thread when the
# cursor leaves a root that another waits for).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown chmod
command -v timeout > /dev/null || skip_ "timeout not found"

# tree_: a fresh t/ here, 2,000 files and t/sub/f.
tree_ ()
{
  rm -rf t && mkdir -p t/sub && (cd t && i=0 && while test $i -lt 2000; do
      : > big$i || exit; i=$((i + 1)); done) && touch t/sub/f \
    || framework_failure_ "cannot make the tree"
}

for n in 4 8; do
  for args in 'chown -R -v 0' 'chown -R 0' 'chmod -R -c 644'; do
    tree_
    (PATH=$gnu_bin:$PATH && exec $args t t/sub t/sub) > _exp 2> _exp.err
    echo "exit $?" >> _exp
    tree_
    (PATH=$prog_bin_:$PATH && LIBFTS_THREADS=$n && export LIBFTS_THREADS \
       && exec timeout 20 $args t t/sub t/sub) > _out 2> _err
    echo "exit $?" >> _out
    compare _exp _out || { echo "differs at $n threads: $args"; fail=1; }
    compare _exp.err _err || fail=1
  done
done

exit $fail
