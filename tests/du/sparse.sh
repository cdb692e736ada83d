#!/bin/sh
# A sparse file (truncate) uses no blocks: du counts its blocks by
# default, its length with --apparent-size.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

truncate -s 100M f || framework_failure_ "cannot make a sparse file"
test "$(stat -c %b f)" = 0 || skip_ "this file system allocates holes"

printf '0\tf\n' > _exp
run_du f > _out 2> _err; check_status_ 0 $? "du"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

printf '104857600\tf\n' > _exp
run_du -b f > _out 2> _err; check_status_ 0 $? "du -b"
compare _exp _out || fail=1
printf '100M\tf\n' > _exp
run_du --apparent-size -h f > _out 2> _err; check_status_ 0 $? "du --apparent-size -h"
compare _exp _out || fail=1

exit $fail
