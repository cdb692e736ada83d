#!/bin/sh
# --version: name and version on the first line, exit 0; the copyright
# line's year.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

run_du --version > _out 2> _err; check_status_ 0 $? "du --version"
compare /dev/null _err || fail=1
sed -n 1p _out | grep '^du (.*) [0-9]' > /dev/null \
  || { echo "--version: first line: $(sed -n 1p _out)" >&2; fail=1; }

# The copyright line names the year that lib/fts.h's notice names, not
# the year of the gnulib whose version_etc would print it (2023).
year=$(sed -n 's/^   Copyright (C) \([0-9]*\) The libfts authors\.$/\1/p' \
  "$abs_top_srcdir/lib/fts.h")
test -n "$year" || framework_failure_ "no copyright year in lib/fts.h"
sed -n 2p _out > _copyright
echo "Copyright (C) $year The libfts authors." | compare - _copyright || fail=1

exit $fail
