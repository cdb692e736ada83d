#!/bin/sh
# Entries that vanish while mpi-du -a walks, at mpirun -np 1, 2 and 4,
# are no errors, as for our du: no message, exit 0, and the lines of our
# du -a for the same situation (a walk stopped where the entries are
# removed, by tests/mpi/hold-preload.c; no timing):
#   - the directory T/sub, removed before the walk first looks at it: on
#     one machine (and at -np 1) at its opening, which is the parallel
#     walk's stat of it; at -np 2 and 4, after the rank that met it
#     stat-ed it and handed it out, before the rank that took it opens
#     it.  No line for T/sub, T counted without it (as GNU du after 9.11;
#     9.1 says "cannot read directory 'T/sub'" and exits 1);
#   - the files of T/sub, removed once the rank that walks T/sub (not
#     rank 0, at -np 2 and 4) read its entries and before it stats them:
#     a line for T/sub, none for its files (9.1 says "cannot access" for
#     each).
# Our du runs its parallel walk (LIBFTS_THREADS=2), the walk each rank
# runs its tasks on: the sequential one stats a directory before it
# opens it, and counts T/sub removed in between (a line for it).  At -np
# 2 and 4 a walk waits up to a second at each directory for a rank to
# ask for it (LIBFTS_MPI_SPREAD), so that T/sub goes to another rank.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

is_sanitized_ "$mpi_du_" \
  && skip_ "built with a sanitizer: its runtime must be preloaded first"
: "${CC:=cc}"
command -v "${CC%% *}" > /dev/null || skip_ "no C compiler ($CC)"
hold_so=$test_dir_/hold.so
$CC -shared -fPIC -o "$hold_so" "$abs_top_srcdir/tests/mpi/hold-preload.c" \
    -ldl > _cc.out 2>&1 \
  || { cat _cc.out >&2; skip_ "cannot build a preloaded library"; }
mkdir "$test_dir_/.ours" \
  && ln -s "$abs_top_builddir/src/du" "$test_dir_/.ours/du" \
  || framework_failure_ "cannot link our du"
LIBFTS_THREADS=1 LIBFTS_MPI_SPREAD=1000
export LIBFTS_THREADS

# make_tree_: a fresh T: T/a/x, T/sub/f1..f5 (1 to 5 KiB), T/z.
make_tree_ ()
{
  rm -rf T && mkdir -p T/a T/sub && : > T/a/x && : > T/z \
    && for i_ in 1 2 3 4 5; do
         head -c $((i_ * 1024)) /dev/zero > T/sub/f$i_ || exit 1
       done || framework_failure_ "cannot make T"
}

# held_run_ HOLD ACTION COMMAND...: on a fresh T, run COMMAND (standard
# output in _out, its exit status appended, standard error in _err) with
# hold-preload.c's library told HOLD (HOLD_OPEN=NAME...); once a process
# of it holds, run the shell command ACTION and let it go on.  The hold's
# line "PID WHERE PATH RANK" is left in _held; no _held if the walk never
# got there.
held_run_ ()
{
  hold_=$1 action_=$2
  shift 2
  make_tree_
  rm -f _held
  # shellcheck disable=SC2163
  (LD_PRELOAD=$hold_so HOLD_MARKER=$PWD/_held
   export LD_PRELOAD HOLD_MARKER "$hold_"
   "$@") > _out 2> _err &
  job_=$!
  while kill -0 $job_ 2> /dev/null; do
    if test -s _held; then
      pid_=$(cut -d ' ' -f 1 _held)
      until grep '^State:[[:space:]]*T' /proc/$pid_/status > /dev/null; do
        kill -0 $pid_ 2> /dev/null || break
        sleep 0.01
      done
      eval "$action_"
      kill -CONT $pid_
      break
    fi
    sleep 0.02
  done
  wait $job_
  echo "exit $?" >> _out
}

# check_case_ NP OURS_HOLD MPI_HOLD ACTION: our du -a T held at OURS_HOLD,
# then mpi-du -a T on NP ranks held at MPI_HOLD, ACTION run at each hold:
# the same lines and status, the same messages (mpirun's boxes dropped).
# At NP 2 and 4, the hold met on a rank other than 0: tried three times,
# as where a directory goes is a race.
check_case_ ()
{
  np_=$1
  LIBFTS_THREADS=2 held_run_ "$2" "$4" env PATH="$test_dir_/.ours:$PATH" du -a T
  test -s _held || framework_failure_ "du -a T: no hold at $2"
  mv _out _exp && mv _err _exp_err
  # shellcheck disable=SC2034
  for try_ in 1 2 3; do
    held_run_ "$3" "$4" run_mpi_ $np_ du -a T
    test -s _held && { test $np_ = 1 || test "$(cut -d ' ' -f 4 _held)" != 0; } \
      && break
    rm -f _held
  done
  test -s _held || framework_failure_ "-np $np_: no hold at $3 off rank 0"
  echo "-np $np_: held at $(cut -d ' ' -f 2- _held)"
  compare _exp _out || { echo "-np $np_, $3: not our du's lines" >&2; fail=1; }
  mpi_messages_ _err > _e
  compare _exp_err _e \
    || { echo "-np $np_, $3: not our du's messages" >&2; fail=1; }
}

for np in $mpi_np_list_; do
  mpi_hold=HOLD_HANDED=sub
  test $np = 1 && mpi_hold=HOLD_OPEN=sub
  check_case_ $np HOLD_OPEN=sub $mpi_hold 'rm -r T/sub'
  # And our du's outcome is the one above: no T/sub, no message, exit 0.
  grep 'T/sub' _out && { echo "-np $np: a line for T/sub" >&2; fail=1; }
  tail -n 1 _out | grep -x 'exit 0' > /dev/null || fail=1
  compare /dev/null _e || fail=1

  check_case_ $np HOLD_READ=sub HOLD_READ=sub 'rm T/sub/f*'
  grep 'T/sub/' _out && { echo "-np $np: a line for T/sub/f*" >&2; fail=1; }
  grep '	T/sub$' _out > /dev/null \
    || { echo "-np $np: no line for T/sub" >&2; fail=1; }
  tail -n 1 _out | grep -x 'exit 0' > /dev/null || fail=1
  compare /dev/null _e || fail=1
done

exit $fail
