#!/bin/sh
# A chain of 100,000 directories (paths far beyond PATH_MAX), with
# directories of it handed out to other ranks far down the chain: at
# mpirun -np 1, 2 and 4, mpi-du -s prints what GNU du -s prints, says
# nothing else and exits 0; mpi-rm -rf removes it all, says nothing and
# exits 0; each within 40 seconds (our du takes half a second here).
#
# Where the chain is handed out: each rank has at most 64 tasks out that
# rank 0 has not consumed (EXPORT_TICKETS), and in a chain none is
# consumed before the chain's end; with LIBFTS_MPI_SPREAD, which makes a
# walk wait at each directory for a rank to ask for it, the ranks spend
# them all in the first levels.  So no LIBFTS_MPI_SPREAD here, and one
# thread a walk (LIBFTS_THREADS=1: a walk with directories enough for
# its threads would wait up to 200 ms at each directory for an asker):
# a directory goes to another rank wherever an idle rank's request finds
# the walk, at -np 4 thousands of levels down (seen at 2,440 and deeper).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_gnu_ du
command -v timeout > /dev/null || skip_ "timeout not found"
mkdeep=$abs_top_builddir/tests/rm/mkdeep
test -x "$mkdeep" || framework_failure_ "tests/rm/mkdeep not built"
mpi_rm=$abs_top_builddir/src/mpi-rm
test -x "$mpi_rm" || framework_failure_ "$mpi_rm is not built"
ln -s "$mpi_rm" "$mpi_bin_/rm" || framework_failure_ "cannot link mpi-rm"

depth=100000
# A limit against a hang only: 120 s.  The whole test took 130 s under a
# load average of 7 on a 2-processor machine; under one of 20 (a CI run
# beside a benchmark of 16 ranks) rm -rf at -np 1 and 2 went past 40 s,
# and MPICH's rm -rf at -np 2 took 54 s beside other tests (Open MPI's
# 33 s), little of it on a processor.
LIBFTS_MPI_SPREAD='' LIBFTS_THREADS=1 mpi_limit_=120
export LIBFTS_THREADS

# A message may name a path of thousands of levels: the log gets it as
# deep/d/.../d.
for np in $mpi_np_small_; do
  test -e deep || "$mkdeep" deep $depth || framework_failure_ "cannot make deep"
  "$gnu_bin/du" -s deep > _exp 2> _exp_err; echo "exit $?" >> _exp
  run_mpi_ $np du -s deep > _out 2> _err; echo "exit $?" >> _out
  compare _exp _out || { echo "-np $np du -s: not GNU's" >&2; fail=1; }
  mpi_messages_ _err | sed 's|\(d/\)\{8,\}|d/.../|g' > _e
  compare _exp_err _e || { echo "-np $np du -s: not GNU's messages" >&2; fail=1; }

  run_mpi_ $np rm -rf deep > _out 2> _err
  check_status_ 0 $? "-np $np rm -rf deep"
  compare /dev/null _out || fail=1
  mpi_messages_ _err | sed 's|\(d/\)\{8,\}|d/.../|g' > _e
  compare /dev/null _e || fail=1
  test -e deep && { echo "-np $np rm -rf: deep is still there" >&2; fail=1; }
  rm -rf deep || framework_failure_ "cannot clean up deep"
done

exit $fail
