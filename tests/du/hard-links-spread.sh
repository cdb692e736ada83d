#!/bin/sh
# Hard links spread over many directories: each file with several links
# is counted once, where the sequential walk meets it first, whatever
# the threads' order (make check runs this with LIBFTS_THREADS=1 and 4).
# The lines of du -a and of du must be GNU du's, byte for byte.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

gnu_du=/usr/bin/du
"$gnu_du" --version 2>/dev/null | grep -q 'GNU coreutils' \
  || skip_ "GNU du is not $gnu_du"

# T/dNN (and T/dNN/sub) for NN = 00..95: each holds a file of its own,
# 8 KiB (so that where it counts shows in every unit), and links to the
# files of the 5 directories after it, and its sub to those of 3 others
# among 16 empty files.  Which name of a file comes first depends on
# readdir's order in T and in each directory, which the threads do not
# follow.  (Counting a file where a thread meets it first made this test
# fail 4 runs in 4 at 4 threads.)
n=96
i=0
while test $i -lt $n; do
  d=$(printf 'T/d%02d' $i)
  mkdir -p $d/sub && head -c 8192 /dev/zero > $d/f \
    && (cd $d/sub && touch a b c d e f g h i j k l m n o p) \
    || framework_failure_ "cannot make $d"
  i=$((i + 1))
done
i=0
while test $i -lt $n; do
  d=$(printf 'T/d%02d' $i)
  for k in 1 2 3 4 5; do
    ln $(printf 'T/d%02d/f' $(((i + k) % n))) $d/l$k \
      || framework_failure_ "cannot link into $d"
  done
  for k in 7 11 13; do
    ln $(printf 'T/d%02d/f' $(((i + k) % n))) $d/sub/m$k \
      || framework_failure_ "cannot link into $d/sub"
  done
  i=$((i + 1))
done

# T/big: 2,500 empty files and a link to each dNN/f: a directory large
# enough for the threads to share its files, a slice each.
mkdir T/big && (cd T/big && seq -f 'e%04g' 1 2500 | xargs touch) \
  || framework_failure_ "cannot make T/big"
i=0
while test $i -lt $n; do
  ln $(printf 'T/d%02d/f T/big/f%02d' $i $i) \
    || framework_failure_ "cannot link into T/big"
  i=$((i + 1))
done

for opts in '-a' '' '-a --inodes' '-S' '-a -d 1' '-s' '-a -k -c' \
            '-a -l' '-a T/d05 T'; do
  # shellcheck disable=SC2086
  run_du $opts T > _out 2> _err; echo "exit $?" >> _out
  # shellcheck disable=SC2086
  LC_ALL=C "$gnu_du" $opts T > _exp 2> _exp_err; echo "exit $?" >> _exp
  compare _exp _out || { echo "du $opts T: not GNU's lines" >&2; fail=1; }
  compare _exp_err _err || fail=1
done

exit $fail
