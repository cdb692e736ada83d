#!/bin/sh
# -f (--silent, --quiet) suppresses the diagnostics of failures, not the
# failure: the exit status is still 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

: > f || framework_failure_ "set-up"
for opt in -f --silent --quiet; do
  run_chmod $opt 600 nothere f > _out 2> _err; check_status_ 1 $? "chmod $opt"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
done
test "$(stat -c %a f)" = 600 || fail=1

exit $fail
