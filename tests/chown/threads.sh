#!/bin/sh
# A plain chown -R or chgrp -R changes files from several threads when the
# process may run on several processors, and from one when it may not:
# under OMP_NUM_THREADS=1 (which GNU nproc obeys too) or taskset to one
# processor; with -v, from one.  Counted with strace -f: the threads that
# call fchownat.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_threads_
wide_tree_ d

call='fchownat('
PATH=$prog_bin_:$PATH
export PATH

n=$(threads_of_ "$call" env OMP_NUM_THREADS=2 chown -R 1234 d)
test "$n" -ge 2 || { echo "chown -R: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ "$call" env OMP_NUM_THREADS=2 chgrp -R 1234 d)
test "$n" -ge 2 || { echo "chgrp -R: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ "$call" env OMP_NUM_THREADS=1 chown -R 0 d)
test "$n" = 1 || { echo "OMP_NUM_THREADS=1: $n threads, not 1" >&2; fail=1; }
if command -v taskset > /dev/null; then
  n=$(threads_of_ "$call" taskset -c 0 chown -R 1234 d)
  test "$n" = 1 || { echo "taskset -c 0: $n threads, not 1" >&2; fail=1; }
fi
n=$(threads_of_ "$call" env OMP_NUM_THREADS=2 chown -R -v 0 d)
test "$n" = 1 || { echo "chown -R -v: $n threads, not 1" >&2; fail=1; }
test "$(find d ! -user 0 | wc -l)" = 0 || fail=1

exit $fail
