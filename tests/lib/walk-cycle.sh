#!/bin/sh
# libfts-walk says a directory cycle in GNU's words, as du and rm do
# (walk-util.c's WM_CYCLE: "WARNING: Circular directory structure..."),
# and exits 1: --logical on a symbolic link to an ancestor.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

walk=$abs_top_builddir/src/libfts-walk
test -x "$walk" || framework_failure_ "src/libfts-walk not built"

mkdir -p a/b && ln -s .. a/b/up || framework_failure_ "cannot make the tree"
cat > exp <<'END' || framework_failure_ "cannot write exp"
libfts-walk: WARNING: Circular directory structure.
This almost certainly means that you have a corrupted file system.
NOTIFY YOUR SYSTEM MANAGER.
The following directory is part of the cycle:
  a/b/up

END

"$walk" -q -L a > out 2> err
check_status_ 1 $? "libfts-walk -q -L a"
compare /dev/null out || fail=1
compare exp err || fail=1

exit $fail
