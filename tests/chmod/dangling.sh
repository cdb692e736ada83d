#!/bin/sh
# An operand that is a symlink to nothing: "chmod: cannot operate on
# dangling symlink 'l'", exit 1.  Inside a tree walked with -R it is a
# symlink like any other, left alone.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

ln -s nowhere l && mkdir d && ln -s nowhere d/l || framework_failure_ "set-up"
echo "chmod: cannot operate on dangling symlink 'l'" > _exp.err
run_chmod 600 l > _out 2> _err; check_status_ 1 $? "chmod 600 l"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

run_chmod -R 700 d > _out 2> _err || fail=1
compare /dev/null _err || fail=1
test "$(stat -c %a d)" = 700 || fail=1

exit $fail
