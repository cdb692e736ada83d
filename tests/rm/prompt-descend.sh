#!/bin/sh
# -ri asks "descend into directory 'd'? " before entering a non-empty
# directory (and "descend into write-protected directory" on a terminal);
# 'n' leaves it whole, without a further prompt, and is success.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_unprivileged_

as_user_ sh -c 'mkdir -p d/s w/s && : > d/s/f && : > w/s/f && chmod a-w w' \
  || framework_failure_ "cannot make the trees"
list_ > _exp.tree

printf '%s' "rm: descend into directory 'd'? " > _exp.err
printf 'n\n' | run_rm -ri d > _out 2> _err; check_status_ 0 $? "rm -ri d"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

printf '%s' "rm: descend into directory 'd'? " \
  "rm: descend into directory 'd/s'? " > _exp.err
printf 'y\nn\n' | run_rm --recursive --interactive d > _out 2> _err
check_status_ 0 $? "rm --recursive --interactive d"
compare _exp.err _err || fail=1

printf '%s' "rm: descend into write-protected directory 'w'? " > _exp.err
printf 'n\n' | run_rm -r ---presume-input-tty w > _out 2> _err
check_status_ 0 $? "rm -r ---presume-input-tty w"
compare _exp.err _err || fail=1

list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
