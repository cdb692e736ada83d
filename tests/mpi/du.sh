#!/bin/sh
# mpi-du at mpirun -np 1, 2 and 4 prints what GNU du prints, byte for
# byte, on a tree whose files have hard links spread over directories
# that different ranks take: each counted once, where the sequential walk
# meets it first; du's default line per directory, in GNU's order.  With
# -b and --apparent-size, GNU du 9.1 counts directories' own sizes and
# later GNU (which du follows: tests/du/apparent-size.sh) does not: there
# the lines of directories are compared with our du's, the others with
# GNU's.  Every directory is read once, on whichever rank
# (LIBFTS_STATS_FILE), and at -np 4 by more than one rank (but with
# several operands: tests/mpi/du-operands.sh).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

gnu_du=/usr/bin/du
"$gnu_du" --version 2>/dev/null | grep '^du (GNU coreutils) ' > /dev/null \
  || skip_ "$gnu_du is not GNU du"
our_du=$abs_top_builddir/src/du
test -x "$our_du" || framework_failure_ "$our_du is not built"

# T/dNN, NN = 00..23: each holds a file of its own (8 KiB, so that where
# it counts shows in every unit), links to the files of the 3 directories
# after it, and a sub with 4 empty files and a link to the file 7 after;
# T/deep: a chain 12 deep with a file at each level; T/big: 300 empty
# files and a link to each dNN/f.
n=24
i=0
while test $i -lt $n; do
  d=$(printf 'T/d%02d' $i)
  mkdir -p $d/sub && head -c 8192 /dev/zero > $d/f \
    && (cd $d/sub && touch a b c d) \
    || framework_failure_ "cannot make $d"
  i=$((i + 1))
done
i=0
while test $i -lt $n; do
  d=$(printf 'T/d%02d' $i)
  for k in 1 2 3; do
    ln $(printf 'T/d%02d/f' $(((i + k) % n))) $d/l$k \
      || framework_failure_ "cannot link into $d"
  done
  ln $(printf 'T/d%02d/f' $(((i + 7) % n))) $d/sub/m \
    || framework_failure_ "cannot link into $d/sub"
  i=$((i + 1))
done
p=T/deep
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
  p=$p/l$k
  mkdir -p $p && head -c $((k * 1000)) /dev/zero > $p/f \
    || framework_failure_ "cannot make $p"
done
mkdir T/big && (cd T/big && seq -f 'e%03g' 1 300 | xargs touch) \
  || framework_failure_ "cannot make T/big"
i=0
while test $i -lt $n; do
  ln $(printf 'T/d%02d/f T/big/f%02d' $i $i) \
    || framework_failure_ "cannot link into T/big"
  i=$((i + 1))
done
# Names that GNU du after 9.11 quotes on a terminal: mpirun gives rank 0
# a terminal whatever the caller's output is, and mpi-du never takes it
# for the user's.
mkdir 'T/d02/s p' && : > 'T/d02/s p/a b' \
  || framework_failure_ "cannot make 'T/d02/s p'"
dirs=$(find T -type d | wc -l)

# dir_lines_out_ FILE: FILE's lines less those naming a directory.
dir_lines_out_ ()
{
  while IFS= read -r line; do
    test -d "${line##*	}" || printf '%s\n' "$line"
  done < "$1"
}

for np in $mpi_np_list_; do
  while IFS= read -r opts; do
    rm -f _stats
    # shellcheck disable=SC2086
    LIBFTS_STATS_FILE=$PWD/_stats run_mpi_ $np du $opts T > _out 2> _err
    echo "exit $?" >> _out
    # shellcheck disable=SC2086
    "$gnu_du" $opts T > _exp 2> _exp_err; echo "exit $?" >> _exp
    # shellcheck disable=SC2086
    LIBFTS_THREADS=1 "$our_du" $opts T > _ours 2> /dev/null
    echo "exit $?" >> _ours
    case " $opts " in
      *" -b "*|*" --apparent-size "*)
        dir_lines_out_ _exp > _e && mv _e _exp
        dir_lines_out_ _out > _o && compare _exp _o \
          || { echo "-np $np du $opts T: not GNU's lines" >&2; fail=1; }
        ;;
      *)
        compare _exp _out \
          || { echo "-np $np du $opts T: not GNU's lines" >&2; fail=1; }
        ;;
    esac
    compare _ours _out \
      || { echo "-np $np du $opts T: not our du's lines" >&2; fail=1; }
    mpi_messages_ _err > _e
    compare _exp_err _e || fail=1
    read_=$(sed -n 's/^dirs_read=//p' _stats | awk '{ n += $1 } END { print n }')
    test "$read_" = "$dirs" \
      || { echo "-np $np du $opts T: $read_ directories read, not $dirs" >&2
           fail=1; }
    readers=$(grep -c '^dirs_read=[1-9]' _stats)
    case $opts in T/*|*" T/"*) readers=several;; esac
    test $np -lt 4 || test "$readers" != 1 \
      || { echo "-np $np du $opts T: read on $readers rank(s) alone" >&2
           fail=1; }
  done <<'X'

-a
-s
-a -d 1
-d 2
-c -h
-a -k
-m -c
-b -a
--apparent-size -h
-B 1K -a
--inodes
-a --inodes -c
-x -a
-a -l
-S
T/d05 -a
-s T/big T/d01/sub
X
done

exit $fail
