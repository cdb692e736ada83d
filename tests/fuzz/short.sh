#!/bin/sh
# The differential fuzzer (tests/fuzz/fuzz.sh) for make check: a short
# run from a fixed seed (40 cases, as root and as nobody, at 1, 4 and 8
# threads; a few seconds), no finding allowed.  Skipped (77) where
# /usr/bin's programs are not GNU coreutils 9.1 or we are not root.  A
# finding's recreating script goes to the test's own directory and is
# shown in the log.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

require_root_
"$abs_top_srcdir/tests/fuzz/fuzz.sh" --seed 1 --cases 40 --work "$test_dir_" \
  --findings "$test_dir_/findings" --ours "$abs_top_builddir/src"
st=$?
test $st = 0 || { cat "$test_dir_"/findings/*.sh 2>/dev/null | head -80; }
exit $st
