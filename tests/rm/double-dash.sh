#!/bin/sh
# '--' ends the options: what follows is a file even if it starts with '-'.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

: > -f && : > -r && : > --help && : > ./-- && mkdir -- -d || framework_failure_ "cannot make files"

printf '%s\n' "removed '-f'" "removed '--help'" "removed directory '-d'" > _exp.out
echo "rm: cannot remove '-v': No such file or directory" > _exp.err
run_rm -r -v -- -f --help -d -v > _out 2> _err; check_status_ 1 $? "rm -- ..."
compare _exp.out _out || fail=1
compare _exp.err _err || fail=1

# A second '--' after the first is a file name.
echo "removed '--'" > _exp.out
run_rm -v -- -- > _out 2> _err; check_status_ 0 $? "rm -v -- --"
compare _exp.out _out || fail=1
compare /dev/null _err || fail=1

# ./-r needs no '--'.
echo "removed './-r'" > _exp.out
run_rm -v ./-r > _out 2> _err; check_status_ 0 $? "rm -v ./-r"
compare _exp.out _out || fail=1

list_ > _tree
compare /dev/null _tree || fail=1

exit $fail
