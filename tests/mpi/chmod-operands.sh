#!/bin/sh
# mpi-chmod -R with several operands at mpirun -np 1, 2 and 4 changes
# what GNU chmod changes and says what it says (-v, -c), byte for byte,
# in its order, with its exit status: operands in one directory that do
# not meet (one MPI walk over all of them, shared by the ranks), in
# several directories (a shared walk each), operands that meet (given
# twice, one below another, a symbolic link given, which chmod follows),
# missing names: every entry's line once.  With -v or -c each operand is
# a walk of its own (which name of a file with several links says
# "changed" is decided per rank); without, the modes left are GNU's.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

/usr/bin/chmod --version 2>/dev/null | grep '^chmod (GNU coreutils) ' \
  > /dev/null || skip_ "/usr/bin/chmod is not GNU chmod"
mpi_chmod=$abs_top_builddir/src/mpi-chmod
test -x "$mpi_chmod" || framework_failure_ "$mpi_chmod is not built"
ln -s "$mpi_chmod" "$mpi_bin_/chmod" \
  || framework_failure_ "cannot link mpi-chmod"

for np in $mpi_np_list_; do
  mpi_operands_case_ $np chmod -Rv g+w 'm/*'
  mpi_operands_case_ $np chmod -Rc o-r a d e
  mpi_operands_case_ $np chmod -Rv 700 'm/s1 e/f a/b m/s2/a'
  mpi_operands_case_ $np chmod -Rv u-w,g+w a a/b
  mpi_operands_case_ $np chmod -Rc g-r a/b a a/b
  mpi_operands_case_ $np chmod -Rv g+w sl a d
  mpi_operands_case_ $np chmod -R g+w,o-rx 'm/*'
  mpi_operands_case_ $np chmod -R 700 a d e
  mpi_operands_case_ $np chmod -Rv 750 m/s1 nowhere m/s2 top
done

exit $fail
