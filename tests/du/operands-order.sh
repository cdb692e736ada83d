#!/bin/sh
# Operands are reported in the order given, each directory after its
# contents; no operand means ".".

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p b/s a && : > c || framework_failure_ "cannot make the tree"

printf '1\tb/s\n2\tb\n1\tc\n1\ta\n' > _exp
run_du --inodes b c a > _out 2> _err; check_status_ 0 $? "du b c a"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

mkdir -p e/t && cd e || framework_failure_ "cannot make e"
printf '1\t./t\n2\t.\n' > ../_exp
run_du --inodes > ../_out 2> ../_err; check_status_ 0 $? "du (no operand)"
cd .. && compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
