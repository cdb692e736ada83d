#!/bin/sh
# mpi-du with several operands and with --exclude, at mpirun -np 1, 2 and
# 4, prints what GNU du prints, byte for byte (standard output, standard
# error, exit status): operands that do not meet (shared by the ranks:
# at -np 4 their directories are read on more than one rank, each
# directory once in all, and operands with no subdirectory too: in one
# directory, the operands themselves are handed out), operands that do (one given twice, one below
# another, either way: rank 0 alone, as before), hard links between
# operands counted once, where the sequential walk meets them first; and
# --exclude with patterns that match whole paths, which a rank walking a
# directory by another name must match as rank 0 would (the task carries
# its path as rank 0 names it).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

gnu_du=/usr/bin/du
"$gnu_du" --version 2>/dev/null | grep '^du (GNU coreutils) ' > /dev/null \
  || skip_ "$gnu_du is not GNU du"

# T/dNN, NN = 00..11: dNN/a/b/c, dNN/e, a file of 8 KiB at each level
# (so that where it counts shows), a link in dNN/e to the next one's
# file; T/dNN/a/b/ex: a directory whose name --exclude matches.
n=12
i=0
while test $i -lt $n; do
  d=$(printf 'T/d%02d' $i)
  mkdir -p $d/a/b/c $d/e $d/a/b/ex/y \
    && for f in $d/f $d/a/f $d/a/b/f $d/a/b/c/f $d/a/b/ex/y/f; do
         head -c 8192 /dev/zero > $f || exit 1
       done \
    || framework_failure_ "cannot make $d"
  i=$((i + 1))
done
i=0
while test $i -lt $n; do
  ln $(printf 'T/d%02d/f T/d%02d/e/l' $(((i + 1) % n)) $i) \
    || framework_failure_ "cannot link into T/d$i"
  i=$((i + 1))
done

all=$(i=0; while test $i -lt $n; do printf 'T/d%02d ' $i; i=$((i + 1)); done)
# F/kNN, NN = 00..39: directories with no subdirectory, each a file:
# only the operands themselves can go to other ranks (a rank asks for 16
# directories at once: 40 go to more than one).
flat=$(i=0; while test $i -lt 40; do printf 'F/k%02d ' $i; i=$((i + 1)); done)
for k in $flat; do
  mkdir -p $k && head -c 8192 /dev/zero > $k/f \
    || framework_failure_ "cannot make $k"
done

# check_ NP SHARED ARGS...: mpi-du ARGS on NP ranks says what GNU du
# says; with SHARED "shared" at -np 4, directories were read on more than
# one rank, and with "once", also each directory once (of those below
# the operands, counted by find).
check_ ()
{
  np=$1 shared=$2
  shift 2
  rm -f _stats
  LIBFTS_STATS_FILE=$PWD/_stats run_mpi_ $np du "$@" > _out 2> _err
  echo "exit $?" >> _out
  "$gnu_du" "$@" > _exp 2> _exp_err; echo "exit $?" >> _exp
  compare _exp _out \
    || { echo "-np $np du $*: not GNU's lines" >&2; fail=1; }
  mpi_messages_ _err | sed 's|^/usr/bin/du: |du: |' > _e
  sed 's|^/usr/bin/du: |du: |' _exp_err > _ee
  compare _ee _e \
    || { echo "-np $np du $*: not GNU's messages" >&2; fail=1; }
  test $np = 4 && test $shared != alone || return 0
  readers=$(grep -c '^dirs_read=[1-9]' _stats)
  test "$readers" -gt 1 \
    || { echo "-np $np du $*: read on $readers rank(s) alone" >&2; fail=1; }
  test $shared = once || return 0
  read_=$(sed -n 's/^dirs_read=//p' _stats | awk '{ n += $1 } END { print n }')
  # shellcheck disable=SC2086
  dirs=$(find $all -type d | wc -l)
  test "$read_" = "$dirs" \
    || { echo "-np $np du $*: $read_ directories read, not $dirs" >&2
         fail=1; }
}

for np in $mpi_np_list_; do
  # shellcheck disable=SC2086
  {
    check_ $np once -a $all
    check_ $np once -s $all
    check_ $np once -c -l $all
    check_ $np shared -a --exclude=ex $all
    check_ $np shared -a --exclude=T/d03/a/b --exclude='T/d1*/a/b/c' $all
    check_ $np shared -a --exclude='*/a/b/ex/y' T
    check_ $np shared -a --exclude='T/d0[2-5]' --exclude=T/d07/e T
    tree_all=$all all=$flat
    check_ $np once -a $flat
    all=$tree_all
    check_ $np alone -a T/d01 T/d01/a T/d02
    check_ $np alone -a T/d03/a/b T/d03 T/d04
    check_ $np alone -s T/d05 T/d06 T/d05
    check_ $np alone -a --exclude='T/d0*/a/b' T/d08/a T/d08 T/nothere
    check_ $np alone -c T/nothere $all
  }
done

exit $fail
