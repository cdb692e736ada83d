# tests/mpi/mpi-init.sh: helpers shared by the tests of the MPI programs.
# Sourced, never run, right after tests/init.sh:
#   . "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
#   . "$abs_top_srcdir/tests/mpi/mpi-init.sh"
#
# Skips (77) unless configure built the MPI programs and mpirun is found
# ($MPIRUN from make check, else mpirun in PATH).  Each program is linked
# under its GNU name in .bin, so that its messages start as GNU's do
# ('du: ...'); run_mpi_ NP PROGRAM ARGS... runs it on NP ranks.  On
# return the test runs in "$test_dir_/w", an empty directory of its own.

# The job sizes each test runs at: 8 more ranks than this machine's
# processors (oversubscribed), where one rank's work is handed to
# another many times over; mpi_np_small_ for the tests that give each
# rank a mount of its own (mpi_clients_: m0 to m3) or that take long.
mpi_np_list_='1 2 4 8'
mpi_np_small_='1 2 4'

mpi_du_=$abs_top_builddir/src/mpi-du
test -x "$mpi_du_" || skip_ "MPI programs not built (configure found no MPI)"
: "${MPIRUN:=$(command -v mpirun)}"
test -n "$MPIRUN" && test -x "$MPIRUN" || skip_ "mpirun not found"

# Open MPI runs no more ranks than processors without --oversubscribe,
# and as root only when told twice that it may; MPICH's mpirun (hydra)
# knows neither and needs neither.  "$mpi_export_ VAR" gives the ranks
# VAR (-x, hydra's -genvlist).  A rank finds its number in
# OMPI_COMM_WORLD_RANK, under MPICH in PMI_RANK.  mpi_kind_: openmpi,
# or mpich for any other mpirun (hydra's).  Open MPI's mpirun says
# "(Open MPI)" in its --version, or "(OpenRTE)" when called mpirun.openmpi.
mpirun_opts_= mpi_export_=-genvlist mpi_kind_=mpich
if "$MPIRUN" --version 2>/dev/null | grep -E 'Open MPI|OpenRTE' > /dev/null; then
  mpirun_opts_=--oversubscribe mpi_export_=-x mpi_kind_=openmpi
  if test "$(id -u)" = 0; then
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
  fi
fi

mkdir .bin && ln -s "$mpi_du_" .bin/du || framework_failure_ "cannot link $mpi_du_"
mpi_bin_=$test_dir_/.bin

# mpi_programs_ PROGRAM...: mpi-PROGRAM in mpi_bin_ by its GNU name, as
# du is, for run_mpi_ and a test's own mpirun lines.
mpi_programs_ ()
{
  for p_ in "$@"; do
    test -x "$abs_top_builddir/src/mpi-$p_" \
      || framework_failure_ "src/mpi-$p_ is not built"
    ln -s "$abs_top_builddir/src/mpi-$p_" "$mpi_bin_/$p_" \
      || framework_failure_ "cannot link mpi-$p_"
  done
}
mkdir w && cd w || framework_failure_ "cannot make the work directory"

# The size variables would change every number du prints.
unset DU_BLOCK_SIZE BLOCK_SIZE BLOCKSIZE POSIXLY_CORRECT TIME_STYLE

# run_mpi_ NP PROGRAM ARGS...: PROGRAM (its GNU name) on NP ranks (as
# nobody after require_unprivileged_, with a home of its own for
# mpirun).  A walk waits up to 20 ms at each directory for an idle rank
# to take it (LIBFTS_MPI_SPREAD), so that even a small tree is spread
# over them.  Standard input is not the caller's: mpirun would read it
# for rank 0.  With mpi_limit_ set (seconds; needs timeout(1)), a job
# that runs longer is ended (status 124) rather than hang the test.
run_mpi_ ()
{
  np_=$1 prog_=$2
  shift 2
  home_=$HOME
  test -z "$unpriv_" || home_=$test_dir_
  $unpriv_ env HOME="$home_" LIBFTS_MPI_SPREAD="${LIBFTS_MPI_SPREAD-20}" \
    ${mpi_limit_:+timeout "$mpi_limit_"} \
    "$MPIRUN" $mpirun_opts_ -np "$np_" "$mpi_bin_/$prog_" "$@" < /dev/null
}

# mpi_messages_ FILE: FILE, a job's standard error, less the boxes mpirun
# adds to it (between lines of dashes) when a rank exits with a status
# other than 0, and with the program named as GNU's ('du: ', not the path
# that mpirun was given, which the program names itself by).
mpi_messages_ ()
{
  awk '/^-------------------+$/ { box = !box; next } !box' "$1" \
    | sed "s|^$mpi_bin_/||"
}

# mpi_clients_: each rank a client of its own (tests/mpi/clients.sh,
# inflight.sh).  Needs root and unshare -m (skips without them); makes
# the mount points m0..m3, for the test's mounts, and tree, and writes
# ./on-client: "on-client ARGS..." runs ARGS in a mount namespace of its
# own where tree is m$OMPI_COMM_WORLD_RANK (MPICH: m$PMI_RANK), as "mpirun -np N ./on-client
# PROGRAM..." does in each rank.
mpi_clients_ ()
{
  require_root_
  command -v unshare > /dev/null || skip_ "unshare not found"
  unshare -m true 2> /dev/null || skip_ "unshare -m is not allowed here"
  mkdir tree m0 m1 m2 m3 || framework_failure_ "cannot make the mount points"
  cat > on-client <<EOT || framework_failure_ "cannot write on-client"
#!/bin/sh
exec unshare -m sh -c 'mount --bind m\${OMPI_COMM_WORLD_RANK:-\${PMI_RANK:-0}} tree && exec "\$@"' sh "\$@"
EOT
  chmod +x on-client || framework_failure_ "cannot make on-client executable"
}

# mpi_operands_tree_: in the current directory, the tree the tests of
# several operands start from: m/sN (N = 0..11) with sN/a/b and a file
# at each level (subdirectories for other ranks to take), a/b/c, a/f,
# a/b/g and its hard link d/h, e/f/z, a symbolic link sl to a, a dangling
# one, a file top.
mpi_operands_tree_ ()
{
  mkdir -p a/b/c d e/f && echo hi > a/f && echo x > a/b/g && ln a/b/g d/h \
    && ln -s a sl && ln -s nowhere dang && : > e/f/z && : > top \
    || return 1
  i=0
  while test $i -lt 12; do
    mkdir -p m/s$i/a/b && echo $i > m/s$i/x && echo $i > m/s$i/a/y \
      && echo $i > m/s$i/a/b/z || return 1
    i=$((i + 1))
  done
}

# mpi_operands_case_ NP PROGRAM ARGS: PROGRAM ARGS (a shell command's
# words: globs expand in the tree) run by GNU's /usr/bin/PROGRAM and by
# mpi-PROGRAM on NP ranks, each in a new mpi_operands_tree_: the same
# output, messages, exit status and tree left, or fail=1.
mpi_operands_case_ ()
{
  np_c_=$1 prog_c_=$2
  shift 2
  for side_ in G T; do
    mkdir $side_ && (cd $side_ && mpi_operands_tree_) \
      || framework_failure_ "cannot make the tree"
  done
  (cd G && eval "/usr/bin/$prog_c_ $*") > _exp 2> _exp_err
  echo "exit $?" >> _exp
  (cd T && eval "run_mpi_ $np_c_ $prog_c_ $*") > _out 2> _err
  echo "exit $?" >> _out
  sed "s|^/usr/bin/$prog_c_: |$prog_c_: |" _exp_err > _ee
  mpi_messages_ _err > _e
  for side_ in G T; do
    find $side_ -mindepth 1 -printf '%y %m %n %P\n' | LC_ALL=C sort \
      > _tree_$side_
  done
  compare _exp _out && compare _ee _e && compare _tree_G _tree_T \
    || { echo "-np $np_c_ $prog_c_ $*: not GNU's" >&2; fail=1; }
  chmod -R u+rwx G T 2> /dev/null; rm -rf G T
}
