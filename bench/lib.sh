# bench/lib.sh: functions shared by bench/run and bench/mpi-run.  Sourced
# by bash, never run.
#
# Copyright (C) 2026 The libfts authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What is set up here (loop devices, mounts, the memory cgroup) is recorded
# as it is made and undone by bench_cleanup, which bench/run calls from its
# exit trap: most recent first, and never through a mount that failed to go.

# ---- messages -----------------------------------------------------------------

bench_log ()
{
  printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
}

bench_die ()
{
  printf 'bench: %s\n' "$*" >&2
  exit 1
}

# ---- the programs under test and the helpers ------------------------------------

# bench_setup_tools BUILDDIR SNAPSHOT: copy the programs under test and the
# helpers into the directory SNAPSHOT, so that a rebuild during the
# benchmark changes nothing, and set WALK, RM, DU, CHMOD, CHOWN, GENTREE, RUSAGE and the
# environment they need.  WALK is the real binary, not libtool's wrapper
# script, so that neither its time, its peak RSS nor its system calls
# count a shell.
bench_setup_tools ()
{
  local b=$1 snap=$2 walk=$1/src/.libs/libfts-walk t
  test -x "$walk" || walk=$b/src/.libs/lt-libfts-walk
  test -x "$walk" || walk=$b/src/libfts-walk      # linked statically
  for t in "$b/bench/gentree" "$b/bench/rusage" "$walk" "$b/src/rm" \
           "$b/src/du" "$b/src/chmod" "$b/src/chown"; do
    test -x "$t" || bench_die "$t is not built: run 'make' first"
  done
  # src/rm, src/du, src/chmod and src/chown are real binaries, with libfts
  # linked in statically.
  mkdir -p "$snap/lib" \
    && cp "$b/bench/gentree" "$b/bench/rusage" "$b/src/rm" "$b/src/du" \
          "$b/src/chmod" "$b/src/chown" "$snap/" \
    && cp "$walk" "$snap/libfts-walk" || bench_die "cannot copy the programs"
  if test -d "$b/lib/.libs"; then
    cp -P "$b"/lib/.libs/libfts.so* "$snap/lib/" \
      || bench_die "cannot copy libfts.so"
  fi
  GENTREE=$snap/gentree
  RUSAGE=$snap/rusage
  WALK=$snap/libfts-walk
  RM=$snap/rm
  DU=$snap/du
  CHMOD=$snap/chmod
  CHOWN=$snap/chown
  LD_LIBRARY_PATH=$snap/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export LD_LIBRARY_PATH
  # libfts reads these at fts_open, and the programs LIBFTS_THREADS; the
  # runs say what they want.
  unset LIBFTS_INODE_SORT_THRESHOLD LIBFTS_INODE_SORT_FS LIBFTS_THREADS
  "$WALK" --version > /dev/null || bench_die "$WALK does not run"
}

# bench_find_peer NAME: print the path of the program NAME, from PATH or
# else from ~/.cargo/bin, where cargo install puts it (under sudo, HOME may
# be root's: the invoking user's is looked at too).  Returns 1 when it is
# nowhere.
bench_find_peer ()
{
  local home
  command -v "$1" && return
  for home in "$HOME" ${SUDO_USER:+"$(getent passwd "$SUDO_USER" | cut -d: -f6)"}; do
    test -x "$home/.cargo/bin/$1" && { echo "$home/.cargo/bin/$1"; return; }
  done
  return 1
}

# ---- undoing what was set up ----------------------------------------------------

BENCH_MOUNTS=()      # mount points, most recent last
BENCH_LOOPS=()       # loop devices, most recent last
BENCH_CGROUP=        # the memory cgroup's directory

# bench_forget ARRAY VALUE: remove VALUE from the array named ARRAY.
bench_forget ()
{
  local -n arr_=$1
  local kept=() v
  for v in "${arr_[@]}"; do
    test "$v" = "$2" || kept+=("$v")
  done
  arr_=("${kept[@]}")
}

bench_cleanup ()
{
  local i
  cd / || :
  for ((i = ${#BENCH_MOUNTS[@]} - 1; i >= 0; i--)); do
    # A FUSE mount point may be recorded a moment before it is mounted.
    findmnt --mountpoint "${BENCH_MOUNTS[i]}" > /dev/null || continue
    umount "${BENCH_MOUNTS[i]}" 2>/dev/null || sleep 1
    findmnt --mountpoint "${BENCH_MOUNTS[i]}" > /dev/null || continue
    umount "${BENCH_MOUNTS[i]}" 2>/dev/null || umount -l "${BENCH_MOUNTS[i]}" \
      || echo "bench: cannot unmount ${BENCH_MOUNTS[i]}" >&2
  done
  BENCH_MOUNTS=()
  for ((i = ${#BENCH_LOOPS[@]} - 1; i >= 0; i--)); do
    bench_loop_is_ours "${BENCH_LOOPS[i]}" || continue
    losetup -d "${BENCH_LOOPS[i]}" \
      || echo "bench: cannot detach ${BENCH_LOOPS[i]}" >&2
  done
  BENCH_LOOPS=()
  if test -n "$BENCH_CGROUP" && test -d "$BENCH_CGROUP"; then
    rmdir "$BENCH_CGROUP" || echo "bench: cannot remove $BENCH_CGROUP" >&2
  fi
  BENCH_CGROUP=
}

# ---- caches and the memory cgroup ---------------------------------------------------

bench_drop_caches ()
{
  sync
  echo 3 > /proc/sys/vm/drop_caches
}

# bench_make_cgroup MB: a cgroup v1 memory group capped at MB MiB, whose
# directory is left in BENCH_CGROUP.  Returns 1 when there is no v1 memory
# controller.
bench_make_cgroup ()
{
  local root=/sys/fs/cgroup/memory
  test -w "$root/cgroup.procs" || return 1
  BENCH_CGROUP=$root/libfts-bench-$$
  mkdir "$BENCH_CGROUP" || { BENCH_CGROUP=; return 1; }
  # No swap either: the cap must be a cap.
  echo 0 > "$BENCH_CGROUP/memory.swappiness" 2>/dev/null
  echo $(($1 * 1024 * 1024)) > "$BENCH_CGROUP/memory.limit_in_bytes" \
    || return 1
}

# ---- file systems ----------------------------------------------------------------

# Every image is a sparse file of this size.
BENCH_IMAGE_SIZE=4G

# bench_mkfs FS IMAGE: make a fresh sparse IMAGE holding an empty FS.
# ext4 gets enough inodes for a million entries (the default, one per
# 16 KiB, gives 262,144 on 4 GiB) and its inode tables written now, not
# by ext4lazyinit in the middle of a measurement.
bench_mkfs ()
{
  rm -f "$2" && truncate -s "$BENCH_IMAGE_SIZE" "$2" || return
  case $1 in
    ext4)  mkfs.ext4 -q -F -N 1600000 \
             -E lazy_itable_init=0,lazy_journal_init=0 "$2" ;;
    xfs)   mkfs.xfs -q -f "$2" ;;
    btrfs) mkfs.btrfs -q -f "$2" > /dev/null ;;
    *)     bench_die "bench_mkfs: unknown file system $1" ;;
  esac
}

# The aged mode's image (bench/run --modes=aged): 8 GiB, and on ext4 an
# inode for each 8 KiB (-i 8192, 1,048,576 inodes), as the issue that
# asked for the mode made it: a file system that holds one tree after
# another, and whose free-space and inode tables keep their history.
BENCH_AGED_SIZE=8G
BENCH_AGED_BYTES_PER_INODE=8192

# bench_mkfs_aged FS IMAGE: make the sparse IMAGE of the aged mode,
# holding an empty FS.  xfs and btrfs allocate their inodes as they go
# and take no -i; they get their defaults.
bench_mkfs_aged ()
{
  rm -f "$2" && truncate -s "$BENCH_AGED_SIZE" "$2" || return
  case $1 in
    ext4)  mkfs.ext4 -q -F -i "$BENCH_AGED_BYTES_PER_INODE" \
             -E lazy_itable_init=0,lazy_journal_init=0 "$2" ;;
    xfs)   mkfs.xfs -q -f "$2" ;;
    btrfs) mkfs.btrfs -q -f "$2" > /dev/null ;;
    *)     bench_die "bench_mkfs_aged: unknown file system $1" ;;
  esac
}

# bench_attach IMAGE [ro]: attach IMAGE to a loop device (with direct I/O
# when the kernel allows it, so that the image is cached once, by the file
# system on it, as a disk would be); the device is left in BENCH_LOOP.
bench_attach ()
{
  local ro=
  test "${2-}" = ro && ro=-r
  BENCH_LOOP=$(losetup -f --show $ro --direct-io=on "$1" 2>/dev/null) \
    || BENCH_LOOP=$(losetup -f --show $ro "$1") || return
  BENCH_LOOPS+=("$BENCH_LOOP")
}

# bench_detach DEVICE: detach DEVICE if it still holds one of our images
# (something else may have detached it, and the kernel may have given the
# name to someone else since).
bench_detach ()
{
  bench_forget BENCH_LOOPS "$1"
  bench_loop_is_ours "$1" || return 0
  losetup -d "$1"
}

# bench_loop_is_ours DEVICE: whether DEVICE is bound to an image under
# BENCH_DIR.
bench_loop_is_ours ()
{
  local back
  back=$(losetup -n -O BACK-FILE "$1" 2>/dev/null) || return 1
  case $back in "$BENCH_DIR"/*) return 0 ;; *) return 1 ;; esac
}

# bench_mount DEVICE MOUNTPOINT [ro]: mount DEVICE there, noatime so that
# reading a directory writes nothing.
bench_mount ()
{
  local opts=noatime
  test "${3-}" = ro && opts=ro,noatime
  mkdir -p "$2" && mount -o "$opts" "$1" "$2" || return
  BENCH_MOUNTS+=("$2")
}

bench_mount_tmpfs ()
{
  mkdir -p "$1" && mount -t tmpfs -o size=8g,nr_inodes=0 tmpfs "$1" || return
  BENCH_MOUNTS+=("$1")
}

bench_umount ()
{
  umount "$1" || return
  bench_forget BENCH_MOUNTS "$1"
}

# bench_umount_source MOUNTPOINT: unmount the tmpfs that a FUSE server
# served from.  The server exits a moment after its own unmount returns
# (latfs keeps a descriptor on its source, sshfs's sftp-server its working
# directory): until then the tmpfs is busy, so try for a few seconds.
bench_umount_source ()
{
  local i
  for ((i = 0; i < 50; i++)); do
    umount "$1" 2>/dev/null && { bench_forget BENCH_MOUNTS "$1"; return; }
    sleep 0.1
  done
  bench_umount "$1"
}

# bench_image_up IMAGE MOUNTPOINT [ro]: attach and mount.
bench_image_up ()
{
  bench_attach "$1" "${3-}" && bench_mount "$BENCH_LOOP" "$2" "${3-}"
}

# bench_image_down MOUNTPOINT: unmount and detach what is mounted there.
bench_image_down ()
{
  local dev
  dev=$(findmnt -n -o SOURCE --mountpoint "$1") || return
  bench_umount "$1" && bench_detach "$dev"
}

# ---- remote file systems: latfs and sshfs --------------------------------------

# Options that make sshfs a cold client: no cache of attributes, names,
# absent names or listings, in sshfs or in the kernel.
BENCH_SSHFS_OPTS=cache=no,attr_timeout=0,entry_timeout=0,negative_timeout=0,dir_cache=no

# The sshd that sshfs talks to: root on this host, port BENCH_SSH_PORT.
BENCH_SSH_HOST=127.0.0.1
BENCH_SSH_PORT=${BENCH_SSH_PORT:-2222}

# bench_ssh_args: the options of ssh and sshfs for BENCH_SSH_HOST: never a
# prompt, and the loopback's host key accepted without touching
# known_hosts.
bench_ssh_args ()
{
  echo "-p $BENCH_SSH_PORT -o BatchMode=yes -o ConnectTimeout=5"
  echo "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
}

# bench_ssh_reachable: whether root can log in to BENCH_SSH_HOST by key.
bench_ssh_reachable ()
{
  # shellcheck disable=SC2046 # the options are words
  timeout 15 ssh $(bench_ssh_args) "root@$BENCH_SSH_HOST" true < /dev/null \
    > /dev/null 2>&1
}

# bench_latfs_up LATFS DELAY_US STATS SOURCE MOUNTPOINT [OPTIONS]: mount
# SOURCE at MOUNTPOINT through the latency file system LATFS, DELAY_US in
# each request, its counts to STATS at unmount, and latfs's OPTIONS (such
# as max_inflight=8) if given.  The mount point is recorded before the
# mount, so that an interrupt in between leaves nothing behind
# (bench_cleanup passes over what is not mounted).
bench_latfs_up ()
{
  rm -f "$3"
  mkdir -p "$5" || return
  BENCH_MOUNTS+=("$5")
  "$1" -o "delay_us=$2,stats=$3,parallel_lookups${6:+,$6}" "$4" "$5" \
    || { bench_forget BENCH_MOUNTS "$5"; return 1; }
}

# bench_sshfs_up SOURCE MOUNTPOINT: mount SOURCE of BENCH_SSH_HOST at
# MOUNTPOINT with sshfs, uncached.
bench_sshfs_up ()
{
  mkdir -p "$2" || return
  BENCH_MOUNTS+=("$2")
  # shellcheck disable=SC2046 # the options are words
  sshfs $(bench_ssh_args) -o "$BENCH_SSHFS_OPTS" \
    "root@$BENCH_SSH_HOST:$1" "$2" < /dev/null \
    || { bench_forget BENCH_MOUNTS "$2"; return 1; }
}

# bench_latfs_stat STATS KEY: the value of KEY in latfs's STATS file,
# which its server writes as it exits, a moment after the unmount
# returns: wait up to 10 s for it.  Prints - when there is none.
bench_latfs_stat ()
{
  local i
  for ((i = 0; i < 100; i++)); do
    test -s "$1" && break
    sleep 0.1
  done
  awk -v k="$2" '$1 == k { v = $2 } END { print v == "" ? "-" : v }' "$1" 2>/dev/null \
    || echo -
}

# ---- trees ---------------------------------------------------------------------------

# bench_tree_args TREE: gentree's arguments for TREE as --trees names it
# (flat:N, npm, kernel, wide, wide60, wide:DxF, deep:N).  wide60, 60
# directories of 40 files, is small enough for a remote file system.
bench_tree_args ()
{
  case $1 in
    flat:*|deep:*) echo "${1%%:*} ${1#*:}" ;;
    flat)          echo "flat 1000000" ;;
    deep)          echo "deep 100000" ;;
    wide60)        echo "wide 60 40" ;;
    wide:*x*)      echo "wide ${1#wide:}" | sed 's/x/ /' ;;
    npm|kernel|wide) echo "$1" ;;
    *)             return 1 ;;
  esac
}

# bench_top_dir TREE DIR: the directory whose entries are the operands of
# the top form (bench/run's and bench/mpi-run's --operands=top), for TREE
# made at DIR: DIR itself, but on npm its node_modules (445 entries): the
# npm-like tree's own top holds package.json, package-lock.json and
# node_modules alone, and cd node_modules && du -sh * is what a user
# types there.
bench_top_dir ()
{
  case $1 in
    npm) echo "$2/node_modules" ;;
    *)   echo "$2" ;;
  esac
}

# bench_is_top OP: whether OP is the top form of an op (du*, rm*, ...).
bench_is_top ()
{
  case $1 in *\*) return 0 ;; *) return 1 ;; esac
}

# bench_top_names DIR: what * names in DIR, in the order the shell gives
# (dot-names left out, as * leaves them), each ended by a NUL; nothing
# where DIR holds nothing else.  Fails where DIR cannot be entered.
bench_top_names ()
{
  (cd "$1" && shopt -u dotglob && shopt -s nullglob && names=(*) \
     && { test ${#names[@]} -eq 0 || printf '%s\0' "${names[@]}"; })
}

# bench_top_label TREE: bench_top_dir's operands, as the report names them.
bench_top_label ()
{
  case $1 in
    npm) echo "node_modules/*" ;;
    *)   echo "*" ;;
  esac
}

# ---- timing -----------------------------------------------------------------------------

# bench_time OUT CGROUP COMMAND...: run COMMAND under rusage, its output to
# OUT.stdout and OUT.stderr, rusage's line to OUT.rusage; CGROUP empty or a
# cgroup directory.  Prints the rusage line.
bench_time ()
{
  local out=$1 cg=$2
  shift 2
  rm -f "$out.rusage"
  "$RUSAGE" ${cg:+--cgroup="$cg"} --out="$out.rusage" -- "$@" \
    > "$out.stdout" 2> "$out.stderr"
  cat "$out.rusage"
}

# bench_kv KEY LINE...: the value of KEY in key=value words.
bench_kv ()
{
  local key=$1 w
  shift
  for w in $*; do
    case $w in "$key="*) echo "${w#*=}"; return ;; esac
  done
  echo -
}

# ---- strace ---------------------------------------------------------------------------

# The tracepoints bench_perf_summary reads: every system call, then the
# families that walking a tree makes.
BENCH_PERF_EVENTS="raw_syscalls:sys_enter syscalls:sys_enter_getdents64
  syscalls:sys_enter_newfstatat syscalls:sys_enter_statx
  syscalls:sys_enter_newfstat syscalls:sys_enter_newlstat
  syscalls:sys_enter_newstat syscalls:sys_enter_openat syscalls:sys_enter_open
  syscalls:sys_enter_close syscalls:sys_enter_unlinkat
  syscalls:sys_enter_unlink syscalls:sys_enter_rmdir
  syscalls:sys_enter_fstatfs syscalls:sys_enter_statfs
  syscalls:sys_enter_fcntl"

# bench_perf_usable: whether perf can count BENCH_PERF_EVENTS here.
bench_perf_usable ()
{
  command -v perf > /dev/null && bench_perf_count /dev/null true
}

# bench_perf_count OUT COMMAND...: run COMMAND (its output thrown away)
# under perf stat, which counts BENCH_PERF_EVENTS in all its threads, into
# OUT.
bench_perf_count ()
{
  local out=$1 args=() e
  shift
  for e in $BENCH_PERF_EVENTS; do args+=(-e "$e"); done
  perf stat -x, "${args[@]}" -o "$out" -- "$@" > /dev/null 2>&1
}

# bench_perf_summary FILE: from the output of bench_perf_count, print what
# bench_strace_summary prints.  Unlike strace -c, the kernel's tracepoints
# count system calls that the tracer has no name for (strace 6.1 leaves
# chmod's fchmodat2 out of its summary) and slow no thread down.
bench_perf_summary ()
{
  awk -F, '
    $3 ~ /^(raw_)?syscalls:sys_enter/ {
      name = $3; sub(/^.*sys_enter_?/, "", name)
      n[name == "" ? "total" : name] = $1 + 0
    }
    END {
      printf "%d %d %d %d %d %d %d %d\n", n["total"], n["getdents64"],
        n["newfstatat"] + n["statx"] + n["newfstat"] + n["newlstat"] \
          + n["newstat"],
        n["openat"] + n["open"], n["close"],
        n["unlinkat"] + n["unlink"] + n["rmdir"],
        n["fstatfs"] + n["statfs"], n["fcntl"]
    }' "$1"
}

# bench_strace_summary FILE: from the output of strace -c, print
# "TOTAL GETDENTS STAT OPEN CLOSE UNLINK STATFS FCNTL": all system calls,
# then the families that walking a tree makes.
bench_strace_summary ()
{
  awk '
    $NF == "total" { total = $4; next }
    NF >= 5 && $4 ~ /^[0-9]+$/ { n[$NF] = $4 }
    END {
      printf "%d %d %d %d %d %d %d %d\n", total, n["getdents64"],
        n["newfstatat"] + n["statx"] + n["fstat"] + n["lstat"] + n["stat"],
        n["openat"] + n["open"], n["close"],
        n["unlinkat"] + n["unlink"] + n["rmdir"],
        n["fstatfs"] + n["statfs"], n["fcntl"]
    }' "$1"
}

# ---- results and the report --------------------------------------------------------

# bench_stderr_check CHECK STDERR KEEP: print CHECK, or stderr when CHECK
# is ok but the command wrote to STDERR; what it wrote is kept as KEEP.
# Carriage returns and newlines alone are nothing (pdu clears its
# progress line on standard error even when it showed none).
bench_stderr_check ()
{
  local check=$1
  if test "$(tr -d '\r\n' < "$2" | wc -c)" -gt 0; then
    test "$check" = ok && check=stderr
    cp "$2" "$3"
  fi
  echo "$check"
}

# bench_record FIELD...: append a run's line to RESULTS, its 14 fields
# separated by tabs: the columns of bench/report's head comment, the one
# results format of bench/run and bench/mpi-run.
bench_record ()
{
  test $# = 14 || bench_die "bench_record: $# fields, not 14"
  local IFS=$'\t'
  printf '%s\n' "$*" >> "$RESULTS"
}

# bench_write_report SAVED REPORT: the results so far (RESULTS), after
# the #KEY lines that the script's results_meta prints, into SAVED; and
# bench/report's report of them into REPORT (NAME.md), its charts and
# figures beside it (bench/report's --charts=NAME).  SAVED and REPORT are
# replaced whole or not at all.
bench_write_report ()
{
  { results_meta && cat "$RESULTS"; } > "$1.tmp" && mv "$1.tmp" "$1" \
    && "$bench_srcdir/report" --charts="${2%.md}" "$1" > "$2.tmp" \
    && mv "$2.tmp" "$2"
}

# ---- statistics ------------------------------------------------------------------------

# Functions for bench/report's awk programs, over the runs of a results
# file (the columns in bench/report's head comment: those read here, $7
# to $9 and $12 to $14, mean the same for both benchmarks), and for
# mpi-run's header (latency).  record(K) files the current line's run
# under the key K; median(LIST) of numbers separated by spaces, or "";
# cell(K) is the median time of K's runs that succeeded, with a * when
# some failed, or what failed when all did; ratio(A, B) of the medians of
# A and B, or "-"; rss(K) the median peak RSS in MiB, or "-"; inflight(K)
# the most requests in flight that latfs saw in any of K's runs,
# requests(K) the median of its requests, or "-"; latency(FS) what each
# request of FS waits ("200 µs" for lat200), or "-"; fsname(FS) FS with
# its latency.
# shellcheck disable=SC2016,SC2034 # awk's $N, for bench/report
BENCH_AWK_RESULTS='
  function record(k) {
    mem[k] = mem[k] " " $8
    if ($13 ~ /^[0-9]+$/ && (!(k in maxfl) || $13 + 0 > maxfl[k])) maxfl[k] = $13 + 0
    if ($14 ~ /^[0-9]+$/) reqs[k] = reqs[k] " " $14
    if ($9 == "exit:0" && ($12 == "ok" || $12 == "stderr"))
      ok[k] = ok[k] " " $7
    else
      bad[k] = ($9 == "signal:9" ? "OOM" : $9 != "exit:0" ? "FAIL(" $9 ")" : $12)
  }
  function median(list,   n, v, i, j, t) {
    n = split(list, v, " ")
    if (n == 0) return ""
    for (i = 2; i <= n; i++)
      for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
        t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
      }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  function cell(k,   m) {
    m = median(ok[k])
    if (m == "") return bad[k] != "" ? bad[k] : "-"
    return sprintf("%.3f%s", m, bad[k] != "" ? "*" : "")
  }
  function ratio(a, b,   x, y) {
    x = median(ok[a]); y = median(ok[b])
    if (x == "" || y == "" || y == 0) return "-"
    # Two digits that mean something where a remote file system makes
    # the ratios small.
    return sprintf(x / y < 0.1 ? "%.3f" : "%.2f", x / y)
  }
  function rss(k,   m) {
    m = median(mem[k])
    return m == "" ? "-" : sprintf("%.1f", m / 1024)
  }
  function inflight(k) {
    return (k in maxfl) ? maxfl[k] : "-"
  }
  function requests(k,   m) {
    m = median(reqs[k])
    return m == "" ? "-" : sprintf("%d", m)
  }
  function latency(fs,   us) {
    if (fs == "sshfs") return "loopback ssh"
    if (fs !~ /^lat[0-9]+$/) return "-"
    us = substr(fs, 4) + 0
    return us >= 1000 && us % 1000 == 0 ? (us / 1000) " ms" : us " µs"
  }
  function fsname(fs) {
    return latency(fs) == "-" ? fs : fs " (" latency(fs) ")"
  }
'

# bench_median: the median of the numbers on standard input, or "-".
bench_median ()
{
  sort -g | awk '{ v[NR] = $1 }
    END {
      if (NR == 0) { print "-"; exit }
      if (NR % 2) print v[(NR + 1) / 2]
      else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2
    }'
}
