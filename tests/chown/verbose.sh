#!/bin/sh
# chown -v says what happened to every file: "changed ownership of 'f'
# from root to nobody", "ownership of 'f' retained as nobody", and for a
# group alone "changed ownership of 'f' from root:root to :nogroup" (GNU's
# words); the names are those given, numbers where a number was given.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_nobody_ids_
: > f && : > g || framework_failure_ "set-up"

cat > _exp <<'X'
changed ownership of 'f' from root to nobody
ownership of 'f' retained as nobody
changed ownership of 'f' from nobody to 0
changed ownership of 'f' from root:root to :nogroup
changed ownership of 'f' from root:nogroup to nobody:root
changed ownership of 'f' from nobody:root to 1234:4321
ownership of 'f' retained as 1234:4321
ownership of 'f' retained
changed ownership of 'f' from 1234:4321 to root:root
X
{
  run_chown -v nobody f
  run_chown --verbose nobody f
  run_chown -v 0 f
  run_chown -v :nogroup f
  run_chown -v nobody:root f
  run_chown -v 1234:4321 f
  run_chown -v +1234:+4321 f
  run_chown -v '' f
  run_chown -v root: f
} > _out 2> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1
test "$(stat -c %u:%g f)" = 0:0 || fail=1

exit $fail
