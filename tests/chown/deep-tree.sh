#!/bin/sh
# chown -R and chgrp -R change every level of a chain of 100,000
# directories (tests/rm/mkdeep: deep/d/d/.../d/f), whose paths go far
# beyond PATH_MAX, and beyond the paths whose changes go to worker
# threads: exit 0, nothing said, every file changed.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
mkdeep=$abs_top_builddir/tests/rm/mkdeep
test -x "$mkdeep" || framework_failure_ "tests/rm/mkdeep not built"
"$mkdeep" deep 100000 || framework_failure_ "cannot make deep"

run_chown -R 1234:4321 deep > _out 2> _err; check_status_ 0 $? "chown -R"
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1
n=$(find deep ! -user 1234 | wc -l)
test "$n" = 0 || { echo "chown -R: $n files not changed" >&2; fail=1; }

run_chgrp -R 1234 deep > _out 2> _err; check_status_ 0 $? "chgrp -R"
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1
n=$(find deep ! -group 1234 | wc -l)
test "$n" = 0 || { echo "chgrp -R: $n files not changed" >&2; fail=1; }
n=$(find deep | wc -l)
test "$n" = 100002 || { echo "$n files in deep, not 100002" >&2; fail=1; }

rm -rf deep
exit $fail
