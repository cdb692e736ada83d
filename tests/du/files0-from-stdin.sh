#!/bin/sh
# --files0-from=-: an empty name read from standard input is placed as
# "-:N:" (N counting from 1), the file named as it was given, as with any
# other F; the names around it are still walked.  Stdout, stderr and exit
# status are GNU du's.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_du_
mkdir a && : > b || framework_failure_ "cannot make the tree"

printf 'a\0\0b\0\0' | run_gnu_du_ --inodes --files0-from=- > _exp 2> _exp.err
echo $? > _exp.st
grep -c '^du: -:[24]: invalid zero-length file name$' _exp.err \
  | grep -x 2 > /dev/null \
  || framework_failure_ "GNU du did not place both empty names as -:N:"

printf 'a\0\0b\0\0' | run_du --inodes --files0-from=- > _out 2> _err
echo $? > _st
compare _exp _out || fail=1
compare _exp.err _err || fail=1
compare _exp.st _st || fail=1

exit $fail
