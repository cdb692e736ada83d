#!/bin/sh
# A plain chmod -R changes files from several threads when the process may
# run on several processors, and from one when it may not: under
# OMP_NUM_THREADS=1 (which GNU nproc obeys too) or taskset to one
# processor; with -v, from one.  Counted with strace -f: the threads that
# call fchmodat2 (or fchmodat, on kernels before 6.6).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_threads_
wide_tree_ d

# strace 6.1 names fchmodat2 (452 = 0x1c4) by its number.
call='\(fchmodat2\|syscall_0x1c4\|fchmodat\)('
PATH=$prog_bin_:$PATH
export PATH

n=$(threads_of_ "$call" env OMP_NUM_THREADS=2 chmod -R g+w d)
test "$n" -ge 2 || { echo "chmod -R: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ "$call" env OMP_NUM_THREADS=1 chmod -R g-w d)
test "$n" = 1 || { echo "OMP_NUM_THREADS=1: $n threads, not 1" >&2; fail=1; }
if command -v taskset > /dev/null; then
  n=$(threads_of_ "$call" taskset -c 0 chmod -R g+w d)
  test "$n" = 1 || { echo "taskset -c 0: $n threads, not 1" >&2; fail=1; }
fi
n=$(threads_of_ "$call" env OMP_NUM_THREADS=2 chmod -R -v g-w d)
test "$n" = 1 || { echo "chmod -R -v: $n threads, not 1" >&2; fail=1; }
test "$(find d -perm -g+w | wc -l)" = 0 || fail=1

exit $fail
