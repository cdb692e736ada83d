#!/bin/sh
# tests/fuzz/fuzz.sh: the differential fuzzer.  From a seed it draws cases
# (gen.awk: a random tree, a random command line for rm, du, chmod, chown
# or chgrp), runs GNU's program (/usr/bin) on one copy of the tree and ours
# on another at each thread count, and compares standard output, standard
# error, the exit status and the tree left (replay.sh); a timeout is a
# finding.  A case that matches a line of known-differences (what newer
# GNU documents and we follow) is not run.  Each finding is written as a
# shell script that recreates it.  Must run as root (it runs the programs
# as root and as nobody, and makes files of other users).
#
#   fuzz.sh [--seed N] [--cases N | --seconds N] [--threads '1 4 8']
#           [--programs 'rm du chmod chown chgrp'] [--users 'root nobody']
#           [--work DIR] [--findings DIR] [--ours DIR] [--gnu DIR]
#           [--timeout S] [--shrink]
#
# --shrink drops the words of a finding's command line one at a time while it
# still differs the same way (the tree is not shrunk) before writing it.
#
# Prints the cases run per program and thread count, cases per second and
# the findings; exits 0 with no finding, 1 with some, 77 if it cannot run
# here (not root, or /usr/bin's programs not GNU's), 99 on a set-up error.

me=fuzz.sh
here=$(cd "$(dirname "$0")" && pwd)
seed=$(date +%s) cases= seconds= threads='1 4 8'
programs='rm du chmod chown chgrp' users='root nobody'
work=${TMPDIR:-/tmp} findings=$here/findings gnu=/usr/bin
ours=${abs_top_builddir:-$here/../..}/src fz_timeout=30 shrink=

while test $# -gt 0; do
  case $1 in
    --seed) seed=$2;; --cases) cases=$2;; --seconds) seconds=$2;;
    --threads) threads=$2;; --programs) programs=$2;; --users) users=$2;;
    --work) work=$2;; --findings) findings=$2;; --ours) ours=$2;;
    --gnu) gnu=$2;; --timeout) fz_timeout=$2;;
    --shrink) shrink=1; shift; continue;;
    *) echo "$me: unknown option $1" >&2; exit 99;;
  esac
  shift 2
done
test -n "$cases$seconds" || cases=100

skip () { echo "$me: skipped: $*" >&2; exit 77; }
test "$(id -u)" = 0 || skip "not root"
for p in $programs; do
  "$gnu/$p" --version 2> /dev/null | sed 1q | grep -q "^$p (GNU coreutils) 9\.1$" \
    || skip "$gnu/$p is not GNU coreutils 9.1"
  test -x "$ours/$p" || { echo "$me: $ours/$p not built" >&2; exit 99; }
done
case " $users " in
  *" nobody "*) command -v setpriv > /dev/null || skip "no setpriv";;
esac

. "$here/replay.sh"

fz_dir=$(mktemp -d "$work/fuzz.XXXXXX") || exit 99
cleanup ()
{
  chmod -R u+rwx "$fz_dir" 2> /dev/null
  rm -rf "$fz_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
chmod 755 "$fz_dir" && mkdir "$fz_dir/gnu-bin" "$fz_dir/our-bin" || exit 99
for p in $programs; do
  ln -s "$gnu/$p" "$fz_dir/gnu-bin/$p" && ln -s "$ours/$p" "$fz_dir/our-bin/$p" \
    || exit 99
done
fz_gnu=$fz_dir/gnu-bin fz_ours=$fz_dir/our-bin
chmod 755 "$fz_dir/gnu-bin" "$fz_dir/our-bin"
for u in $users; do
  test $u = nobody || continue
  setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$ours/$programs" 2>/dev/null
  for p in $programs; do
    setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$ours/$p" \
      || skip "nobody cannot run $ours/$p"
  done
done
mkdir -p "$findings" || exit 99

set -- $programs; nprog=$#
set -- $users; nuser=$#
start=$(date +%s) i=0 run=0 known=0 found=0 broken=0

# count NAME: one more in the counter NAME.
count () { eval "n_$1=\$((\${n_$1:-0} + 1))"; }

# write_finding SEED THREADS WHAT: the case as a script that recreates it.
write_finding ()
{
  f=$findings/$fz_prog-$fz_who-$1-t$2.sh
  {
    echo '#!/bin/sh'
    echo "# A difference the fuzzer found: $fz_prog as $fz_who at"
    echo "# LIBFTS_THREADS=$2 differs from GNU 9.1's in:$3"
    echo "# Recreate: sh $(basename "$f") [DIR_OF_OUR_PROGRAMS] (as root); exit 1"
    echo "# while it differs, 0 once fixed."
    sed -n '2,$p' "$fz_dir/case.sh"
    cat "$here/replay.sh"
    cat << 'EOT'
fz_dir=$(mktemp -d) && chmod 755 "$fz_dir" || exit 99
trap 'chmod -R u+rwx "$fz_dir"; rm -rf "$fz_dir"' EXIT
mkdir "$fz_dir/g" "$fz_dir/o" && chmod 755 "$fz_dir/g" "$fz_dir/o"
ln -s /usr/bin/$fz_prog "$fz_dir/g/$fz_prog" || exit 99
ln -s "$(cd "${1:-$(dirname "$0")/../../../src}" && pwd)/$fz_prog" "$fz_dir/o/$fz_prog"
fz_timeout=${fz_timeout:-30}
fz_make_template || exit 99
fz_run_side gnu "$fz_dir/g" 1
fz_run_side ours "$fz_dir/o" $fz_threads
printf '%s %s\n' "$fz_prog" "$fz_cmd"
test -z "$(fz_compare)" && exit 0
fz_show
exit 1
EOT
  } > "$f"
  sed -i "s|^fz_known=.*|&\nfz_threads=$2|" "$f"
  echo "$f"
}

# still_differs THREADS WHAT: whether the case, run again, still differs
# in WHAT (fz_compare's words), no more, no less.
still_differs ()
{
  fz_run_side gnu "$fz_gnu" 1
  fz_run_side ours "$fz_ours" $1
  test "$(fz_compare)" = "$2"
}

# shrink_cmd THREADS: drop the words of fz_cmd (options, operands) one at
# a time, keeping each drop after which the case still differs at
# THREADS; fz_cmd is left the smallest found, its runs in gnu.* and
# ours.*.  The tree is not shrunk.
shrink_cmd ()
{
  sh_threads_=$1 sh_what_=$(fz_compare) sh_k_=1
  while :; do
    eval "set -- $fz_cmd"
    test $sh_k_ -le $# || break
    sh_try_= sh_j_=0
    for sh_w_; do
      sh_j_=$((sh_j_ + 1))
      test $sh_j_ = $sh_k_ || sh_try_="$sh_try_ '$sh_w_'"
    done
    sh_saved_=$fz_cmd fz_cmd=${sh_try_# }
    if ! still_differs $sh_threads_ "$sh_what_"; then
      fz_cmd=$sh_saved_ sh_k_=$((sh_k_ + 1))
    fi
  done
  still_differs $sh_threads_ "$sh_what_"
}

# summary: the cases run per program and thread count, the rate, the
# findings (also when interrupted).
summary ()
{
  elapsed=$(($(date +%s) - start))
  test $elapsed -gt 0 || elapsed=1
  echo "$me: seed $seed: $i cases drawn, $known known differences not run," \
    "$broken not comparable (set-up failed, or GNU timed out)"
  for p in $programs; do
    line="  $p:"
    for t in $threads; do eval "line=\"\$line $t threads \${n_${p}_$t:-0},\""; done
    echo "${line%,}"
  done
  echo "$me: $run runs of ours in ${elapsed}s:" \
    "$(awk "BEGIN { printf \"%.2f\", $run / $elapsed }") runs/s," \
    "$(awk "BEGIN { printf \"%.2f\", ($i - $known) / $elapsed }") cases/s; $found findings"
}

trap 'summary; exit 130' INT TERM
while :; do
  if test -n "$cases"; then test $i -lt "$cases" || break
  else test $(($(date +%s) - start)) -lt "$seconds" || break; fi
  cs=$(( (seed * 7919 + i * 104729) % 2147483647 ))
  set -- $programs; shift $((i % nprog)); prog=$1
  set -- $users; shift $((i / nprog % nuser)); who=$1
  i=$((i + 1))
  LC_ALL=C awk -v seed=$cs -v prog=$prog -v who=$who \
    -v known="$here/known-differences" -f "$here/gen.awk" > "$fz_dir/case.sh" \
    || exit 99
  . "$fz_dir/case.sh"
  if test -n "$fz_known"; then known=$((known + 1)); continue; fi
  if ! fz_make_template; then broken=$((broken + 1)); continue; fi
  fz_run_side gnu "$fz_gnu" 1
  if grep -q '^exit 12[4-9]$\|^exit 137$' "$fz_dir/gnu.st"; then
    broken=$((broken + 1)); continue      # GNU's timed out: nothing to compare
  fi
  for t in $threads; do
    fz_run_side ours "$fz_ours" $t
    run=$((run + 1)); count ${prog}_$t
    bad=$(fz_compare)
    test -n "$bad" || continue
    found=$((found + 1))
    if test -n "$shrink"; then
      shrink_cmd $t
      # The last run of the smallest case did not differ: one that
      # differs now and then (threads), said so.
      shrunk=$(fz_compare)
      bad=${shrunk:-"$bad (intermittent: its last run did not differ)"}
      printf '# shrunk:\nfz_cmd="%s"\n' "$fz_cmd" >> "$fz_dir/case.sh"
    fi
    echo "FINDING: $prog as $who, seed $cs, LIBFTS_THREADS=$t:$bad: $prog $fz_cmd"
    fz_show_lines=6 fz_show | sed 's/^/  /'
    echo "  -> $(write_finding $cs $t "$bad")"
    break
  done
done

summary
test $found = 0
