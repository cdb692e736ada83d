#!/bin/sh
# A rank never has more requests in flight than LIBFTS_INFLIGHT, however
# many directories it was handed at once: each rank, at -np 1, 2 and 4,
# in a mount namespace of its own where the tree is its own mount of
# bench/latfs (1 ms a request, no cap; latfs counts the most requests it
# served at once), runs mpi-du -s, mpi-chmod -R and mpi-rm -rf with
# LIBFTS_INFLIGHT=3; no mount sees more than 3, and some sees more than 1
# (the ranks keep requests in flight at all).  Outputs and trees as GNU's.
#
# A rank asks for 8 directories at a time and walks each on a walk of its
# own, each of which keeps LIBFTS_INFLIGHT requests going: before the
# walks of a rank shared one budget (libfts_walk_set_budget), a rank had
# up to 32 requests in flight here with LIBFTS_INFLIGHT=4.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_gnu_ du
mpi_clients_
mpi_programs_ rm chmod

# src/t: d01..d30 of 12 files and a subdirectory of 3.
make_tree ()
{
  rm -rf src && mkdir -p src/t && (cd src/t && for i in $(seq -w 30); do
      mkdir -p d$i/s && (cd d$i && seq -f f%g 12 | xargs touch \
        && touch s/a s/b s/c) || exit 1
    done)
}

# on_mounts NP PROGRAM ARGS...: PROGRAM on NP ranks, each on its own
# latfs mount of src, with LIBFTS_INFLIGHT=3; out, out.err as it left
# them; then the most requests in flight of every mount, in max.
on_mounts ()
{
  np=$1 prog=$2
  shift 2
  for r in 0 1 2 3; do
    latfs_mount_ src m$r delay_us=1000,parallel_lookups
  done
  LIBFTS_MPI_SPREAD=20 LIBFTS_INFLIGHT=3 "$MPIRUN" $mpirun_opts_ \
    --bind-to none $mpi_export_ LIBFTS_INFLIGHT -np "$np" \
    ./on-client "$mpi_bin_/$prog" "$@" < /dev/null > out 2> out.err
  echo "exit $?" >> out
  max=
  for r in 0 1 2 3; do
    latfs_umount_ m$r || framework_failure_ "cannot unmount m$r"
    max="$max $(latfs_stat_ m$r max_inflight)"
  done
  echo "-np $np $prog $*: most requests in flight per mount:$max" >&2
}

# check_bound WHAT: every figure in max at most 3, one above 1.
check_bound ()
{
  over=0 some=0
  for n in $max; do
    test "$n" -le 3 || over=1
    test "$n" -gt 1 && some=1
  done
  test $over = 0 || { echo "$1: more than 3 requests in flight:$max" >&2; fail=1; }
  test $some = 1 || { echo "$1: never more than 1 in flight:$max" >&2; fail=1; }
}

for np in $mpi_np_small_; do
  make_tree || framework_failure_ "cannot make the tree"
  (cd src && "$gnu_bin/du" -s t) > exp 2> exp.err
  echo "exit $?" >> exp
  sed 's|	t$|	tree/t|' exp > exp.t && mv exp.t exp
  on_mounts $np du -s tree/t
  compare exp out || { echo "-np $np du -s: stdout differs" >&2; fail=1; }
  mpi_messages_ out.err > out.msg
  compare exp.err out.msg || fail=1
  check_bound "-np $np du -s"

  on_mounts $np chmod -R g+w tree/t
  compare /dev/null out.err || fail=1
  echo "exit 0" | compare - out || fail=1
  left=$(find src/t ! -perm -g+w | wc -l)
  test "$left" = 0 || { echo "-np $np chmod: $left entries without g+w" >&2; fail=1; }
  check_bound "-np $np chmod -R"

  on_mounts $np rm -rf tree/t
  compare /dev/null out.err || fail=1
  echo "exit 0" | compare - out || fail=1
  test -e src/t && { echo "-np $np rm -rf: src/t is still there" >&2; fail=1; }
  check_bound "-np $np rm -rf"
done

exit $fail
