#!/bin/sh
# chmod -R walks with libfts's parallel walk: with LIBFTS_THREADS=4,
# several threads read directories and change files, with -v as without;
# with LIBFTS_THREADS=1, and with -L (which the physical parallel walk
# cannot do), one thread does everything.  Counted with strace -f: the
# threads that call fchmodat2 (or fchmodat, on kernels before 6.6), and
# those that call getdents64.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_threads_
wide_tree_ d

# strace 6.1 names fchmodat2 (452 = 0x1c4) by its number.
call='\(fchmodat2\|syscall_0x1c4\|fchmodat\)('
PATH=$prog_bin_:$PATH
export PATH

n=$(threads_of_ "$call" env LIBFTS_THREADS=4 chmod -R g+w d)
test "$n" -ge 2 || { echo "chmod -R: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ 'getdents64(' env LIBFTS_THREADS=4 chmod -R g-w d)
test "$n" -ge 2 || { echo "chmod -R: $n threads read, not 2" >&2; fail=1; }
n=$(threads_of_ "$call" env LIBFTS_THREADS=4 chmod -R -v g+w d)
test "$n" -ge 2 || { echo "chmod -R -v: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ "$call" env LIBFTS_THREADS=1 chmod -R g-w d)
test "$n" = 1 || { echo "LIBFTS_THREADS=1: $n threads, not 1" >&2; fail=1; }
n=$(threads_of_ "$call" env LIBFTS_THREADS=4 chmod -RL g+w d)
test "$n" = 1 || { echo "chmod -RL: $n threads, not 1" >&2; fail=1; }
LIBFTS_THREADS=4 chmod -R g-w d || fail=1
test "$(find d -perm -g+w | wc -l)" = 0 || fail=1

exit $fail
