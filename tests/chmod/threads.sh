#!/bin/sh
# chmod -R walks with libfts's parallel walk: with LIBFTS_THREADS=4 it
# starts worker threads, with -v as without; with LIBFTS_THREADS=1, and
# with -L (which the physical parallel walk cannot do), none.  Counted
# with strace -f: the threads started.  And the workers do work: on
# bench/latfs, where every request waits 2 ms, a thread waits in each
# fchmodat2 (fchmodat on kernels before 6.6) and getdents64 while the
# others take the directories queued beside it, so that several threads
# call each (counted with strace -f).  Not counted on a local file
# system, where under load one thread could finish the walk before
# another ran.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_threads_
wide_tree_ d

# strace 6.1 names fchmodat2 (452 = 0x1c4) by its number.
call='\(fchmodat2\|syscall_0x1c4\|fchmodat\)('
PATH=$prog_bin_:$PATH
export PATH

n=$(threads_started_ env LIBFTS_THREADS=4 chmod -R g+w d)
test "$n" -ge 1 || { echo "chmod -R: $n threads started" >&2; fail=1; }
n=$(threads_started_ env LIBFTS_THREADS=4 chmod -R -v g-w d)
test "$n" -ge 1 || { echo "chmod -R -v: $n threads started" >&2; fail=1; }
n=$(threads_started_ env LIBFTS_THREADS=1 chmod -R g+w d)
test "$n" = 0 || { echo "LIBFTS_THREADS=1: $n threads started" >&2; fail=1; }
n=$(threads_started_ env LIBFTS_THREADS=4 chmod -RL g-w d)
test "$n" = 0 || { echo "chmod -RL: $n threads started" >&2; fail=1; }
test "$(find d -perm -g+w | wc -l)" = 0 || fail=1

# Without latfs (not built: no libfuse3; no /dev/fuse; not root), what
# was checked above stands alone.
test -x "$abs_top_builddir/bench/latfs" && test -c /dev/fuse \
  && test "$(id -u)" = 0 || exit $fail
latfs_tree_ src/t
mkdir mnt || framework_failure_ "cannot make mnt"
latfs_mount_ src mnt delay_us=2000
n=$(threads_of_ "$call" env LIBFTS_THREADS=4 chmod -R g+w mnt/t)
test "$n" -ge 2 || { echo "chmod -R on latfs: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ 'getdents64(' env LIBFTS_THREADS=4 chmod -R g-w mnt/t)
test "$n" -ge 2 \
  || { echo "chmod -R on latfs: $n threads read, not 2" >&2; fail=1; }
latfs_umount_ mnt || framework_failure_ "cannot unmount mnt"
test "$(find src/t ! -type l -perm -g+w | wc -l)" = 0 || fail=1

exit $fail
