#!/bin/sh
# As nobody, chown -R -L -h and chgrp -R -L -h (nothing to stat: no
# --from, -v, -c or --dereference) change a file that the directory's
# listing says is neither a directory nor a symlink without stat-ing it,
# as GNU's do (gnulib's fts trusts d_type on a logical walk under
# FTS_NOSTAT): in a directory that can be read but not searched (0404),
# such a file is "changing group of 'X': Permission denied", where a
# stat-ing walk said "cannot access 'X'".  A subdirectory and a symlink
# there are stat-ed, and cannot be: "cannot access".  A fuzzer finding
# (chgrp -R -h -L 99 as nobody).  The tree is root's, so nothing changes:
# GNU's and ours run on the same one.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown chgrp
require_unprivileged_

mkdir -p t/ro/sub t/open && touch t/ro/f t/ro/g t/open/f \
  && mkfifo t/ro/fifo && ln -s f t/ro/l && ln -s ../ro t/open/rl \
  && chmod 0404 t/ro || framework_failure_ "cannot make the tree"

compare_chown_gnu_ t '-R -L -h 99' '-R -L -h -f 99' '-R -L 99' \
  '-R -L -h -v 99' '-R -L -h --from=0 99'

# The test means something: GNU's says it could not change the file.
(PATH=$gnu_bin:$PATH && exec $unpriv_ chgrp -R -L -h 99 t) 2> _exp.err
grep "changing group of 't/ro/f': Permission denied" _exp.err > /dev/null \
  || { echo "GNU's chgrp -R -L -h said otherwise"; fail=1; }

exit $fail
