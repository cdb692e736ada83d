#!/bin/sh
# With RLIMIT_NOFILE at 32, rm -rf still removes a tree 200 directories deep
# with files and side directories at every level, and a chain 5,000 deep
# (beyond PATH_MAX): exit 0, nothing printed, nothing left.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdeep=$abs_top_builddir/tests/rm/mkdeep
test -x "$mkdeep" || framework_failure_ "tests/rm/mkdeep not built"

# t: 200 levels, each with three files and a side directory holding one.
(mkdir t && cd t && i=0 \
  && while test $i -lt 200; do
       : > f1 && : > f2 && : > f3 && mkdir side && : > side/g && mkdir d \
         && cd d || exit 1
       i=$((i + 1))
     done) || framework_failure_ "cannot make t"
"$mkdeep" chain 5000 || framework_failure_ "cannot make chain"

for opt in -rf -r; do
  test -d t || framework_failure_ "no t"
  (ulimit -n 32 && run_rm $opt t chain < /dev/null) > _out 2> _err
  check_status_ 0 $? "ulimit -n 32; rm $opt"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
  list_ > _tree
  head -n 3 _tree > _tree.head
  compare /dev/null _tree.head || fail=1
  test $opt = -r && break
  rm -rf t chain
  (mkdir t && cd t && i=0 \
    && while test $i -lt 200; do
         : > f1 && mkdir side && : > side/g && mkdir d && cd d || exit 1
         i=$((i + 1))
       done) || framework_failure_ "cannot make t"
  "$mkdeep" chain 5000 || framework_failure_ "cannot make chain"
done

exit $fail
