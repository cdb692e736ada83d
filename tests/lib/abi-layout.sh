#!/bin/sh
# FTSENT, FTS and the fts constants have glibc's layout and values: the
# same program compiled against lib/fts.h and against glibc's <fts.h>
# prints the same offsets, sizes and values.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

# The header promises glibc's layout on LP64 GNU/Linux; the 120 below is
# x86_64's, the only architecture where it has been checked.
test "$(uname -m)" = x86_64 || skip_ "layout checked on x86_64 only"

ours=$abs_top_builddir/tests/lib/fts-print-ours
glibc=$abs_top_builddir/tests/lib/fts-print-glibc
test -x "$ours" && test -x "$glibc" || framework_failure_ "fts-print not built"

"$glibc" --layout > exp || framework_failure_ "fts-print-glibc --layout failed"
"$ours" --layout > out || fail=1
compare exp out || fail=1

# Guard against both builds having silently picked the same header.
grep -x 'sizeof(FTSENT)=120' out > /dev/null || fail=1
grep -x 'offsetof(FTSENT, fts_name)=112 sizeof=1' out > /dev/null || fail=1

exit $fail
