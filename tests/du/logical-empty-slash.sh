#!/bin/sh
# du -L (a logical walk: FTS_NOCHDIR) names an empty directory operand
# given with a trailing slash without it, "e" for "e/", as GNU du does
# (glibc's and gnulib's fts cut the path where a child's name would go);
# one that holds something keeps it, and so does du without -L.  chown
# -R -L -v says the same name.  Found by tests/fuzz/fuzz.sh.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p e f/x || framework_failure_ "cannot make the tree"

printf '1\te\n1\tf/x\n2\tf/\n' > _exp
run_du -L --inodes e/ f/ > _out 2> _err
check_status_ 0 $? "du -L --inodes e/ f/"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

printf '1\te/\n1\tf/x\n2\tf/\n' > _exp
run_du --inodes e/ f/ > _out 2> _err
check_status_ 0 $? "du --inodes e/ f/"
compare _exp _out || fail=1

if test "$(id -u)" = 0; then
  echo "ownership of 'e' retained as root" > _exp
  "$abs_top_builddir/src/chown" -R -L -v 0 e/ > _out 2> _err
  check_status_ 0 $? "chown -R -L -v 0 e/"
  compare _exp _out || fail=1
fi

exit $fail
