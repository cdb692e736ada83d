#!/bin/sh
# --reference=RFILE: chown gives each file RFILE's owner and group, chgrp
# its group (RFILE's target, if it is a symlink); a RFILE that cannot be
# stat-ed is "failed to get attributes of 'x': No such file or
# directory", exit 1, nothing changed.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_nobody_ids_
: > ref && chown nobody:nogroup ref && ln -s ref rl && : > f && : > g \
  || framework_failure_ "set-up"
echo "changed ownership of 'f' from root:root to nobody:nogroup" > _exp
run_chown -v --reference=rl f > _out 2> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1
echo "changed group of 'g' from root to nogroup" > _exp
run_chgrp -v --reference=rl g > _out 2> _err || fail=1
compare _exp _out || fail=1
test "$(stat -c %U:%G g)" = root:nogroup || fail=1

chown 0:0 f
for p in chown chgrp; do
  echo "$p: failed to get attributes of 'nothere': No such file or directory" > _exp.err
  run_$p --reference=nothere f > _out 2> _err
  check_status_ 1 $? "$p --reference=nothere f"
  compare _exp.err _err || fail=1
done
test "$(stat -c %u:%g f)" = 0:0 || fail=1

exit $fail
