#!/bin/sh
# A directory bind-mounted below itself, as GNU chown and chgrp 9.1 walk
# it: with -P (the default) and -H, the cycle warned of (exit 1) where
# their fts's lazy check finds it, walked through where it does not
# (shape 2); with -L, where a symlink may make a cycle, skipped silently.
# Same stdout, stderr, exit status and owners left as GNU's on each shape
# of bind_cycle_tree_ (tests/init.sh), whatever the threads.  Root only.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown chgrp

compare_cycles_with_gnu_ chown -R 0:0
compare_cycles_with_gnu_ chown -RHv 0
compare_cycles_with_gnu_ chown -RL 0:0
compare_cycles_with_gnu_ chgrp -Rc 0

exit $fail
