#!/bin/sh
# chown -R and chgrp -R walk with libfts's parallel walk (unless
# LIBFTS_THREADS=1): directories read and files changed from several
# threads; what they say (diagnostics, -v and -c lines) must still come
# out in the order of the walk, as GNU's does.  Run as nobody,
# on a tree where root's files (which nobody cannot change: one message
# each) alternate with nobody's own (changed silently), over 3,500
# messages: stdout (-v, -c), stderr and exit status must be GNU's, byte
# for byte; with -f, nothing said and exit 1.  Neither run changes anything, so both see the
# same tree in the same order.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_nobody_ids_
require_unprivileged_
require_gnu_ chown chgrp

mixed_tree_ d
list_ > _before

for cmd in 'chown -R nobody' 'chown -R :nogroup' 'chgrp -R nogroup' \
           'chown -R -f nobody' 'chown -R -v nobody' 'chgrp -R -c nogroup' \
           'chown -R --from=root -c nobody:nogroup'; do
  (PATH=$gnu_bin:$PATH; exec $unpriv_ $cmd d) > _gnu.out 2> _gnu.err
  gnu_st=$?
  eval "run_$cmd d" > _out 2> _err; st=$?
  check_status_ $gnu_st $st "$cmd, as GNU's"
  compare _gnu.out _out || fail=1
  compare _gnu.err _err || fail=1
  case $cmd in
    *-f*) check_status_ 1 $st "$cmd" ;;
    *) n=$(wc -l < _gnu.err)
       test "$n" -ge 2000 || { echo "$cmd: GNU said $n lines" >&2; fail=1; } ;;
  esac
done
list_ > _after
compare _before _after || fail=1

exit $fail
