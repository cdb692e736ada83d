#!/bin/sh
# --reference=RFILE gives each file RFILE's mode (RFILE's target, if it is
# a symlink); a RFILE that cannot be stat-ed is "chmod: failed to get
# attributes of 'x': No such file or directory", exit 1, nothing changed;
# a mode with --reference is "cannot combine mode and --reference options".

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

: > ref && chmod 4751 ref && ln -s ref rl && : > f && : > g \
  || framework_failure_ "set-up"
run_chmod --reference=rl f g > _out 2> _err || fail=1
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1
test "$(stat -c %a f) $(stat -c %a g)" = "4751 4751" || fail=1

chmod 644 f
echo "chmod: failed to get attributes of 'nothere': No such file or directory" > _exp.err
run_chmod --reference=nothere f > _out 2> _err
check_status_ 1 $? "chmod --reference=nothere f"
compare _exp.err _err || fail=1
test "$(stat -c %a f)" = 644 || fail=1

cat > _exp.err <<'X'
chmod: cannot combine mode and --reference options
Try 'chmod --help' for more information.
X
run_chmod --reference=ref -w f > _out 2> _err
check_status_ 1 $? "chmod --reference=ref -w f"
compare _exp.err _err || fail=1

exit $fail
