#!/bin/sh
# A cycle across a task boundary: a server whose export loops (bench/latfs
# over a tree in which t/a is bind-mounted on t/a/b/c/d/e; each rank's own
# mount sees one file system, and t/a/b/c/d/e with t/a's inode).  mpi-du
# and mpi-rm at -np 1, 2 and 4, each rank on a latfs mount of its own,
# say what our du and rm with threads (LIBFTS_THREADS=4) say on one
# mount, with the same exit status (and rm leaves the same tree): the
# cycle at its first repeat, t/a/b/c/d/e, though the rank that walks it
# took a task below t/a, the directory repeated (the task carries its
# ancestors' identities).  Before, such a rank went round the loop once
# more and found the next repeat itself, a lap lower: mpi-du said
# nothing of the cycle and summed the loop's directories.  GNU du 9.1
# (its tight cycle check) prints what our du prints, compared too.  GNU
# rm 9.1's lazy check does not find this cycle: it goes round the loop
# once and says "cannot remove 'tree/t/a/b/c/d/e/b/c/d/e': Device or
# resource busy" (tests/rm/cycle-remote.sh compares our rm's single
# thread with it); with threads ours warns at t/a/b/c/d/e and leaves
# t/a/b/c/d to its rmdir, which fails, and the same directories are
# left.  Root only (bind mount, unshare).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_gnu_ du
mpi_clients_

# Each rank's client has its mount at tree, not a bind of m$RANK there:
# a file system mounted twice makes rm walk on rank 0 alone (src/walk-
# util.c's mounts_may_cycle).  unshare -m makes the mounts private, so
# the move is the namespace's alone.
cat > on-own-client <<'EOT' || framework_failure_ "cannot write on-own-client"
#!/bin/sh
exec unshare -m sh -c 'mount --move m${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}} tree && exec "$@"' sh "$@"
EOT
chmod +x on-own-client || framework_failure_ "cannot make on-own-client executable"
mkdir ours && ln -s "$abs_top_builddir/src/du" ours/du \
  && ln -s "$abs_top_builddir/src/rm" ours/rm \
  || framework_failure_ "cannot link our programs"
mpi_programs_ rm

# loop_: src/t, a wide top, dNN (NN = 00..11) with sub/ and a file each,
# for the ranks to take, and the loop deep enough to be handed out
# several levels below t/a: a/f, a/b/c/d/e bound to a, a/b/c/d/g/h/z;
# m0 to m3 latfs mounts of src.
loop_ ()
{
  i=0
  while test $i -lt 12; do
    d=$(printf 'src/t/d%02d' $i)
    mkdir -p $d/sub && : > $d/f && : > $d/sub/x \
      || framework_failure_ "cannot make $d"
    i=$((i + 1))
  done
  mkdir -p src/t/a/b/c/d/e src/t/a/b/c/d/g/h && : > src/t/a/f \
    && : > src/t/a/b/c/d/g/h/z || framework_failure_ "cannot make src/t/a"
  mount_ --bind src/t/a src/t/a/b/c/d/e || skip_ "cannot bind-mount"
  for r in 0 1 2 3; do
    latfs_mount_ src m$r
  done
}

# unloop_ FILE: the mounts gone, what is left of src/t listed in FILE.
unloop_ ()
{
  for r in 0 1 2 3; do
    latfs_umount_ m$r || framework_failure_ "cannot unmount m$r"
  done
  umount src/t/a/b/c/d/e || framework_failure_ "cannot unmount the bind"
  (cd src && find t -printf '%y %P\n' | LC_ALL=C sort) > "$1"
  rm -rf src || framework_failure_ "cannot remove src"
}

# run_ NP PROGRAM ARGS: PROGRAM on tree/t with 4 threads (make check
# gives the tests 1, with which rm walks as GNU rm does), ours on one
# client when NP is 0, else the MPI one on NP ranks, each on a client of
# its own (mpirun gives them the environment on one machine); standard
# output, "exit STATUS" in out, messages in out.msg.
run_ ()
{
  np=$1 prog=$2
  shift 2
  if test $np = 0; then
    ./on-own-client env LIBFTS_THREADS=4 PATH="$PWD/ours:$PATH" \
      $prog "$@" tree/t > out 2> out.msg
    echo "exit $?" >> out
  else
    # A job that went round the loop for ever would hang the test.
    LIBFTS_THREADS=4 LIBFTS_MPI_SPREAD=20 timeout 120 "$MPIRUN" \
      $mpirun_opts_ -np $np \
      ./on-own-client "$mpi_bin_/$prog" "$@" tree/t < /dev/null \
      > out 2> out.err
    echo "exit $?" >> out
    mpi_messages_ out.err > out.msg
  fi
}

loop_
for args in "-a" "-s" "--inodes"; do
  # shellcheck disable=SC2086 # ARGS are words
  run_ 0 du $args && mv out exp && mv out.msg exp.msg
  grep -F 'tree/t/a/b/c/d/e' exp.msg > /dev/null \
    || framework_failure_ "du $args finds no cycle at tree/t/a/b/c/d/e"
  ./on-own-client env PATH="$gnu_bin:$PATH" du $args tree/t > gnu 2> gnu.msg
  echo "exit $?" >> gnu
  compare gnu exp || { echo "du $args: stdout not GNU's"; fail=1; }
  compare gnu.msg exp.msg || { echo "du $args: stderr not GNU's"; fail=1; }
  for np in $mpi_np_small_; do
    # shellcheck disable=SC2086
    run_ $np du $args
    compare exp out || { echo "-np $np du $args: stdout differs"; fail=1; }
    compare exp.msg out.msg || { echo "-np $np du $args: stderr differs"; fail=1; }
  done
done
unloop_ /dev/null

for np in 0 $mpi_np_small_; do
  loop_
  run_ $np rm -rf
  unloop_ tree.$np
  if test $np = 0; then
    mv out exp && mv out.msg exp.msg && mv tree.0 exp.tree
    grep -F 'tree/t/a/b/c/d/e' exp.msg > /dev/null \
      || framework_failure_ "rm finds no cycle at tree/t/a/b/c/d/e"
    continue
  fi
  compare exp out || { echo "-np $np rm: stdout differs"; fail=1; }
  compare exp.msg out.msg || { echo "-np $np rm: stderr differs"; fail=1; }
  compare exp.tree tree.$np || { echo "-np $np rm: tree differs"; fail=1; }
done

exit $fail
