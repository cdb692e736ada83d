#!/bin/sh
# Several operands of chmod -R compared with GNU chmod's, -v and -c lines
# and messages in their order, exit status and the modes left: given
# twice, one below another either way, a hard link between them, an
# operand made unsearchable before the next is reached, --reference,
# symbolic links, missing names, and 1,050 at once
# (tests/operands-lib.sh).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"
. "$abs_top_srcdir/tests/gnu-diff-lib.sh"
. "$abs_top_srcdir/tests/operands-lib.sh"
require_gnu_ chmod

for c in 'chmod -R -v g+w a a/b' 'chmod -R -c o+w a/b a d' \
    'chmod -Rv 700 a a' 'chmod -R -v 000 a a/b' 'chmod -R -c u+s d a/b a' \
    'chmod -Rv 755 sl a' 'chmod -R -v 600 missing a d' \
    'chmod -Rc g-r m/* m' 'chmod -R --reference=top -v a d' \
    'chmod -Rc 700 a/b/g d a' 'chmod -R -v 0 e/f e'
do
  operands_case_ "$c"
done
operands_many_ 'chmod -R -c g+w n/* missing n/d1 n/f3 n'

operands_many_ 'chmod -R -c g+w n/lbig n/big'
gnu_diff_end_ 11
exit $fail
