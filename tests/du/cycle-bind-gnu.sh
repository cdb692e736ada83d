#!/bin/sh
# A directory bind-mounted below itself, measured as GNU du 9.1 measures
# it: each directory below a mount is checked against its ancestors, the
# repeat skipped silently, however many levels below the mount it lies
# (shape 2: a/b/c/b) and whatever the threads.  Same stdout, stderr, exit
# status as GNU du on each shape of bind_cycle_tree_ (tests/init.sh), with
# and without -a.  Root only.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_root_
require_gnu_ du

compare_cycles_with_gnu_ du
compare_cycles_with_gnu_ du -a

exit $fail
