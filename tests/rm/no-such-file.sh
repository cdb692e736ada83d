#!/bin/sh
# Without -f a nonexistent operand is reported, the other operands are still
# removed, and the exit status is 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

: > a && : > b && mkdir d || framework_failure_ "cannot make the files"

cat > _exp.err <<'X'
rm: cannot remove 'nothere': No such file or directory
rm: cannot remove 'd/nothere': No such file or directory
rm: cannot remove 'a/x': Not a directory
rm: cannot remove 'no such': No such file or directory
X
run_rm nothere d/nothere a/x a b 'no such' > _out 2> _err
check_status_ 1 $? "rm"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
echo 'd 755 d' > _exp.tree
list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
