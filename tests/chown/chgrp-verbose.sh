#!/bin/sh
# chgrp -v: "changed group of 'f' from root to nogroup", "group of 'f'
# retained as nogroup", the group named as given ("+0" stays "+0"); -c
# only reports changes.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_nobody_ids_
: > f || framework_failure_ "set-up"

cat > _exp <<'X'
changed group of 'f' from root to nogroup
group of 'f' retained as nogroup
changed group of 'f' from nogroup to +0
changed group of 'f' from root to 65534
X
{
  run_chgrp -v nogroup f
  run_chgrp -v nogroup f
  run_chgrp -v +0 f
  run_chgrp -c 0 f
  run_chgrp -c 65534 f
  run_chgrp -c 65534 f
} > _out 2> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1
test "$(stat -c %u:%g f)" = 0:65534 || fail=1

exit $fail
