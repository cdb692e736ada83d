#!/bin/sh
# -f (--silent, --quiet) suppresses the diagnostics of failures, not the
# failure: exit 1, and the other operands are still changed.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
: > f || framework_failure_ "set-up"
for opt in -f --silent --quiet; do
  for p in chown chgrp; do
    run_$p $opt 1234 nothere f > _out 2> _err; check_status_ 1 $? "$p $opt"
    compare /dev/null _out || fail=1
    compare /dev/null _err || fail=1
  done
done
test "$(stat -c %u:%g f)" = 1234:1234 || fail=1

exit $fail
