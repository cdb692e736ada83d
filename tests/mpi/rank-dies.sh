#!/bin/sh
# A rank that dies in the middle of a walk makes the job fail, with a
# message, rather than hang: rank 1 of mpi-du at -np 2 is killed (SIGKILL)
# while rank 0 is stopped (SIGSTOP) in the middle of the walk, which then
# goes on (SIGCONT).  A rank is found by the number its MPI gives it
# (Open MPI: OMPI_COMM_WORLD_RANK, MPICH: PMI_RANK).  Open MPI's mpirun
# names the dead rank on standard error ("rank 1"); MPICH's (hydra 4.0)
# names its pid only, in a box on standard output ("BAD TERMINATION"),
# or, when the rank died while MPI started, says its own error
# ("[mpiexec@HOST] ... process manager error").

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

for i in $(seq 200); do
  mkdir -p T/d$i/a T/d$i/b T/d$i/c || framework_failure_ "cannot make T"
done

LIBFTS_MPI_SPREAD=100 run_mpi_ 2 du T > _out 2> _err &
job=$!

# rank_pid_ N: the pid of rank N of our job, once it runs.
rank_pid_ ()
{
  for p_ in $(pgrep -x du); do
    tr '\0' '\n' < /proc/$p_/environ 2>/dev/null \
      | grep -x -E "(OMPI_COMM_WORLD_RANK|PMI_RANK)=$1" > /dev/null \
      && grep -F "$test_dir_" /proc/$p_/environ > /dev/null 2>&1 \
      && { echo $p_; return 0; }
  done
  return 1
}

victim= rank0=
for t in $(seq 400); do
  rank0=$(rank_pid_ 0) && victim=$(rank_pid_ 1) && break
  sleep 0.025
done
test -n "$victim" && test -n "$rank0" \
  || framework_failure_ "the ranks never started"
kill -STOP "$rank0" || framework_failure_ "cannot stop rank 0"
kill -9 "$victim" || framework_failure_ "cannot kill rank 1"
kill -CONT "$rank0"

# The job ends within a minute, with a status other than 0.
for t in $(seq 1 120); do
  kill -0 $job 2>/dev/null || break
  sleep 0.5
done
if kill -0 $job 2>/dev/null; then
  echo "the job still runs a minute after rank 1 died" >&2
  kill -9 $job
  fail=1
fi
wait $job
st=$?
test $st != 0 || { echo "the job exited with 0 after rank 1 died" >&2; fail=1; }
if test "$mpi_kind_" = openmpi; then
  grep 'rank 1' _err > /dev/null \
    || { echo "no message names the dead rank:" >&2; cat _err >&2; fail=1; }
else
  grep -e 'BAD TERMINATION' -e '^\[mpiexec@' _out _err > /dev/null \
    || { echo "no message says a rank died:" >&2; cat _out _err >&2; fail=1; }
fi

exit $fail
