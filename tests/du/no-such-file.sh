#!/bin/sh
# A missing operand: "cannot access", exit 1, the other operands walked;
# an empty one: "invalid zero-length file name", in its turn.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir d && : > f || framework_failure_ "cannot make the tree"

printf '1\td\n1\tf\n' > _exp
cat > _exp.err <<'X'
du: cannot access 'nothere': No such file or directory
du: invalid zero-length file name
du: cannot access 'f/x': Not a directory
X
run_du --inodes d nothere '' f f/x > _out 2> _err; check_status_ 1 $? "du"
compare _exp _out || fail=1
compare _exp.err _err || fail=1

exit $fail
