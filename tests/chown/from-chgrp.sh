#!/bin/sh
# chgrp --from=OWNER:GROUP, as chown's: only files with that owner and/or
# group are changed.  GNU 9.5 and later (9.1's chgrp has no --from).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_nobody_ids_
: > f && : > g && chown nobody g || framework_failure_ "set-up"
cat > _exp <<'X'
group of 'f' retained as root
changed group of 'g' from root to nogroup
X
run_chgrp -v --from=nobody nogroup f g > _out 2> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1
test "$(stat -c %U:%G f) $(stat -c %U:%G g)" = "root:root nobody:nogroup" \
  || fail=1

exit $fail
