#!/bin/sh
# chown --from=OWNER:GROUP changes only the files that have that owner
# and/or group; the others are left alone ("ownership of 'g' retained as
# nobody" with -v), and that is no error.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_nobody_ids_
mkdir d && : > d/f && : > d/g && : > d/h && chown nobody d/g \
  && chgrp nogroup d/h || framework_failure_ "set-up"
cat > _exp <<'X'
changed ownership of 'd/f' from root to 1234
ownership of 'd/g' retained as nobody
ownership of 'd/h' retained as root
X
run_chown -v --from=root:root 1234 d/f d/g d/h > _out 2> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_chown -R --from=:nogroup 4321 d > _out 2> _err || fail=1
compare /dev/null _err || fail=1
cat > _exp.tree <<'X'
d 755 root:root d
f 644 1234:root d/f
f 644 4321:nogroup d/h
f 644 nobody:root d/g
X
list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
