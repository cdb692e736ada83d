#!/bin/sh
# Declining is not an error: when every removal was either done or declined
# the exit status is 0 (a parent of a declined file is kept silently); any
# real failure makes it 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdir -p d && : > d/keep && : > a && : > b || framework_failure_ "cannot make files"

# Decline everything.
printf 'n\nn\nn\n' | run_rm -ri a b d > _out 2> _err
check_status_ 0 $? "rm -ri, all declined"
printf '%s' "rm: remove regular empty file 'a'? " \
  "rm: remove regular empty file 'b'? " "rm: descend into directory 'd'? " > _exp.err
compare _exp.err _err || fail=1

# Enter d, decline its file and then d itself.
printf 'y\nn\nn\ny\n' | run_rm -ri d a > _out 2> _err
check_status_ 0 $? "rm -ri, file in d declined"
printf '%s' "rm: descend into directory 'd'? " \
  "rm: remove regular empty file 'd/keep'? " "rm: remove directory 'd'? " \
  "rm: remove regular empty file 'a'? " > _exp.err
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
printf '%s\n' 'd 755 d' 'f 644 b' 'f 644 d/keep' > _exp.tree
list_ > _tree
compare _exp.tree _tree || fail=1

# Declined plus a missing operand: 1.
printf 'n\n' | run_rm -i b nothere > _out 2> _err
check_status_ 1 $? "rm -i, declined + missing"
printf '%s' "rm: remove regular empty file 'b'? " \
  "rm: cannot remove 'nothere': No such file or directory
" > _exp.err
compare _exp.err _err || fail=1

# -I declined: 0.
printf 'n\n' | run_rm -rI d > _out 2> _err; check_status_ 0 $? "rm -rI declined"

exit $fail
