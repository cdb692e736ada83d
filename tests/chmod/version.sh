#!/bin/sh
# --version: exit 0, nothing on stderr, a first line "chmod ... VERSION".

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

run_chmod --version > _out 2> _err; check_status_ 0 $? "chmod --version"
compare /dev/null _err || fail=1
sed 1q _out | grep -E '^chmod .* [0-9]+(\.[0-9]+)+[-.a-z0-9]*$' > /dev/null \
  || { echo "chmod --version: bad first line" >&2; fail=1; }

exit $fail
