#!/bin/sh
# chown -R and chgrp -R walk with libfts's parallel walk: with
# LIBFTS_THREADS=4 they start worker threads, with -v as without; with
# LIBFTS_THREADS=1, and with -L (which the physical parallel walk cannot
# do), none.  Counted with strace -f: the threads started.  And the
# workers do work: on bench/latfs, where every request waits 2 ms, a
# thread waits in each fchownat and getdents64 while the others take the
# directories queued beside it, so that several threads call each
# (counted with strace -f).  Not counted on a local file system, where
# under load one thread could finish the walk before another ran.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_threads_
wide_tree_ d

PATH=$prog_bin_:$PATH
export PATH

n=$(threads_started_ env LIBFTS_THREADS=4 chown -R 1234 d)
test "$n" -ge 1 || { echo "chown -R: $n threads started" >&2; fail=1; }
n=$(threads_started_ env LIBFTS_THREADS=4 chgrp -R 1234 d)
test "$n" -ge 1 || { echo "chgrp -R: $n threads started" >&2; fail=1; }
n=$(threads_started_ env LIBFTS_THREADS=4 chown -R -v 0 d)
test "$n" -ge 1 || { echo "chown -R -v: $n threads started" >&2; fail=1; }
n=$(threads_started_ env LIBFTS_THREADS=1 chown -R 1234 d)
test "$n" = 0 || { echo "LIBFTS_THREADS=1: $n threads started" >&2; fail=1; }
n=$(threads_started_ env LIBFTS_THREADS=4 chown -RL 0:0 d)
test "$n" = 0 || { echo "chown -RL: $n threads started" >&2; fail=1; }
test "$(find d ! -user 0 | wc -l)" = 0 || fail=1
test "$(find d ! -group 0 | wc -l)" = 0 || fail=1

# Without latfs (not built: no libfuse3; no /dev/fuse; not root), what
# was checked above stands alone.
test -x "$abs_top_builddir/bench/latfs" && test -c /dev/fuse \
  && test "$(id -u)" = 0 || exit $fail
latfs_tree_ src/t
mkdir mnt || framework_failure_ "cannot make mnt"
latfs_mount_ src mnt delay_us=2000
n=$(threads_of_ 'fchownat(' env LIBFTS_THREADS=4 chown -R 1234 mnt/t)
test "$n" -ge 2 \
  || { echo "chown -R on latfs: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ 'getdents64(' env LIBFTS_THREADS=4 chgrp -R 1234 mnt/t)
test "$n" -ge 2 \
  || { echo "chgrp -R on latfs: $n threads read, not 2" >&2; fail=1; }
latfs_umount_ mnt || framework_failure_ "cannot unmount mnt"
test "$(find src/t ! -user 1234 | wc -l)" = 0 || fail=1
test "$(find src/t ! -group 1234 | wc -l)" = 0 || fail=1

exit $fail
