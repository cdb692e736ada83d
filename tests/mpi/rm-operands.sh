#!/bin/sh
# mpi-rm with several operands at mpirun -np 1, 2 and 4 removes what GNU
# rm removes and says what it says, byte for byte, in its order, with its
# exit status: operands in one directory that do not meet (one MPI walk
# over all of them, shared by the ranks), in several directories (a
# shared walk each), and operands that meet (given twice, one below
# another, either way), with hard links between them, symbolic links,
# files, missing names and ".": every entry removed once, "-v" once.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

/usr/bin/rm --version 2>/dev/null | grep '^rm (GNU coreutils) ' > /dev/null \
  || skip_ "/usr/bin/rm is not GNU rm"
mpi_rm=$abs_top_builddir/src/mpi-rm
test -x "$mpi_rm" || framework_failure_ "$mpi_rm is not built"
ln -s "$mpi_rm" "$mpi_bin_/rm" || framework_failure_ "cannot link mpi-rm"

for np in $mpi_np_list_; do
  mpi_operands_case_ $np rm -rv 'm/*'
  mpi_operands_case_ $np rm -rv a d e
  mpi_operands_case_ $np rm -rv 'm/s1 e/f a/b m/s2/a'
  mpi_operands_case_ $np rm -rv a a/b d
  mpi_operands_case_ $np rm -rv a/b a
  mpi_operands_case_ $np rm -rfv m/s1 m/s1 m/s2
  mpi_operands_case_ $np rm -rv sl dang top a nowhere d
  mpi_operands_case_ $np rm -rv 'm/s3 ./m/s4 m/s5'
  mpi_operands_case_ $np rm -rv . m
done

exit $fail
