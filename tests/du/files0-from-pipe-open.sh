#!/bin/sh
# --files0-from=- walks the names it has read while the pipe stays open:
# with two names written and the writer still there, both lines come out
# before the input ends (du's threads must not wait for a third name
# before walking the two), then du ends with the input, status 0.  As GNU
# du 9.10 and later, which flush each line; 9.1 holds them in its buffer
# until the end.  It hung 2 runs in 4 under make -j2 until the walk's
# lost wake-up was fixed (the end of the roots found by a thread of the
# walk while the caller slept).

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
# du ends with its input: a du that sleeps on (the walk's caller once
# slept for good when another thread met the end of the names) is
# killed after 30 s and fails the test rather than hang it.
i=0
while test $i -lt 300 && kill -0 $du_pid 2> /dev/null; do
  sleep 0.1
  i=$((i + 1))
done
kill -0 $du_pid 2> /dev/null && { echo "du still runs after its input ended"; kill -9 $du_pid; }
wait $du_pid
check_status_ 0 $? "du --files0-from=-"
compare _exp _before_end || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
