#!/bin/sh
# -d (--dir) removes empty directories; a non-empty one is "Directory not
# empty", exit 1; files are removed as usual.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

for opt in -d --dir --d; do
  mkdir empty full && : > full/f && : > file || framework_failure_ "cannot make dirs"
  echo "rm: cannot remove 'full': Directory not empty" > _exp.err
  run_rm $opt empty full file > _out 2> _err; check_status_ 1 $? "rm $opt"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
  printf '%s\n' 'd 755 full' 'f 644 full/f' > _exp.tree
  list_ > _tree
  compare _exp.tree _tree || fail=1
  rm -r full
done

# An emptied directory goes in the same command.
mkdir d && : > d/f || framework_failure_ "cannot make d"
run_rm -d d/f d > _out 2> _err; check_status_ 0 $? "rm -d d/f d"
compare /dev/null _err || fail=1
list_ > _tree
compare /dev/null _tree || fail=1

exit $fail
