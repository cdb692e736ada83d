#!/bin/sh
# Several operands of rm -r compared with GNU rm's, -v lines and messages
# in their order, exit status and the tree left: given twice, one below
# another either way (the later one is gone, or was removed with the
# earlier), a hard link between them, '.', trailing slashes, symbolic
# links, missing names, --preserve-root=all, and 1,050 at once
# (tests/operands-lib.sh).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"
. "$abs_top_srcdir/tests/gnu-diff-lib.sh"
. "$abs_top_srcdir/tests/operands-lib.sh"
require_gnu_ rm

for c in 'rm -r a a/b' 'rm -r a/b a' 'rm -rv a a' 'rm -rfv a d e' \
    'rm -rv d a/b a' 'rm -r . a' 'rm -rv sl a' 'rm -rv a/ d//' \
    'rm -r missing a missing2 d' 'rm -rv a/b/g d/h d' 'rm -rv m/* m' \
    'rm -rf m/s1 m m/s2' 'rm -rv top e a' 'rm -r --preserve-root=all a d' \
    'rm -rv e/f e' 'rm -rfv a/b/g a/b a/f a' 'rm -rv e/f/z e/f/z e'
do
  operands_case_ "$c"
done
operands_many_ 'rm -rv n/* missing n/d1 n/f3'
operands_many_ 'rm -rf n/l* n/d* n/f* n'

gnu_diff_end_ 18
exit $fail
