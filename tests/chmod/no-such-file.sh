#!/bin/sh
# A missing operand is "chmod: cannot access 'x': No such file or
# directory" (and, with -v, "'x' could not be accessed"); the other
# operands are still changed, and the exit status is 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

: > a && : > b || framework_failure_ "set-up"
cat > _exp.err <<'X'
chmod: cannot access 'nothere': No such file or directory
chmod: cannot access 'a/': Not a directory
X
cat > _exp <<'X'
mode of 'a' changed from 0644 (rw-r--r--) to 0600 (rw-------)
'nothere' could not be accessed
'a/' could not be accessed
mode of 'b' changed from 0644 (rw-r--r--) to 0600 (rw-------)
X
chmod 644 a b
run_chmod -v 600 a nothere a/ b > _out 2> _err
check_status_ 1 $? "chmod -v 600 a nothere a/ b"
compare _exp _out || fail=1
compare _exp.err _err || fail=1
test "$(stat -c %a b)" = 600 || fail=1

exit $fail
