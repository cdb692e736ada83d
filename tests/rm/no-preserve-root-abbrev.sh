#!/bin/sh
# --no-preserve-root must be spelled out: an abbreviation is refused, exit 1,
# nothing removed (and no Try line).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdir d && : > d/f || framework_failure_ "cannot make d"

echo 'rm: you may not abbreviate the --no-preserve-root option' > _exp.err
for opt in --no --no-p --no-preserve --no-preserve-roo; do
  run_rm -rf $opt d > _out 2> _err; check_status_ 1 $? "rm -rf $opt d"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
done
printf '%s\n' 'd 755 d' 'f 644 d/f' > _exp.tree
list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
