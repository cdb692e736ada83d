#!/bin/sh
# -f (--force): nonexistent operands are ignored without a word, the others
# are removed, and the exit status is 0.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

: > a && : > b && mkdir d || framework_failure_ "cannot make the files"

run_rm -f nothere a no/such/file b > _out 2> _err; check_status_ 0 $? "rm -f"
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1

run_rm --force -r nothere/ d nothere > _out 2> _err
check_status_ 0 $? "rm --force -r"
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1

# -v says nothing about what was not there.
run_rm -fv nothere > _out 2> _err; check_status_ 0 $? "rm -fv"
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1

list_ > _tree
compare /dev/null _tree || fail=1

exit $fail
