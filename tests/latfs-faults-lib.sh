# tests/latfs-faults-lib.sh: GNU's program and ours on a file system
# whose server fails or stalls (bench/latfs's fault= and stall= options),
# for the tests tests/{rm,du,chmod,chown}/latfs-fault-*.sh and
# latfs-stall.sh.  Each program runs on a copy of its own of the same
# tree, mounted through latfs with the same rules and 200 us a request;
# they must print the same (stdout, stderr with the program named alike,
# exit status), leave the same tree, and end: a run that does not end in
# $faults_watchdog_ seconds (default 120, far above the few seconds one
# takes) fails.  Sourced, never run, after tests/init.sh, the program's
# init file (which links ours into $test_dir_/.bin) and require_gnu_
# PROGRAM (GNU's into $gnu_bin).

command -v timeout > /dev/null || skip_ "timeout not found"
: "${faults_watchdog_:=120}"
faults_cases_=0

# faults_tree_ DIR: the tree each case starts from, DIR/t (latfs_tree_).
# A test may define its own before faults_case_.
faults_tree_ ()
{
  latfs_tree_ "$1/t"
}

# faults_side_ SIDE BINDIR RULES PROGRAM ARGS...: in a directory of its
# own for SIDE (gnu or ours) and this case, make the tree in src, mount it
# on mnt through latfs with RULES (comma-separated fault= and stall=
# options), run PROGRAM ARGS... there with BINDIR first in PATH, and
# leave its stdout and status in _out.SIDE, its stderr in _err.SIDE, the
# tree left in src in _tree.SIDE, and latfs's stats in _stats.SIDE.
faults_side_ ()
{
  side_=$1 bin_=$2 rules_=$3
  shift 3
  d_=$side_$faults_cases_
  mkdir $d_ $d_/mnt || framework_failure_ "cannot make $d_"
  faults_tree_ $d_/src
  latfs_mount_ $d_/src $d_/mnt "delay_us=200,$rules_"
  (cd $d_ && exec timeout $faults_watchdog_ \
     sh -c 'PATH=$0:$PATH; exec "$@"' "$bin_" "$@") \
    > _out.$side_ 2> _err.$side_
  st_=$?
  echo "exit $st_" >> _out.$side_
  test $st_ = 124 \
    && { echo "$side_ $*: no end in $faults_watchdog_ s" >&2; fail=1; }
  latfs_umount_ $d_/mnt || framework_failure_ "cannot unmount $d_/mnt"
  cp "$latfs_mp_.latfs-stats" _stats.$side_ \
    || framework_failure_ "no latfs stats for $side_"
  (cd $d_/src && find . -mindepth 1 -printf '%y %m %U:%G %n %s %P\n') \
    | LC_ALL=C sort > _tree.$side_
}

# faults_case_ RULES PROGRAM ARGS...: run GNU's PROGRAM and ours on the
# tree with RULES, each on mnt/t, and fail unless both printed and left
# the same, and unless latfs failed or held back at least one request of
# each (else the case would test nothing).  Where GNU 9.1 says something
# else than the later GNU that ours follows, the test sets faults_gnu_91_
# to a sed script that turns 9.1's stderr into the later one's, and says
# why; it is applied only when GNU's PROGRAM is 9.1.
faults_case_ ()
{
  rules_=$1
  shift
  faults_cases_=$((faults_cases_ + 1))
  faults_side_ gnu "$gnu_bin" "$rules_" "$@" mnt/t
  faults_side_ ours "$test_dir_/.bin" "$rules_" "$@" mnt/t
  if test -n "$faults_gnu_91_" && is_gnu_91_ "/usr/bin/$1"; then
    sed "$faults_gnu_91_" _err.gnu > _err.gnu.later \
      && mv _err.gnu.later _err.gnu || framework_failure_ "sed failed"
  fi
  for x_ in out err tree; do
    compare _$x_.gnu _$x_.ours \
      || { echo "$*, $rules_: ${x_} differs from GNU's" >&2; fail=1; }
  done
  for side_ in gnu ours; do
    n_=$(sed -n -e 's/^faults //p' -e 's/^stalls //p' _stats.$side_ \
           | awk '{ n += $1 } END { print n + 0 }')
    test "$n_" -gt 0 \
      || { echo "$side_ $*: latfs met no request of $rules_" >&2; fail=1; }
  done
}

# faults_expect_ STATUS [LINE...]: fail unless ours (the last
# faults_case_) exited with STATUS and wrote exactly the LINEs to stderr.
faults_expect_ ()
{
  echo "exit $1" > _exp.st
  tail -n 1 _out.ours | compare _exp.st - || fail=1
  shift
  if test $# = 0; then : > _exp.err; else printf '%s\n' "$@" > _exp.err; fi
  compare _exp.err _err.ours || fail=1
}

# faults_stat_ SIDE KEY: the figure KEY of latfs's stats for SIDE in the
# last faults_case_.
faults_stat_ ()
{
  sed -n "s/^$2 //p" _stats.$1
}

# faults_stall_tree_ DIR: DIR/t/s, a directory of two files (the one a
# stall test holds back), beside DIR/t/big, latfs_tree_'s tree.
faults_stall_tree_ ()
{
  latfs_tree_ "$1/t/big"
  mkdir "$1/t/s" && : > "$1/t/s/a" && : > "$1/t/s/b" \
    || framework_failure_ "cannot make $1/t/s"
}

# faults_went_on_: with worker threads (LIBFTS_THREADS other than 1),
# fail unless ours went on with t/big while t/s's stall held one request
# back, in the last faults_case_ on faults_stall_tree_'s tree: latfs
# counts the requests that began meanwhile, and each entry of t/big needs
# one at least (its lookup, unlink or change).  Whichever of t/s and
# t/big the listing of t gives first, a thread takes t/s as soon as t is
# read, so the stall begins before t/big's entries.  GNU's programs, and
# ours with one thread, walk one request at a time: none (they end 3 s
# later or more).
faults_went_on_ ()
{
  test "${LIBFTS_THREADS-}" != 1 || return 0
  faults_stall_tree_ _count
  need_=$(find _count/t/big | wc -l)
  got_=$(faults_stat_ ours during_stalls)
  test "$got_" -ge "$need_" || {
    echo "ours: $got_ requests during the stall, not $need_ or more" >&2
    fail=1
  }
}

# faults_long_dir_tree_ DIR: latfs_tree_'s tree in DIR/t, with 300 more
# files in t/d6, all in the first piece of its listing for GNU's
# programs and ours alike (a piece holds what one getdents asks for:
# 1,022 such names for GNU's 32 KiB, more for ours), so that with
# readdir_more every name is read and then the read that would find the
# listing's end fails.  With more names than GNU's getdents takes, the
# programs would see different parts of the listing before the error.
faults_long_dir_tree_ ()
{
  latfs_tree_ "$1/t"
  (cd "$1/t/d6" && seq -f g%g 300 | xargs touch) \
    || framework_failure_ "cannot fill $1/t/d6"
}
