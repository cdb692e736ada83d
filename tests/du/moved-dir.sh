#!/bin/sh
# A directory moved elsewhere while du is below it (du held up by a full
# pipe, deep enough that GNU's walk reopens the ancestors on the way up)
# stops the walk where GNU du 9.1 stops it: on the way up, out of the
# moved directory, whose ".." is no longer the parent it came through.
# du names it in "fts_read failed", exits 1, and has listed everything
# below it once, none of it (nor anything above) twice or under a second
# name.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

command -v timeout > /dev/null || skip_ "timeout not found"
deep=d/a1/a2/a3/a4/a5
i=6
while test $i -le 40; do deep=$deep/a$i; i=$((i + 1)); done
mkdir -p "$deep" || framework_failure_ "cannot make a deep tree"
long=$(printf '%0200d' 0)
i=0
while test $i -lt 1000; do
  : > "$deep/$long$i" || framework_failure_ "cannot make files"
  i=$((i + 1))
done

# What du lists: the files, then the directories from a40 up to a6.
{
  i=0
  while test $i -lt 1000; do echo "$deep/$long$i"; i=$((i + 1)); done
  dir=$deep
  while test "$dir" != d/a1/a2/a3/a4/a5; do echo "$dir"; dir=${dir%/*}; done
} | LC_ALL=C sort > _exp

{ timeout 60 sh -c '(PATH=$1:$PATH; exec du -a "$2")' sh "$du_bin_" d \
    2> _err; echo $? > _st; } \
  | { read -r first; mv d/a1/a2/a3/a4/a5 d/moved;
      { echo "$first"; cat; } > _out; }
check_status_ 1 "$(cat _st)" "du"
cut -f2 _out | LC_ALL=C sort > _paths
compare _exp _paths || fail=1
echo 'du: fts_read failed: d/a1/a2/a3/a4/a5: No such file or directory' \
  > _exp.err
compare _exp.err _err || fail=1

exit $fail
