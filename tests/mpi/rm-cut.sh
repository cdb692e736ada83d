#!/bin/sh
# rm's ranks share a directory's entries (mpi/fts-mpi-task.c,
# hand_out_rest; lib's libfts_walk_cut): a rank that waits for work gets
# the second half of what is left of a directory another rank removes,
# and removes it through its own client while the other goes on with the
# first half.  At -np 2, each rank on its own bench/latfs mount (2 ms a
# request), the operand a directory of 120 files and no subdirectory:
# rank 1 can only get parts of it (the trace's "got" column,
# LIBFTS_MPI_TRACE).  rm -rfv's lines, messages, exit status and the tree
# left are GNU's, with the operand as given and with a slash at its end,
# and where the server refuses to remove a file of the second half (its
# directory stays, with no message of its own, as in GNU's).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_gnu_ rm
mpi_clients_
mpi_programs_ rm

make_tree ()
{
  rm -rf src && mkdir -p src/t \
    && (cd src/t && seq -f f%03g 120 | xargs touch)
}

# gnu OPTS OPERAND: GNU's rm -rfv on a latfs mount of a fresh tree with
# latfs's OPTS, at tree: exp, exp.err (its exit status last in exp).
gnu ()
{
  make_tree || framework_failure_ "cannot make the tree"
  latfs_mount_ src tree "$1"
  "$gnu_bin/rm" -rfv "$2" > exp 2> exp.err
  echo "exit $?" >> exp
  sed 's|^[^ :]*/rm:|rm:|' exp.err > exp.t && mv exp.t exp.err
  latfs_umount_ tree || framework_failure_ "cannot unmount tree"
  find src | sort > exp.left
}

# ours OPTS OPERAND: mpi-rm -rfv on 2 ranks, each on its own latfs mount
# of a fresh tree with OPTS, traced: out, out.err, out.left; the tasks
# rank 1 got in got.
ours ()
{
  make_tree || framework_failure_ "cannot make the tree"
  for r in 0 1; do
    latfs_mount_ src m$r "$1"
  done
  rm -rf tr && mkdir tr || framework_failure_ "cannot make tr"
  # One name after $mpi_export_ (MPICH's -genvlist takes one); on one
  # machine mpirun passes LIBFTS_MPI_TRACE with the environment.
  LIBFTS_MPI_TRACE=$PWD/tr/walk LIBFTS_INFLIGHT=8 "$MPIRUN" $mpirun_opts_ \
    --bind-to none $mpi_export_ LIBFTS_INFLIGHT \
    -np 2 ./on-client "$mpi_bin_/rm" -rfv "$2" < /dev/null > out 2> out.err
  echo "exit $?" >> out
  mpi_messages_ out.err > out.t && mv out.t out.err
  for r in 0 1; do
    latfs_umount_ m$r || framework_failure_ "cannot unmount m$r"
  done
  find src | sort > out.left
  got=$(grep -v '^#' tr/walk.1 | cut -f10 | sort -n | tail -n 1)
  echo "rm -rfv $2 ($1): rank 1 got ${got:-no} parts" >&2
}

# check OPTS OPERAND: ours as GNU's, and rank 1 got a part at least.
check ()
{
  gnu "$1" "$2"
  ours "$1" "$2"
  compare exp out || fail=1
  compare exp.err out.err || fail=1
  compare exp.left out.left || fail=1
  test "${got:-0}" -ge 1 \
    || { echo "rm -rfv $2: rank 1 got no part of the directory" >&2; fail=1; }
}

lat=delay_us=2000,parallel_lookups
check $lat tree/t
check $lat tree/t/
# The server refuses to remove f100 and f110, whichever rank asks it
# to: t stays, and its removal is not tried.
check "$lat,fault=unlink:t/f100:EACCES,fault=unlink:t/f110:EACCES" tree/t
grep -q f100 exp.err || framework_failure_ "GNU's rm was not refused f100"

exit $fail
