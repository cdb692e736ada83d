#!/bin/sh
# No two files of lib/ call each other, directly or round a longer circle:
# the graph "A uses a function or object defined in B", read from the
# library's object files with nm, has no cycle (tsort finds none).  So
# each file can be read, and tested, from the files it uses alone.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

ar=$abs_top_builddir/lib/.libs/libfts-core.a
test -f "$ar" || framework_failure_ "$ar not built"
command -v nm > /dev/null || skip_ "nm not found"
command -v tsort > /dev/null || skip_ "tsort not found"

# "member symbol" for each symbol a member defines, and each it needs.
# nm -A prints "archive:member: value type name", "archive:member: U name".
nm -A --defined-only "$ar" > defined || framework_failure_ "nm failed"
nm -A --undefined-only "$ar" > undefined || framework_failure_ "nm -u failed"
sed -n 's/^[^:]*:\([^:]*\): *[0-9a-f]* [A-TV-Z] \(.*\)/\1 \2/p' defined \
  | sort -k 2 > defs
sed -n 's/^[^:]*:\([^:]*\): *U \(.*\)/\1 \2/p' undefined \
  | sort -k 2 > uses
test -s defs || framework_failure_ "no symbol read from $ar"

# Edges "user definer" (a file may use what it defines: no edge), as
# file names of lib/ ("libfts_core_la-fts-walk.o" is "fts-walk.c").
join -1 2 -2 2 -o 1.1,2.1 uses defs | awk '$1 != $2' \
  | sed 's/libfts_core_la-\([^ ]*\)\.o/\1.c/g' | sort -u > edges
echo "lib/'s call graph (user, then the file it uses):"
sed 's/^/  /' edges

# tsort reports a loop on stderr (and fails, with GNU coreutils' tsort).
tsort edges > order 2> loops
if test -s loops; then
  echo "files of lib/ that use each other in a circle:" >&2
  cat loops >&2
  fail=1
fi

exit $fail
