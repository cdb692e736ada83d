#!/bin/sh
# -h/--human-readable (powers of 1024) and --si (powers of 1000), rounded
# up, one decimal below 10.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

head -c 3000000 /dev/zero > big && head -c 500 /dev/zero > small \
  || framework_failure_ "cannot make files"
truncate -s 12345678901 huge || framework_failure_ "cannot make huge"

printf '2.9M\tbig\n500\tsmall\n12G\thuge\n' > _exp
run_du --apparent-size -h big small huge > _out 2> _err; check_status_ 0 $? "du -h"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du --apparent-size --human-readable big small huge > _out 2> _err
compare _exp _out || fail=1

printf '3.0M\tbig\n500\tsmall\n13G\thuge\n' > _exp
run_du --apparent-size --si big small huge > _out 2> _err; check_status_ 0 $? "du --si"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
