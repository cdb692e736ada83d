#!/bin/sh
# Run as nobody: root's files cannot be given away ("chown: changing
# ownership of 'f': Operation not permitted"; for a group alone "changing
# group of"), -v adds "failed to change ownership of 'f' from root to
# nobody"; nobody's own files still get its group; exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_nobody_ids_
require_unprivileged_
: > f && as_user_ sh -c ': > mine' || framework_failure_ "set-up"

cat > _exp.err <<'X'
chown: changing ownership of 'f': Operation not permitted
chown: changing group of 'f': Operation not permitted
chgrp: changing group of 'f': Operation not permitted
X
cat > _exp <<'X'
failed to change ownership of 'f' from root to nobody
ownership of 'mine' retained as nobody
failed to change ownership of 'f' from root:root to :nogroup
ownership of 'mine' retained as nobody:nogroup
failed to change group of 'f' from root to nogroup
group of 'mine' retained as nogroup
X
: > _out; : > _err
for cmd in 'run_chown -v nobody' 'run_chown -v :nogroup' 'run_chgrp -v nogroup'; do
  $cmd f mine >> _out 2>> _err; check_status_ 1 $? "$cmd"
done
compare _exp _out || fail=1
compare _exp.err _err || fail=1
test "$(stat -c %U:%G f)" = root:root || fail=1

exit $fail
