#!/bin/sh
# GNU getopt permutes: options after file names still count, unless
# POSIXLY_CORRECT is set, when the first non-option ends the options.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdir d && : > d/f && : > a || framework_failure_ "cannot make files"
printf '%s\n' "removed 'a'" "removed 'd/f'" "removed directory 'd'" > _exp.out
run_rm a d -r -v > _out 2> _err; check_status_ 0 $? "rm a d -r -v"
compare _exp.out _out || fail=1
compare /dev/null _err || fail=1
list_ > _tree
compare /dev/null _tree || fail=1

mkdir d && : > d/f && : > a || framework_failure_ "cannot make files"
cat > _exp.err <<'X'
rm: cannot remove 'd': Is a directory
rm: cannot remove '-r': No such file or directory
rm: cannot remove '-v': No such file or directory
X
(POSIXLY_CORRECT=1; export POSIXLY_CORRECT; run_rm a d -r -v > _out 2> _err)
check_status_ 1 $? "POSIXLY_CORRECT rm a d -r -v"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
printf '%s\n' 'd 755 d' 'f 644 d/f' > _exp.tree
list_ > _tree
compare _exp.tree _tree || fail=1

# Options before the first operand still count under POSIXLY_CORRECT.
(POSIXLY_CORRECT=1; export POSIXLY_CORRECT; run_rm -r d > _out 2> _err)
check_status_ 0 $? "POSIXLY_CORRECT rm -r d"
list_ > _tree
compare /dev/null _tree || fail=1

exit $fail
