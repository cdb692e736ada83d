#!/bin/sh
# Names are quoted, shell-style, when standard output is a terminal (as ls
# quotes them), and written as they are otherwise: GNU du after 9.11
# (coreutils commit d18b73bb6); 9.1 writes them raw everywhere.  script(1)
# gives du a terminal.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

command -v script > /dev/null || skip_ "script not found"
mkdir 'a b' plain || framework_failure_ "cannot make the directories"

printf "1\t'a b'\r\n1\tplain\r\n" > _exp
PATH=$du_bin_:$PATH script -qec "du --inodes 'a b' plain" /dev/null > _out 2> _err \
  < /dev/null
check_status_ 0 $? "du on a terminal"
compare _exp _out || fail=1

printf '1\ta b\n1\tplain\n' > _exp
run_du --inodes 'a b' plain > _out 2> _err; check_status_ 0 $? "du to a file"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
