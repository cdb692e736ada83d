#!/bin/sh
# Without -R, an operand that is a symlink has its target changed
# (--dereference, the default); with -h (--no-dereference) the symlink
# itself is meant, which has no mode of its own on Linux: nothing changes,
# and -v says "neither symbolic link 'l' nor referent has been changed".
# GNU 9.5's -h and --dereference: 9.1 has neither.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

: > f && chmod 644 f && ln -s f l || framework_failure_ "set-up"

run_chmod 600 l > _out 2> _err || fail=1
compare /dev/null _err || fail=1
test "$(stat -c %a f)" = 600 || { echo "chmod 600 l: f not changed" >&2; fail=1; }

run_chmod --dereference 640 l > _out 2> _err || fail=1
compare /dev/null _err || fail=1
test "$(stat -c %a f)" = 640 || { echo "--dereference: f not changed" >&2; fail=1; }

echo "neither symbolic link 'l' nor referent has been changed" > _exp
for opt in -h --no-dereference; do
  run_chmod $opt -v 777 l > _out 2> _err || fail=1
  compare _exp _out || fail=1
  compare /dev/null _err || fail=1
  test "$(stat -c %a f)" = 640 || { echo "$opt: f changed" >&2; fail=1; }
done
run_chmod -h -c 777 l > _out 2> _err || fail=1
compare /dev/null _out || fail=1

exit $fail
