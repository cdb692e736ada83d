#!/bin/sh
# Several operands of du compared with GNU du's, lines and messages in
# their order, exit status: given twice, one below another either way, a
# hard link between them, -c's total, files, symbolic links (with -D),
# missing names, and 1,050 at once (tests/operands-lib.sh).  Where n/big
# is walked, --inodes: a directory of 1,200 entries made twice need not
# take the same blocks twice.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"
. "$abs_top_srcdir/tests/gnu-diff-lib.sh"
. "$abs_top_srcdir/tests/operands-lib.sh"
require_gnu_ du

for c in 'du a a/b' 'du a/b a' 'du a a' 'du a ./a/ a//' 'du -a a d' \
    'du -c a d e a/b' 'du a/f a' 'du -a a/b/g d' 'du -s m/* a m' \
    'du -sc m/s1 m m/s2' 'du -s a nowhere d nowhere' 'du -D sl a' \
    'du -s sl a dang' 'du -a e/f/z e' 'du -l a d' 'du --inodes -s * m/*' \
    'du -S a/b a' 'du -d 1 m a m/s3'
do
  operands_case_ "$c"
done
operands_many_ 'du --inodes -s n/* missing n/d1 n/f3 n'
operands_many_ 'du -sc n/l* n/d*'

operands_many_ 'du --inodes -D -a n/lbig n/big'
gnu_diff_end_ 19
exit $fail
