#!/bin/sh
# Run as nobody on files it does not own: "chmod: changing permissions of
# 'f': Operation not permitted", and with -v "failed to change mode of
# 'f' from 0644 (rw-r--r--) to 0600 (rw-------)"; its own files are still
# changed, and the exit status is 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_unprivileged_
mkdir -p theirs && : > theirs/f && as_user_ sh -c ': > mine' \
  || framework_failure_ "set-up"
test "$(id -u)" = 0 || skip_ "needs root, to own files nobody does not"

cat > _exp.err <<'X'
chmod: changing permissions of 'theirs': Operation not permitted
chmod: changing permissions of 'theirs/f': Operation not permitted
X
cat > _exp <<'X'
failed to change mode of 'theirs' from 0755 (rwxr-xr-x) to 0700 (rwx------)
failed to change mode of 'theirs/f' from 0644 (rw-r--r--) to 0600 (rw-------)
mode of 'mine' changed from 0644 (rw-r--r--) to 0600 (rw-------)
X
run_chmod -R -v go= theirs mine > _out 2> _err
check_status_ 1 $? "chmod -R -v go= theirs mine"
compare _exp _out || fail=1
compare _exp.err _err || fail=1
cat > _exp.tree <<'X'
d 755 root:root theirs
f 600 nobody:nogroup mine
f 644 root:root theirs/f
X
list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
