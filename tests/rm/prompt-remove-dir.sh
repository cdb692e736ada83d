#!/bin/sh
# -ri asks "remove directory 'd'? " after emptying it (an empty directory
# gets that question alone), and -di asks it of an empty directory; 'n'
# keeps the directory, and is success.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdir d e f && : > d/x || framework_failure_ "cannot make the directories"

printf '%s' "rm: descend into directory 'd'? " \
  "rm: remove regular empty file 'd/x'? " "rm: remove directory 'd'? " \
  "rm: remove directory 'e'? " > _exp.err
printf 'y\ny\nn\nn\n' | run_rm -ri d e > _out 2> _err
check_status_ 0 $? "rm -ri d e"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
printf '%s\n' 'd 755 d' 'd 755 e' 'd 755 f' > _exp.tree
list_ > _tree
compare _exp.tree _tree || fail=1

printf '%s' "rm: remove directory 'd'? " "rm: remove directory 'e'? " \
  "rm: remove directory 'f'? " > _exp.err
printf 'y\nn\ny\n' | run_rm -di d e f > _out 2> _err
check_status_ 0 $? "rm -di d e f"
compare _exp.err _err || fail=1
echo 'd 755 e' > _exp.tree
list_ > _tree
compare _exp.tree _tree || fail=1

echo "removed directory 'e'" > _exp.out
printf 'y\n' | run_rm -riv e > _out 2> _err; check_status_ 0 $? "rm -riv e"
printf '%s' "rm: remove directory 'e'? " > _exp.err
compare _exp.out _out || fail=1
compare _exp.err _err || fail=1
list_ > _tree
compare /dev/null _tree || fail=1

exit $fail
