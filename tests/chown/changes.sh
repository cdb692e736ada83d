#!/bin/sh
# chown -c reports only the files whose owner or group changed, in walk
# order with directories after their contents (chown changes a directory
# once it is done with what is in it).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_nobody_ids_
mkdir -p d/s && : > d/s/f && : > d/g && chown nobody d/g \
  || framework_failure_ "set-up"
cat > _exp <<'X'
changed ownership of 'd/s/f' from root to nobody
changed ownership of 'd/s' from root to nobody
changed ownership of 'd' from root to nobody
X
run_chown -R -c nobody d > _out 2> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_chown --changes -R nobody d > _out 2> _err || fail=1
compare /dev/null _out || fail=1

exit $fail
