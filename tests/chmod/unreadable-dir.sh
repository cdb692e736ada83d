#!/bin/sh
# Run as nobody, on its own directories: chmod -R changes a directory
# before it reads it, so "chmod -R u+rwx d" gets into directories of mode
# 0, and "chmod -R a-r d" cannot read what it just closed: "chmod: cannot
# read directory 'd': Permission denied", exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_unprivileged_
as_user_ sh -c 'mkdir -p d/s && : > d/s/f && chmod 0 d/s d' \
  || framework_failure_ "set-up"

cat > _exp <<'X'
mode of 'd' changed from 0000 (---------) to 0700 (rwx------)
mode of 'd/s' changed from 0000 (---------) to 0700 (rwx------)
mode of 'd/s/f' changed from 0644 (rw-r--r--) to 0744 (rwxr--r--)
X
run_chmod -Rv u+rwx d > _out 2> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1

echo "mode of 'd' changed from 0700 (rwx------) to 0300 (-wx------)" > _exp
echo "chmod: cannot read directory 'd': Permission denied" > _exp.err
run_chmod -Rc a-r d > _out 2> _err; check_status_ 1 $? "chmod -Rc a-r d"
compare _exp _out || fail=1
compare _exp.err _err || fail=1
test "$(stat -c %a d/s)" = 700 || fail=1

exit $fail
