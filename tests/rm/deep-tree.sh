#!/bin/sh
# A chain of 100,000 directories (paths far beyond PATH_MAX) is removed
# completely by rm -rf and by rm -r: exit 0, nothing printed, nothing left.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdeep=$abs_top_builddir/tests/rm/mkdeep
test -x "$mkdeep" || framework_failure_ "tests/rm/mkdeep not built"

for opt in -rf -r; do
  "$mkdeep" deep 100000 || framework_failure_ "cannot make deep"
  : > sibling || framework_failure_ "cannot make sibling"
  run_rm $opt deep sibling < /dev/null > _out 2> _err
  check_status_ 0 $? "rm $opt deep"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
  list_ > _tree
  head -n 3 _tree > _tree.head   # the first levels say enough if it failed
  compare /dev/null _tree.head || fail=1
  test -e deep && { rm -rf deep || framework_failure_ "cannot clean up"; }
done

exit $fail
