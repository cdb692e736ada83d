#!/bin/sh
# --version: exit 0, nothing on stderr, a first line "rm ... VERSION".

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

run_rm --version > _out 2> _err; check_status_ 0 $? "rm --version"
compare /dev/null _err || fail=1
sed 1q _out > _first
grep -E '^rm .* [0-9]+(\.[0-9]+)+[-.a-z0-9]*$' _first > /dev/null \
  || { echo "rm --version: _first line does not end with a version:" >&2
       cat _first >&2; fail=1; }
# Abbreviated, as getopt allows.
run_rm --vers > _out2 2> _err; check_status_ 0 $? "rm --vers"
compare _out _out2 || fail=1

exit $fail
