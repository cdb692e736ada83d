#!/bin/sh
# --version: name and version on the first line, exit 0.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

run_du --version > _out 2> _err; check_status_ 0 $? "du --version"
compare /dev/null _err || fail=1
sed -n 1p _out | grep '^du (.*) [0-9]' > /dev/null \
  || { echo "--version: first line: $(sed -n 1p _out)" >&2; fail=1; }

exit $fail
