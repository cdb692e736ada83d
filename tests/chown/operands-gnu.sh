#!/bin/sh
# Several operands of chown -R and chgrp -R compared with GNU's, -v and
# -c lines and messages in their order, exit status and the owners left:
# given twice, one below another either way, a hard link between them,
# --from, --reference, -H and -h with symbolic links given, missing names,
# and 1,050 at once (tests/operands-lib.sh).  As root: others' owners.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"
. "$abs_top_srcdir/tests/gnu-diff-lib.sh"
. "$abs_top_srcdir/tests/operands-lib.sh"
require_root_
require_gnu_ chown chgrp

for c in 'chown -Rv 1:1 a a/b' 'chown -Rc 2:2 a/b a d' \
    'chown -Rv 3 a a' 'chown -R --from=0 -v 4:4 d a/b a' \
    'chown -RHv 5:5 sl a' 'chown -Rhv 6:6 sl dang a' \
    'chown -Rv 7 missing a d' 'chgrp -Rc 8 m/* m' \
    'chown -R --reference=top -v a d' 'chgrp -Rv 9 a/b/g d a'
do
  operands_case_ "$c"
done
operands_many_ 'chown -R -c 10:10 n/* missing n/d1 n/f3 n'

operands_many_ 'chown -R -H -c 11:11 n/lbig n/big'
gnu_diff_end_ 10
exit $fail
