#!/bin/sh
# On a terminal (here ---presume-input-tty) rm asks before removing a
# write-protected file: "rm: remove write-protected regular empty file 'e'? "
# on stderr, no newline; 'y' removes, 'n' keeps, and declining is success.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_unprivileged_

as_user_ sh -c ': > e && echo data > f && : > ok && chmod a-w e f && : > e2 && chmod 444 e2' \
  || framework_failure_ "cannot make files"

printf '%s' "rm: remove write-protected regular empty file 'e'? " \
  "rm: remove write-protected regular file 'f'? " \
  "rm: remove write-protected regular empty file 'e2'? " > _exp.err
printf 'y\nn\nyes\n' | run_rm ---presume-input-tty e f ok e2 > _out 2> _err
check_status_ 0 $? "rm"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
echo 'f 444 f' > _exp.tree
list_ > _tree
compare _exp.tree _tree || fail=1

# No answer at all (end of input) is a no.
run_rm ---presume-input-tty f < /dev/null > _out 2> _err
check_status_ 0 $? "rm f < /dev/null"
printf '%s' "rm: remove write-protected regular file 'f'? " > _exp.err
compare _exp.err _err || fail=1
list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
