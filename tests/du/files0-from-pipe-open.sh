#!/bin/sh
# --files0-from=- walks the names it has read while the pipe stays open:
# with two names written and the writer still there, both lines come out
# before the input ends (du's threads must not wait for a third name
# before walking the two), then du ends with the input, status 0.  As GNU
# du 9.10 and later, which flush each line; 9.1 holds them in its buffer
# until the end.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir d1 d2 && : > d1/f && mkfifo _in || framework_failure_ "cannot set up"
run_du d1 d2 > _exp || framework_failure_ "du d1 d2 failed"

run_du --files0-from=- < _in > _out 2> _err &
du_pid=$!
exec 3> _in
printf 'd1\0d2\0' >&3
i=0
while test $i -lt 300 && test "$(wc -l < _out)" -lt 2; do
  sleep 0.1
  i=$((i + 1))
done
cp _out _before_end
exec 3>&-
wait $du_pid
check_status_ 0 $? "du --files0-from=-"
compare _exp _before_end || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
