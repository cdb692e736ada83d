#!/bin/sh
# chown -R and chgrp -R walk with libfts's parallel walk: with
# LIBFTS_THREADS=4, several threads read directories and change files,
# with -v as without; with LIBFTS_THREADS=1, and with -L (which the
# physical parallel walk cannot do), one thread does everything.  Counted
# with strace -f: the threads that call fchownat, and those that call
# getdents64.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_threads_
wide_tree_ d

call='fchownat('
PATH=$prog_bin_:$PATH
export PATH

n=$(threads_of_ "$call" env LIBFTS_THREADS=4 chown -R 1234 d)
test "$n" -ge 2 || { echo "chown -R: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ 'getdents64(' env LIBFTS_THREADS=4 chown -R 0 d)
test "$n" -ge 2 || { echo "chown -R: $n threads read, not 2" >&2; fail=1; }
n=$(threads_of_ "$call" env LIBFTS_THREADS=4 chgrp -R 1234 d)
test "$n" -ge 2 || { echo "chgrp -R: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ "$call" env LIBFTS_THREADS=4 chown -R -v 0 d)
test "$n" -ge 2 || { echo "chown -R -v: $n threads, not 2" >&2; fail=1; }
n=$(threads_of_ "$call" env LIBFTS_THREADS=1 chown -R 1234 d)
test "$n" = 1 || { echo "LIBFTS_THREADS=1: $n threads, not 1" >&2; fail=1; }
n=$(threads_of_ "$call" env LIBFTS_THREADS=4 chown -RL 0:0 d)
test "$n" = 1 || { echo "chown -RL: $n threads, not 1" >&2; fail=1; }
test "$(find d ! -user 0 | wc -l)" = 0 || fail=1
test "$(find d ! -group 0 | wc -l)" = 0 || fail=1

exit $fail
