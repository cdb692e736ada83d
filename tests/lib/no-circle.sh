#!/bin/sh
# No two files of lib/ call each other, directly or round a longer circle:
# the graph "A uses a function or object defined in B", read from the
# library's object files with nm, has no cycle (tsort finds none).  So
# each file can be read, and tested, from the files it uses alone.
# (tests/mpi/no-circle.sh: the same for mpi/.)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/no-circle-lib.sh"

no_circle_ "$abs_top_builddir/lib/.libs/libfts-core.a" libfts_core_la lib

exit $fail
