#!/bin/sh
# Long options may be abbreviated to any unambiguous prefix.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdir -p d/s e && : > d/s/f || framework_failure_ "cannot make files"
cat > _exp.out <<'X'
removed 'd/s/f'
removed directory 'd/s'
removed directory 'd'
removed directory 'e'
X
run_rm --rec --verb --for --one-file --pre d nothere > _out 2> _err
check_status_ 0 $? "rm --rec --verb --for"
run_rm --d --verbo e >> _out 2>> _err; check_status_ 0 $? "rm --d --verbo e"
compare _exp.out _out || fail=1
compare /dev/null _err || fail=1
list_ > _tree
compare /dev/null _tree || fail=1

exit $fail
