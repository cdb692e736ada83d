#!/bin/sh
# --preserve-root takes only 'all' as argument, unabbreviated: anything else
# is refused with GNU's message, exit 1, nothing removed.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdir d && : > d/f || framework_failure_ "cannot make d"

for arg in x al '' ALL; do
  echo "rm: unrecognized --preserve-root argument: '$arg'" > _exp.err
  run_rm -r --preserve-root="$arg" d > _out 2> _err
  check_status_ 1 $? "rm --preserve-root=$arg"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
done
printf '%s\n' 'd 755 d' 'f 644 d/f' > _exp.tree
list_ > _tree
compare _exp.tree _tree || fail=1
rm -r d

# Accepted forms, on an ordinary directory: it goes.
for opt in --preserve-root --preserve-root=all --preserve --no-preserve-root; do
  mkdir d && : > d/f || framework_failure_ "cannot make d"
  run_rm -r $opt d > _out 2> _err; check_status_ 0 $? "rm -r $opt d"
  compare /dev/null _err || fail=1
  list_ > _tree
  compare /dev/null _tree || fail=1
done

exit $fail
