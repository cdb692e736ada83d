#!/bin/sh
# How many tasks a rank runs at once (mpi/fts-mpi-int.h,
# TASKS_HEADROOM_DIV): where the walks share a directory's entries among
# their threads (du, chmod), a rank asks for tasks only while it runs
# fewer than its budget less a quarter, 6 of LIBFTS_INFLIGHT=8, so that
# units are left for the threads that help with a directory; rm's tasks
# take a unit each, and a rank runs up to 8.  At -np 2, each rank on its
# own bench/latfs mount (2 ms a request), 40 directories of 20 files, the
# trace's "running" column (LIBFTS_MPI_TRACE) of rank 1 says how many it
# ran at once.  Outputs and trees as GNU's.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_gnu_ du
mpi_clients_
mpi_programs_ rm chmod

make_tree ()
{
  rm -rf src && mkdir -p src/t && (cd src/t && for i in $(seq -w 40); do
      mkdir d$i && (cd d$i && seq -f f%g 20 | xargs touch) || exit 1
    done)
}

# on_mounts PROGRAM ARGS...: PROGRAM on 2 ranks, each on its own latfs
# mount of src, LIBFTS_INFLIGHT=8, traced; out as it left it (its exit
# status last), out.err; the most tasks rank 1 ran at once in most.
on_mounts ()
{
  prog=$1
  shift
  for r in 0 1; do
    latfs_mount_ src m$r delay_us=2000,parallel_lookups
  done
  rm -rf tr && mkdir tr || framework_failure_ "cannot make tr"
  # One name after $mpi_export_: MPICH's -genvlist refuses a second one;
  # on one machine mpirun passes LIBFTS_MPI_TRACE with the environment
  # (as in trace.sh).
  LIBFTS_MPI_TRACE=$PWD/tr/walk LIBFTS_INFLIGHT=8 "$MPIRUN" $mpirun_opts_ \
    --bind-to none $mpi_export_ LIBFTS_INFLIGHT \
    -np 2 ./on-client "$mpi_bin_/$prog" "$@" < /dev/null > out 2> out.err
  echo "exit $?" >> out
  for r in 0 1; do
    latfs_umount_ m$r || framework_failure_ "cannot unmount m$r"
  done
  most=$(grep -v '^#' tr/walk.1 | cut -f3 | sort -n | tail -n 1)
  echo "$prog $*: rank 1 ran at most ${most:-no} tasks at once" >&2
}

make_tree || framework_failure_ "cannot make the tree"
(cd src && "$gnu_bin/du" -s t) > exp 2> exp.err
echo "exit $?" >> exp
sed 's|	t$|	tree/t|' exp > exp.t && mv exp.t exp
on_mounts du -s tree/t
compare exp out || fail=1
compare /dev/null out.err || fail=1
test "${most:-0}" -ge 2 && test "$most" -le 6 \
  || { echo "du -s: rank 1 ran ${most:-no} tasks at once, not 2 to 6" >&2; fail=1; }

on_mounts chmod -R g+w tree/t
compare /dev/null out.err || fail=1
echo "exit 0" | compare - out || fail=1
left=$(find src/t ! -perm -g+w | wc -l)
test "$left" = 0 || { echo "chmod: $left entries without g+w" >&2; fail=1; }
test "${most:-0}" -ge 2 && test "$most" -le 6 \
  || { echo "chmod -R: rank 1 ran ${most:-no} tasks at once, not 2 to 6" >&2; fail=1; }

on_mounts rm -rf tree/t
compare /dev/null out.err || fail=1
echo "exit 0" | compare - out || fail=1
test -e src/t && { echo "rm -rf: src/t is still there" >&2; fail=1; }
test "${most:-0}" -ge 7 \
  || { echo "rm -rf: rank 1 ran ${most:-no} tasks at once, not 7 or 8" >&2; fail=1; }

exit $fail
