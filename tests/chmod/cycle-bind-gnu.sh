#!/bin/sh
# A directory bind-mounted below itself, as GNU chmod 9.1 walks it: the
# cycle warned of (exit 1) where its fts's lazy check finds it, walked
# through where that check does not (shape 2), whatever the threads.
# Same stdout, stderr, exit status and modes left as GNU chmod on each
# shape of bind_cycle_tree_ (tests/init.sh).  Root only.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_root_
require_gnu_ chmod

compare_cycles_with_gnu_ chmod -R u+w
compare_cycles_with_gnu_ chmod -Rv go-w

exit $fail
