#!/bin/sh
# No two files of mpi/ call each other, directly or round a longer
# circle, as tests/lib/no-circle.sh checks for lib/: read from the MPI
# walk's convenience library, mpi/libfts-mpi-core.la (mpi/local.mk).
# fts-mpi-msg.c, the messages, calls no other file; the rest call it.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/no-circle-lib.sh"

# Whether configure found MPI: tests/local.mk's tests_with_mpi, in the
# Makefile ("#tests_with_mpi = ..." is the branch not taken).
with_mpi=$(sed -n 's/^tests_with_mpi = //p' "$abs_top_builddir/Makefile")
test "$with_mpi" = yes || skip_ "MPI was not configured: mpi/ is not built"

no_circle_ "$abs_top_builddir/mpi/.libs/libfts-mpi-core.a" \
  libfts_mpi_core_la mpi

exit $fail
