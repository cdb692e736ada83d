#!/bin/sh
# Each rank on a client of its own: mpi-du at -np 1, 2 and 4, each rank
# in a mount namespace of its own where the tree is its own mount of
# bench/latfs over one source tree (as NFS or Lustre clients each mount
# one server), at the same path.  Each mount numbers its device its own
# way: mpi-du still reaches the directories other ranks hand it, counts
# each hard link once and -x keeps to the tree, printing what GNU du 9.1
# prints on the source.  (Before the ranks told each other the root's
# device as rank 0 numbers it, every handed-out directory failed with
# "Stale file handle".)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_gnu_ du
mpi_clients_

# src/t/dNN, NN = 00..11: a file of its own (8 KiB), a link to the file
# of the directory after it, and sub/ with two files.
i=0
while test $i -lt 12; do
  d=$(printf 'src/t/d%02d' $i)
  mkdir -p $d/sub && head -c 8192 /dev/zero > $d/f && : > $d/sub/a \
    && : > $d/sub/b || framework_failure_ "cannot make $d"
  i=$((i + 1))
done
i=0
while test $i -lt 12; do
  ln $(printf 'src/t/d%02d/f' $(((i + 1) % 12))) $(printf 'src/t/d%02d/l' $i) \
    || framework_failure_ "cannot link"
  i=$((i + 1))
done
for r in 0 1 2 3; do
  latfs_mount_ src m$r
done

for args in "-a" "-s -x" "--inodes -d 1" "-a -x -k"; do
  # shellcheck disable=SC2086 # ARGS are words
  ./on-client "$gnu_bin/du" $args tree/t > exp 2> exp.err
  echo "exit $?" >> exp
  for np in $mpi_np_small_; do
    # shellcheck disable=SC2086
    LIBFTS_MPI_SPREAD=20 "$MPIRUN" $mpirun_opts_ -np $np ./on-client \
      "$mpi_bin_/du" $args tree/t < /dev/null > out 2> out.err
    echo "exit $?" >> out
    compare exp out || { echo "-np $np du $args: stdout differs"; fail=1; }
    mpi_messages_ out.err > out.msg
    compare exp.err out.msg || { echo "-np $np du $args: stderr differs"; fail=1; }
  done
done

exit $fail
