# tests/init.sh: helpers shared by the shell tests.  Sourced, never run.
#
# A test starts with
#   . "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
# and ends with 'exit $fail'.  On return from this file the test runs in a
# fresh temporary directory of its own, removed (after unmounting whatever
# the test mounted and detaching its loop devices) when the test exits.
#
# Exit statuses, as automake's test driver reads them: 0 pass, 1 fail,
# 77 skipped (the reason goes to stderr), 99 the set-up itself broke.
#
# POSIX sh: the tests run under $(SHELL), which is dash on Debian.

LC_ALL=C
export LC_ALL
fail=0

# make check exports both; by hand, the tree two levels above the script.
: "${abs_top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${abs_top_builddir:=$abs_top_srcdir}"
export abs_top_srcdir abs_top_builddir

# libfts reads these at fts_open: a test that wants one sets it itself.
unset LIBFTS_INODE_SORT_THRESHOLD LIBFTS_INODE_SORT_FS LIBFTS_STATS_FILE

test_name_=$(basename "$0" .sh)

skip_ ()
{
  echo "$test_name_: skipped test: $*" >&2
  exit 77
}

framework_failure_ ()
{
  echo "$test_name_: set-up failure: $*" >&2
  exit 99
}

require_root_ ()
{
  test "$(id -u)" = 0 || skip_ "requires root"
}

# compare EXPECTED ACTUAL: silent when the files are identical, a unified
# diff otherwise; the status is diff's.
compare ()
{
  diff -u "$1" "$2"
}

# check_status_ EXPECTED ACTUAL WHAT: fail unless the exit status of WHAT,
# ACTUAL, is EXPECTED; WHAT says which command in the message.
check_status_ ()
{
  test "$1" = "$2" || { echo "$3: exit $2, not $1" >&2; fail=1; }
}

# is_gnu_91_ PROGRAM: true when PROGRAM (a path) is GNU coreutils 9.1, the
# one on Debian 12, which predates some of the behaviour we follow (that of
# later GNU): a test of such behaviour checks 9.1's instead, and says so.
is_gnu_91_ ()
{
  "$1" --version 2>/dev/null | sed -n 1p | grep ' (GNU coreutils) 9\.1$' \
    > /dev/null
}

# require_gnu_ PROGRAM...: skip unless each /usr/bin/PROGRAM is GNU's;
# gnu_bin is then a directory where each is linked under its own name,
# for (PATH=$gnu_bin:$PATH; exec PROGRAM ...).
require_gnu_ ()
{
  gnu_bin=$test_dir_/.gnu
  mkdir "$gnu_bin" || framework_failure_ "cannot make $gnu_bin"
  for p_; do
    /usr/bin/$p_ --version 2>/dev/null | sed 1q \
      | grep "^$p_ (GNU coreutils) " > /dev/null \
      || skip_ "/usr/bin/$p_ is not GNU $p_"
    ln -s /usr/bin/$p_ "$gnu_bin/$p_" || framework_failure_ "cannot link $p_"
  done
}

# ---- the programs under test, as another user -------------------------------
# A program's init file (rm-init.sh, du-init.sh, chmod-init.sh) links the
# programs under test into $test_dir_/.bin under their own names.

# Prefix for running as an unprivileged user: set by require_unprivileged_.
unpriv_=

# require_unprivileged_: permission checks mean nothing to root, so as
# root run the programs under test as nobody (setpriv), with the work
# directory open to it; as anyone else, run them as is.  Files the test
# makes stay the test's own; whatever should belong to the programs' user
# is made with as_user_.
require_unprivileged_ ()
{
  test "$(id -u)" = 0 || return 0
  command -v setpriv > /dev/null || skip_ "root, and setpriv not found"
  unpriv_='setpriv --reuid=65534 --regid=65534 --clear-groups'
  chmod 755 "$test_dir_" && chmod 777 . \
    || framework_failure_ "cannot open $test_dir_ to nobody"
  for p_ in "$test_dir_"/.bin/*; do
    $unpriv_ test -x "$p_" \
      || skip_ "nobody cannot run $(readlink "$p_") (a parent directory is closed to it)"
  done
}

# as_user_ COMMAND...: run COMMAND as the user the programs under test run
# as (nobody after require_unprivileged_ as root, else ourselves).
as_user_ ()
{
  $unpriv_ "$@"
}

# ---- mounts and loop devices, undone by the exit trap -----------------------
# Newline-separated, most recent last; the trap undoes them in reverse.
mounts_=
loops_=

# mount_ ARGS... MOUNTPOINT: mount(8) ARGS MOUNTPOINT and remember to
# unmount MOUNTPOINT on exit.  Returns mount's status.
mount_ ()
{
  for mp_; do :; done
  mp_=$(cd "$mp_" && pwd) || return
  mount "$@" || return
  mounts_="$mp_
$mounts_"
}

# loop_attach_ IMAGE: attach IMAGE to a free loop device, whose name is left
# in $loop_dev_, and remember to detach it on exit.  Returns losetup's
# status.
loop_attach_ ()
{
  loop_dev_=$(losetup -f --show "$1") || return
  loops_="$loop_dev_
$loops_"
}

# mount_scratch_ext4_ SIZE INODES: a fresh ext4 file system of SIZE bytes
# (truncate's syntax) with INODES inodes, loop-mounted on ./mnt and undone
# on exit.  Skips (77) without root, mkfs.ext4 or loop devices.
mount_scratch_ext4_ ()
{
  require_root_
  for tool_ in mkfs.ext4 losetup mount umount; do
    command -v $tool_ > /dev/null || skip_ "$tool_ not found"
  done
  test -e /dev/loop-control || skip_ "no loop devices"
  truncate -s "$1" img && mkfs.ext4 -q -F -N "$2" img \
    || framework_failure_ "cannot make an ext4 image"
  loop_attach_ img || skip_ "cannot attach a loop device"
  mkdir mnt && mount_ -t ext4 "$loop_dev_" mnt || skip_ "cannot mount ext4"
}

# ---- a directory bind-mounted below itself, against GNU's programs ----------
# bind_cycle_tree_ SHAPE: a fresh ./a, bind-mounted below itself on $at_
# (unmounted by the exit trap if still there); the operand in $op_:
#   1  a on a/b, walked from a: the mount point repeats a;
#   2  a on a/b/c, walked from a/b: a/b/c/b repeats a/b, a level below the
#      mount (GNU rm, chmod and chown walk through it, du skips it);
#   3  a on a/d1/d2/d3/d4, a file and a subdirectory beside each, walked
#      from a/d1: GNU's lazy check finds the cycle three levels below.
bind_cycle_tree_ ()
{
  case $1 in
    1|2) mkdir -p a/b/c a/b/d && : > a/x && : > a/b/d/f ;;
    3) at_=a
       for i_ in 1 2 3 4; do
         mkdir -p $at_/s$i_/t $at_/d$i_ && : > $at_/f$i_ \
           && : > $at_/s$i_/t/g || break
         at_=$at_/d$i_
       done ;;
  esac || framework_failure_ "cannot make the tree of shape $1"
  case $1 in
    1) at_=a/b op_=a ;;
    2) at_=a/b/c op_=a/b ;;
    3) op_=a/d1 ;;
  esac
  mount_ --bind a $at_ || skip_ "cannot bind-mount"
}

# compare_cycles_with_gnu_ PROGRAM ARGS...: on each shape of
# bind_cycle_tree_, GNU's PROGRAM (require_gnu_ PROGRAM first) and ours
# (run_PROGRAM), each on a fresh tree, given ARGS and the shape's operand,
# print the same stdout and stderr, exit with the same status and leave
# the same tree (type, mode, owner, name; listed once unmounted).  With
# hide_proc_=yes, each runs with a tmpfs over /proc, in a mount namespace
# of the test's own (umount needs /proc: it is back before).
compare_cycles_with_gnu_ ()
{
  for shape_ in 1 2 3; do
    for side_ in gnu ours; do
      bind_cycle_tree_ $shape_
      if test "$hide_proc_" = yes; then
        mount -t tmpfs none /proc || framework_failure_ "cannot hide /proc"
      fi
      if test $side_ = gnu; then
        (PATH=$gnu_bin:$PATH; exec "$@" $op_) > _out.$side_ 2> _err.$side_
      else
        (prog_=$1; shift; run_$prog_ "$@" $op_) > _out.$side_ 2> _err.$side_
      fi
      echo "exit $?" >> _out.$side_
      if test "$hide_proc_" = yes; then
        umount /proc || framework_failure_ "cannot show /proc again"
      fi
      umount $at_ || framework_failure_ "cannot unmount $at_"
      find a -printf '%y %m %u:%g %P\n' 2>/dev/null | LC_ALL=C sort \
        > _tree.$side_
      rm -rf a || framework_failure_ "cannot remove a"
    done
    for f_ in _out _err _tree; do
      compare $f_.gnu $f_.ours || { echo "shape $shape_: $* $op_" >&2; fail=1; }
    done
  done
}

# require_strace_inject_: skip unless strace can trace here (ptrace may be
# denied in a container) and stop a process by signal injection.
require_strace_inject_ ()
{
  command -v strace > /dev/null || skip_ "strace not found"
  strace -qq -o /dev/null -e trace=openat \
      -e inject=openat:signal=SIGCONT:when=1000 true 2> /dev/null \
    || skip_ "strace cannot trace or inject signals here"
}

# hold_at_open_ NAME ACTION COMMAND...: run COMMAND, stop it (all its
# threads) when it first opens a file by the bare name NAME, run the shell
# command ACTION meanwhile, let COMMAND go on and return its exit status.
# No timing: strace stops it by injecting SIGSTOP at that openat and writes
# the call to a FIFO, whose line says COMMAND is stopped (the signal is
# delivered before it runs any more of its code).  COMMAND's pid is the
# shell's that execs it.  Needs require_strace_inject_.
hold_at_open_ ()
{
  hold_name_=$1 hold_action_=$2
  shift 2
  rm -f _held.fifo _held.pid && mkfifo _held.fifo \
    || framework_failure_ "cannot make a FIFO"
  strace -f -qq -o _held.fifo -P "$hold_name_" -e trace=openat,openat2 \
      -e inject=openat,openat2:signal=SIGSTOP:when=1 \
      sh -c 'echo $$ > _held.pid; exec "$@"' sh "$@" &
  hold_pid_=$!
  { read -r hold_line_ && eval "$hold_action_"
    kill -CONT "$(cat _held.pid)"; cat > /dev/null; } < _held.fifo
  wait $hold_pid_
}

# is_sanitized_ PROGRAM: true when PROGRAM was built with a sanitizer
# (./configure --enable-sanitizers, make check-sanitizers, make check-tsan):
# it then calls its runtime's start-up, __asan_init or __tsan_init.  For
# the tests that such a build cannot pass for reasons of its runtime's own
# (it needs /proc, or address space beyond a small ulimit -v): they skip
# with that reason, and only there.
is_sanitized_ ()
{
  nm -D "$1" 2> /dev/null | grep -E ' U __(asan|tsan)_init$' > /dev/null
}

# ---- sanitizer reports ---------------------------------------------------------
# Programs built with sanitizers write their reports into $san_reports_
# (log_path, one file per process), where the exit trap finds them however
# the test treated the program's stderr or exit status: any report fails
# the test, and is copied into its log.  Programs built without sanitizers
# ignore these variables.  Not UBSan's beside ASan: gcc 12's libubsan
# writes to stderr then, whatever log_path says, and the test sees the
# report only in the program's stderr and exit status.
san_reports_=

# san_reports_check_: print the sanitizer reports written during the test
# to stderr; false when there are any.
san_reports_check_ ()
{
  test -n "$san_reports_" && test -d "$san_reports_" || return 0
  san_found_=
  for r_ in "$san_reports_"/*; do
    test -f "$r_" || continue
    echo "$test_name_: sanitizer report ($(basename "$r_")):" >&2
    cat "$r_" >&2
    san_found_=1
  done
  test -z "$san_found_"
}

# ---- the symlink-swap race --------------------------------------------------
# swap_stop_ PID OUT DIR: stop tests/rm/swap-helper, running as PID with its
# stdout to OUT and swapping in DIR; put back a directory it was killed in
# the middle of swapping; set swap_count_ to the swaps it made.  SIGTERM
# twice: the first may reach the forked shell before it execs the helper
# (lost, or deferred), or the helper before it installs its handler (it
# dies without printing: no count, and 0 is taken).
swap_stop_ ()
{
  kill "$1" 2>/dev/null; sleep 0.1; kill "$1" 2>/dev/null; wait "$1"
  swap_count_=$(cat "$2")
  swap_count_=${swap_count_:-0}
  for v_ in "$3"/v*.swap; do
    test -e "$v_" || continue
    rm -f "${v_%.swap}" && mv "$v_" "${v_%.swap}" \
      || framework_failure_ "restore $v_"
  done
}

# race_setup_ COUNT [SUBS]: the directory "outside" (under the names the
# tree uses, with modes 751, 640 and 604, so that a change of mode shows),
# its listing in _exp.outside, and the tree t/dir/v0..v{COUNT-1}, each
# with twenty files and a subdirectory sub of one (race_tree_), which
# tests/rm/swap-helper swaps for symbolic links to "outside".  With SUBS,
# SUBS more subdirectories sub1.. beside sub, in each vN and in the
# outside: more directories below a swapped one for a parallel walk to
# hand out.  race_swaps_ counts the helper's swaps.
race_setup_ ()
{
  race_helper_=$abs_top_builddir/tests/rm/swap-helper
  test -x "$race_helper_" || framework_failure_ "tests/rm/swap-helper not built"
  race_subs_=sub
  for i_ in $(seq 1 "${2-0}"); do race_subs_="$race_subs_ sub$i_"; done
  mkdir -p outside/v0 && : > outside/v0/f0 && chmod 751 outside outside/v0 \
    && chmod 640 outside/v0/f0 || framework_failure_ "outside"
  for s_ in $race_subs_; do
    mkdir outside/$s_ && : > outside/$s_/g0 && chmod 751 outside/$s_ \
      && chmod 640 outside/$s_/g0 || framework_failure_ "outside"
  done
  for i_ in 0 1 2 3 4 5 6 7 8 9; do
    : > outside/f$i_ && chmod 604 outside/f$i_ || framework_failure_ "outside"
  done
  race_list_ outside > _exp.outside
  i_=0
  while test $i_ -lt $1; do
    for s_ in $race_subs_; do echo "t/dir/v$i_/$s_/g0"; done
    j_=0
    while test $j_ -lt 20; do echo "t/dir/v$i_/f$j_"; j_=$((j_ + 1)); done
    i_=$((i_ + 1))
  done > _files
  race_tree_
  race_swaps_=0
}

# race_tree_: make race_setup_'s tree t (again, after a remover's round).
race_tree_ ()
{
  sed 's|/[^/]*$||' _files | sort -u | xargs mkdir -p && xargs touch < _files \
    || framework_failure_ "cannot make the tree"
}

# race_list_ DIR: DIR and the tree below it, one "TYPE MODE USER:GROUP
# PATH" a line (DIR's path empty), sorted: what must not change.  DIR
# itself is what a swapped link leads to first.
race_list_ ()
{
  find "$1" -printf '%y %m %u:%g %P\n' | LC_ALL=C sort
}

# race_round_ COUNT COMMAND...: run COMMAND (stdout and stderr to _out)
# while the helper swaps t/dir/v0..v{COUNT-1} and back: started once the
# helper has made its first swap (however loaded the machine, the attack
# is under way when the command runs); then stop the helper through its
# control file, wait for it, and put the tree back.  Returns 1 if
# anything outside changed.
race_round_ ()
{
  n_=$1; shift
  rm -f _swapctl.ready _swapctl.stop
  "$race_helper_" t/dir $n_ "$PWD/outside" _swapctl > _swaps & pid_=$!
  # Polled: the helper may be slow to start, never slow to end (a
  # minute's bound only against a helper that died).
  tries_=6000
  until test -e _swapctl.ready; do
    kill -0 $pid_ 2> /dev/null || framework_failure_ "the helper died"
    test $tries_ -gt 0 || framework_failure_ "the helper never swapped"
    tries_=$((tries_ - 1))
    sleep 0.01
  done
  "$@" < /dev/null > _out 2>&1
  : > _swapctl.stop
  wait $pid_
  swap_count_=$(cat _swaps)
  swap_count_=${swap_count_:-0}
  for v_ in t/dir/v*.swap; do
    test -e "$v_" || continue
    rm -f "${v_%.swap}" && mv "$v_" "${v_%.swap}" \
      || framework_failure_ "restore $v_"
  done
  race_swaps_=$((race_swaps_ + swap_count_))
  race_list_ outside > _outside
  compare _exp.outside _outside
}

# ---- peak memory -----------------------------------------------------------------
# peak_rss_ PROGRAM ARGS...: run PROGRAM ARGS under bench/rusage (standard
# input /dev/null, standard output in _out, standard error in _err) and set
# peak_kib_ to its peak resident set in KiB.  Fails the test unless PROGRAM
# exits 0 and says nothing on standard error; a set-up failure without
# bench/rusage or a figure from it.  Never in a command substitution: its
# fail=1 would be lost in the subshell.
peak_rss_ ()
{
  rusage_=$abs_top_builddir/bench/rusage
  test -x "$rusage_" || framework_failure_ "bench/rusage not built"
  rm -f _ru
  "$rusage_" --out=_ru -- "$@" < /dev/null > _out 2> _err
  check_status_ 0 $? "$*"
  compare /dev/null _err || fail=1
  peak_kib_=$(sed -n 's/.*maxrss_kib=\([0-9]*\).*/\1/p' _ru)
  test -n "$peak_kib_" || framework_failure_ "no peak RSS from rusage: $1"
}

# make_chain_ DIR N: DIR/d/d/.../d, a chain of N directories and nothing
# else, made one level at a time relative to the last (its paths outgrow
# PATH_MAX, and a shell's cd keeps a path).  Skips without perl.
make_chain_ ()
{
  command -v perl > /dev/null || skip_ "no perl to make a chain of directories"
  mkdir "$1" && perl -e 'chdir $ARGV[0] or die "$ARGV[0]: $!\n";
      for (1 .. $ARGV[1]) { mkdir "d" and chdir "d" or die "level $_: $!\n" }' \
    "$1" "$2" || framework_failure_ "cannot make the chain $1"
}

# ---- latfs, a slow file system (bench/latfs) ------------------------------
# Mount points of latfs, newline-separated, most recent last: the exit
# trap unmounts those still mounted.  Each keeps its stats file beside it,
# MOUNTPOINT.latfs-stats, written by latfs as it exits.
latfs_mounts_=

# latfs_abs_ NAME: NAME made absolute, without resolving it (a mount point
# whose server died cannot be entered).
latfs_abs_ ()
{
  case $1 in
    /*) echo "$1" ;;
    *) echo "$PWD/$1" ;;
  esac
}

# latfs_mount_ SOURCE MOUNTPOINT [OPTIONS]: mount SOURCE on MOUNTPOINT
# through bench/latfs, with the comma-separated latfs OPTIONS (delay_us=N,
# max_inflight=K, fault=OP:PATH:ERROR, stall=OP:PATH:MS) and a stats
# file; unmounted by the exit trap if the test does not (latfs_umount_).
# Skips (77) when latfs was not built (no libfuse3), there is no
# /dev/fuse, or the mount fails (no permission, in a container); latfs's
# complaint is in the reason.  The walks go below the mount's root, never
# into it: this kernel (Linux 6.18) serves the root's lookups one at a
# time, every other directory's in parallel.
latfs_mount_ ()
{
  latfs_=$abs_top_builddir/bench/latfs
  test -x "$latfs_" || skip_ "bench/latfs not built (configure found no libfuse3)"
  test -c /dev/fuse || skip_ "no /dev/fuse"
  latfs_mp_=$(latfs_abs_ "$2")
  rm -f "$latfs_mp_.latfs-stats"
  # A comma would end the option: libfuse reads "\," as one.
  latfs_st_=$(printf '%s\n' "$latfs_mp_.latfs-stats" | sed 's/[\\,]/\\&/g')
  "$latfs_" -o "stats=$latfs_st_${3:+,$3}" "$1" "$latfs_mp_" \
      2> "$test_dir_/.latfs.err" \
    || skip_ "cannot mount bench/latfs: $(cat "$test_dir_/.latfs.err")"
  latfs_mounts_="$latfs_mp_
$latfs_mounts_"
}

# latfs_mounted_ MOUNTPOINT: true while MOUNTPOINT (absolute) is in
# /proc/mounts (mountpoint(1) fails on a mount whose server died).
latfs_mounted_ ()
{
  awk -v m="$1" '$2 == m { found = 1 } END { exit !found }' /proc/mounts
}

# latfs_umount_ MOUNTPOINT [SECONDS]: unmount a latfs mount and wait, up
# to SECONDS (default 30), for its server to write the stats file, which
# it does as it exits, after the unmount returns.  False if either fails.
latfs_umount_ ()
{
  latfs_mp_=$(latfs_abs_ "$1")
  # The kernel may hold the mount a moment after the walk's last close
  # (RELEASE and RELEASEDIR go in the background, and latfs may stall
  # them): EBUSY then; try again for up to 10 s.
  latfs_tries_=100
  while latfs_mounted_ "$latfs_mp_"; do
    fusermount3 -u "$latfs_mp_" 2> /dev/null \
      || umount "$latfs_mp_" 2> /dev/null || {
        test $latfs_tries_ -gt 0 || return 1
        latfs_tries_=$((latfs_tries_ - 1))
        sleep 0.1
      }
  done
  latfs_tries_=$((${2-30} * 10))
  until test -f "$latfs_mp_.latfs-stats"; do
    test $latfs_tries_ -gt 0 || return 1
    latfs_tries_=$((latfs_tries_ - 1))
    sleep 0.1
  done
}

# latfs_stat_ MOUNTPOINT KEY: the figure KEY (requests, max_inflight,
# max_inflight_all, inflight_now) from the stats file of a latfs mount
# unmounted with latfs_umount_.
latfs_stat_ ()
{
  sed -n "s/^$2 //p" "$(latfs_abs_ "$1").latfs-stats"
}

# latfs_tree_ DIR: a small tree for walks on latfs, made in DIR: d1..d20
# of fifteen files each (sizes 0 to 14 KiB), d1/n/n/n/n/n a chain with a
# file at its end, a symbolic link and a hard link.
latfs_tree_ ()
{
  mkdir -p "$1" && (cd "$1" && for i_ in $(seq 20); do
      mkdir d$i_ && for j_ in $(seq 15); do
        head -c $((i_ * j_ * 50)) /dev/zero > d$i_/f$j_ || exit 1
      done || exit 1
    done && mkdir -p d1/n/n/n/n/n && echo end > d1/n/n/n/n/n/e \
    && ln -s ../d1/f1 d2/link && ln d3/f3 d4/hard) \
    || framework_failure_ "cannot make the tree in $1"
}

cleanup_ ()
{
  cd / || :
  old_ifs_=$IFS
  IFS='
'
  for m_ in $latfs_mounts_; do
    latfs_umount_ "$m_" 10 || umount -l "$m_" 2> /dev/null
    latfs_mounted_ "$m_" && echo "$test_name_: cannot unmount $m_" >&2
  done
  for m_ in $mounts_; do
    # A test may have unmounted it itself.
    mountpoint -q "$m_" 2>/dev/null || continue
    umount "$m_" 2>/dev/null || umount -l "$m_" \
      || echo "$test_name_: cannot unmount $m_" >&2
  done
  for l_ in $loops_; do
    losetup -d "$l_" || echo "$test_name_: cannot detach $l_" >&2
  done
  IFS=$old_ifs_
  if test -n "$test_dir_" && test -d "$test_dir_"; then
    # Tests make unreadable directories on purpose.
    chmod -R u+rwx "$test_dir_" 2>/dev/null
    # Never delete through a mount point that failed to go away.
    rm -rf --one-file-system "$test_dir_"
  fi
}

test_dir_=
trap 'st_=$?; san_reports_check_ || test $st_ = 99 || st_=1; cleanup_; exit $st_' 0
trap 'exit 129' 1
trap 'exit 130' 2
trap 'exit 141' 13
trap 'exit 143' 15

test_dir_=$(mktemp -d "${TMPDIR:-/tmp}/libfts-$test_name_.XXXXXXXX") \
  || framework_failure_ "cannot make a temporary directory"
cd "$test_dir_" || framework_failure_ "cannot enter $test_dir_"

# Writable by whichever user the test runs its programs as.
mkdir .sanitizer-reports && chmod 1777 .sanitizer-reports \
  || framework_failure_ "cannot make .sanitizer-reports"
san_reports_=$test_dir_/.sanitizer-reports
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$san_reports_/asan
UBSAN_OPTIONS=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$san_reports_/ubsan
TSAN_OPTIONS=${TSAN_OPTIONS:+$TSAN_OPTIONS:}log_path=$san_reports_/tsan
export ASAN_OPTIONS UBSAN_OPTIONS TSAN_OPTIONS
