#!/bin/sh
# libfts hands out the same entries as glibc's fts, in the same order, with
# the same fts_info, fts_level, fts_path and fts_errno: one program, built
# against each, walks seeded random trees under every common option set
# (with a name comparison, so that the order is defined) and the outputs
# must be identical.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

ours=$abs_top_builddir/tests/lib/fts-print-ours
glibc=$abs_top_builddir/tests/lib/fts-print-glibc
test -x "$ours" && test -x "$glibc" || framework_failure_ "fts-print not built"

# ---- the trees ----------------------------------------------------------------
# gen.awk prints a shell script that builds a tree of N entries under ROOT
# (an absolute path), drawn from SEED: files, nested and empty directories,
# symbolic links to files, to directories and to nothing, loops (a link to
# an ancestor, and a pair of links to each other), a FIFO, a hard link, a
# deep chain, and names with spaces and shell metacharacters.
cat > gen.awk <<'EOF' || framework_failure_ "cannot write gen.awk"
function q(s) { gsub(/'/, "'\\''", s); return "'" s "'" }
function pick(arr, n) { return arr[1 + int(rand() * n)] }
function newname(i) {
  return (rand() < 0.3 ? special[1 + int(rand() * nspecial)] : "n") i
}
BEGIN {
  srand(seed)
  nspecial = split("a b|x'y|-dash|star*|q?|dollar$|back\\slash|semi;colon|" \
                   "#hash|%pct|[br]|{c}|\303\251t\303\251|~tilde|=eq|" \
                   ".hidden|..dots|  two spaces|trail |\"dq\"|a&b|<lt>",
                   special, "|")
  print "set -e"
  ndirs = 1; dirs[1] = root; nfiles = 1; files[1] = root "/first"
  ndirlinks = 0
  print "mkdir " q(root) "; : > " q(files[1])
  for (i = 1; i <= n; i++) {
    parent = pick(dirs, ndirs)
    path = parent "/" newname(i)
    r = rand()
    if (r < 0.45) {
      if (rand() < 0.5) print ": > " q(path)
      else print "head -c " int(1 + rand() * 300) " /dev/zero > " q(path)
      files[++nfiles] = path
    } else if (r < 0.72) {
      print "mkdir " q(path); dirs[++ndirs] = path
    } else if (r < 0.77) {
      print "mkdir " q(path)                    # stays empty
    } else if (r < 0.88) {
      print "ln -s " q(pick(files, nfiles)) " " q(path)
    } else if (r < 0.92 && ndirlinks < 5) {
      # At most five: under FTS_LOGICAL each can double what lies below.
      print "ln -s " q(pick(dirs, ndirs)) " " q(path); ndirlinks++
    } else if (r < 0.96) {
      print "ln -s " q("nowhere" i) " " q(path)  # dangling
    } else {
      print "ln " q(pick(files, nfiles)) " " q(path)
    }
  }
  # One of each rare kind, wherever the draw puts it.
  print "ln -s .. " q(pick(dirs, ndirs) "/up")
  print "ln -s . " q(pick(dirs, ndirs) "/self")
  d = pick(dirs, ndirs)
  print "ln -s loop-b " q(d "/loop-a") "; ln -s loop-a " q(d "/loop-b")
  print "mkfifo " q(pick(dirs, ndirs) "/fifo")
  print "ln -s " q(root) " " q(root "/rootlink")
  d = pick(dirs, ndirs) "/deep"
  for (i = 0; i < 20; i++) { d = d "/d" i; print "mkdir -p " q(d) }
  print ": > " q(d "/bottom")
  print "mkdir " q(root "/empty")
}
EOF

seeds='1 2 3 4'
for s in $seeds; do
  awk -v seed=$s -v n=250 -v root="$PWD/t$s" -f gen.awk > gen$s.sh \
    && sh gen$s.sh || framework_failure_ "cannot build tree $s"
done

# A second file system inside t1, for FTS_XDEV (root only).
if test "$(id -u)" = 0; then
  mkdir t1/mnt && mount_ -t tmpfs -o size=1m tmpfs t1/mnt \
    && mkdir t1/mnt/below && : > t1/mnt/below/f && : > t1/mnt/f \
    || framework_failure_ "cannot mount a tmpfs on t1/mnt"
fi

# Roots of other kinds.
: > file-root && ln -s t2 link-root && ln -s nowhere dangling-root \
  && ln -s loop-root loop-root || framework_failure_ "cannot make the roots"

# ---- the comparison ---------------------------------------------------------------
# run_both NAME [PREFIX-COMMAND...] -- FTS-PRINT-ARGS...: run both builds,
# each output followed by its exit status, and compare.
run_both ()
{
  name_=$1; shift
  prefix_=
  while test "$1" != --; do prefix_="$prefix_ $1"; shift; done
  shift
  exp_=$test_dir_/exp.$name_ out_=$test_dir_/out.$name_
  $prefix_ "$glibc" "$@" > "$exp_" 2>&1
  echo "exit=$?" >> "$exp_"
  $prefix_ "$ours" "$@" > "$out_" 2>&1
  echo "exit=$?" >> "$out_"
  compare "$exp_" "$out_" || { fail=1; return 1; }
}

# FTS_NOSTAT is compared as is: glibc stats the roots and every entry whose
# d_type is DT_DIR or DT_UNKNOWN (until the parent's link count says no
# directory is left) and gives FTS_NSOK to the rest, and libfts must do the
# same for a program written against glibc to see the same walk.
option_sets='PHYSICAL PHYSICAL,NOCHDIR PHYSICAL,SEEDOT LOGICAL LOGICAL,NOCHDIR
  PHYSICAL,COMFOLLOW PHYSICAL,XDEV PHYSICAL,NOSTAT'

for o in $option_sets; do
  for s in $seeds; do
    run_both "t$s.$o" -- -o $o -c name "t$s"
  done
  # Several roots: one given twice, trailing slashes, missing ones
  # (FTS_NS: ENOENT, ENOTDIR), a file, links to a directory, to nothing and
  # to itself (ELOOP).
  run_both "roots.$o" -- -o $o -c name \
    t3 missing file-root t3 link-root t1/ dangling-root t4/empty nothere/x \
    file-root/x loop-root ./t2/ t4// link-root/
  # The same without a comparison: the roots keep the command line's order.
  run_both "roots-unsorted.$o" -- -o $o -c none \
    t4/empty missing file-root link-root t4/empty dangling-root
  # Relative to the working directory.
  (cd t2 && run_both "dot.$o" -- -o $o -c name .) || fail=1
done

# ---- an empty name: a deliberate difference ------------------------------------
# glibc's fts_open fails outright with ENOENT when any root is "", so none
# of the other roots is walked.  libfts reports that root alone, as FTS_NS
# with ENOENT (as gnulib's fts does, which GNU rm and du rely on for
# "cannot remove ''"), and walks the others.
for o in PHYSICAL LOGICAL,NOCHDIR; do
  "$glibc" -o $o -c none '' t4/empty > exp.empty-glibc.$o 2>&1
  printf 'fts_open: ENOENT\n' > exp.empty-glibc-want
  compare exp.empty-glibc-want exp.empty-glibc.$o \
    || framework_failure_ "glibc no longer rejects an empty root"
  "$ours" -o $o -c none '' t4/empty > out.empty.$o 2>&1 || fail=1
  printf '%s\n' 'FTS_NS 0  errno=ENOENT' 'FTS_D 0 t4/empty' \
    'FTS_DP 0 t4/empty' > exp.empty.$o
  compare exp.empty.$o out.empty.$o || fail=1
done

# ---- unreadable directories --------------------------------------------------
# Root reads everything, so as root the walk runs as nobody, to whom the
# modes of this tree (root's) are those for others: u/nosearch (0644,
# with entries) and u/nosearch-empty (0444) can be read but not
# searched; u/noread (0, with an entry), u/noread-empty (0) and
# u/search-only (0111) cannot be read.
mkdir u u/ok u/noread u/noread-empty u/nosearch u/nosearch/sub \
  u/nosearch-empty u/search-only \
  && : > u/ok/f && : > u/noread/f && : > u/nosearch/f \
  && : > u/unreadable-file && chmod 0 u/unreadable-file \
  && chmod 0 u/noread u/noread-empty && chmod 0644 u/nosearch \
  && chmod 0444 u/nosearch-empty && chmod 0111 u/search-only \
  || framework_failure_ "cannot build the unreadable tree"
as_user=
if test "$(id -u)" = 0; then
  if command -v setpriv > /dev/null && id -u nobody > /dev/null 2>&1; then
    as_user="setpriv --reuid=$(id -u nobody) --regid=$(id -g nobody)
      --clear-groups"
    chmod a+rx "$test_dir_" || framework_failure_ "chmod $test_dir_"
    # nobody may not reach the build tree or the temporary directory
    # (a checkout under /root, say).
    if ! $as_user "$glibc" u/ok > /dev/null 2>&1 \
       || ! $as_user "$ours" u/ok > /dev/null 2>&1; then
      echo "nobody cannot run the helpers here: unreadable case not run" >&2
      as_user=
    fi
  else
    echo "setpriv or user nobody missing: unreadable case not run" >&2
  fi
fi
# A directory that can be read but not searched, in chdir mode: a
# deliberate difference.  glibc's fts cannot enter it and hands out none
# of its entries; libfts, like gnulib's and the BSDs' fts, hands them out
# (FTS_NS with EACCES, or FTS_NSOK under FTS_NOSTAT), as glibc itself
# does with FTS_NOCHDIR.  The rest, the directory's post-order visit
# included (FTS_DP, with EACCES unless FTS_NOSTAT has nothing to stat),
# is glibc's.  So ours must give glibc's chdir-mode walk with the entries
# of glibc's FTS_NOCHDIR walk put in before each such directory's
# post-order visit.
unsearchable_chdir_ ()
{
  $as_user "$glibc" -o "$1" -c name u > glibc-chdir.$1 2>&1
  echo "exit=$?" >> glibc-chdir.$1
  $as_user "$glibc" -o "$1,NOCHDIR" -c name u > glibc-nochdir.$1 2>&1
  awk -v dirs='u/nosearch u/nosearch-empty' '
    BEGIN { n = split (dirs, d, " ") }
    FNR == NR {
      for (i = 1; i <= n; i++)
        if (index ($3, d[i] "/") == 1) kids[d[i]] = kids[d[i]] $0 "\n"
      next
    }
    $1 == "FTS_DP" && ($3 in kids) { printf "%s", kids[$3] }
    { print }' glibc-nochdir.$1 glibc-chdir.$1 > exp.unreadable.$1 \
    || framework_failure_ "cannot make exp.unreadable.$1"
  grep -x 'FTS_NS 2 u/nosearch/sub errno=EACCES' exp.unreadable.$1 \
    > /dev/null || framework_failure_ "glibc: no FTS_NS for u/nosearch/sub"
  $as_user "$ours" -o "$1" -c name u > out.unreadable.$1 2>&1
  echo "exit=$?" >> out.unreadable.$1
  compare exp.unreadable.$1 out.unreadable.$1 || fail=1
}
if test "$(id -u)" != 0 || test -n "$as_user"; then
  # 0, neither FTS_PHYSICAL nor FTS_LOGICAL, is what debuginfod passes.
  for o in $option_sets 0; do
    case $o in
      *LOGICAL* | *NOCHDIR*) run_both "unreadable.$o" $as_user -- -o $o -c name u ;;
      *) unsearchable_chdir_ $o ;;
    esac
  done
  # The directory that cannot be read must be reported as such: FTS_DNR
  # from both, or the comparison above proves nothing.
  grep -x 'FTS_DNR 1 u/noread errno=EACCES' exp.unreadable.PHYSICAL \
    > /dev/null || framework_failure_ "no FTS_DNR for u/noread"
fi

# ---- FreeBSD's cases, pinned ---------------------------------------------------
# As FreeBSD's fts tests make them: fts_misc_test's fts_unrdir (dir/unr,
# mode 0100, cannot be read; dir/unx, 0400 and empty, cannot be searched:
# FTS_D then FTS_DP) and read_no_exec_dir (a root of mode 0400 holding a
# file, which is handed out), each walked with FTS_PHYSICAL, 0 and
# FTS_PHYSICAL|FTS_NOCHDIR.  Written out, not taken from glibc: the
# walk a caller sees, whatever glibc does.  glibc's fts_unrdir walk must
# be the same, or the expectation is not glibc's.  The user who walks
# them makes them, as there: their modes are the owner's.
if test "$(id -u)" != 0 || test -n "$as_user"; then
  mkdir fb && chmod 0777 fb && (cd fb && $as_user sh -c '
    mkdir dir dir/unr dir/unx rx && : > rx/file \
      && chmod 0100 dir/unr && chmod 0400 dir/unx rx') \
    || framework_failure_ "cannot build FreeBSD's trees"
  for o in PHYSICAL 0 PHYSICAL,NOCHDIR; do
    case $o in
      *NOCHDIR*) e= ;;                  # no working directory to move
      *) e=' errno=EACCES' ;;
    esac
    printf '%s\n' 'FTS_D 0 dir' 'FTS_D 1 dir/unr' \
      'FTS_DNR 1 dir/unr errno=EACCES' 'FTS_D 1 dir/unx' \
      "FTS_DP 1 dir/unx$e" 'FTS_DP 0 dir' exit=0 > exp.unrdir.$o
    printf '%s\n' 'FTS_D 0 rx' 'FTS_NS 1 rx/file errno=EACCES' \
      "FTS_DP 0 rx$e" exit=0 > exp.noexec.$o
    (cd fb && $as_user "$ours" -o $o -c name dir; echo "exit=$?") \
      > out.unrdir.$o 2>&1
    compare exp.unrdir.$o out.unrdir.$o || fail=1
    (cd fb && $as_user "$ours" -o $o -c name rx; echo "exit=$?") \
      > out.noexec.$o 2>&1
    compare exp.noexec.$o out.noexec.$o || fail=1
    (cd fb && $as_user "$glibc" -o $o -c name dir; echo "exit=$?") \
      > glibc.unrdir.$o 2>&1
    compare exp.unrdir.$o glibc.unrdir.$o \
      || framework_failure_ "glibc's fts_unrdir walk is not the one pinned"
  done
fi

exit $fail
