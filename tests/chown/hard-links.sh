#!/bin/sh
# chown -Rv, -Rc and --from, and chmod -Rv and -Rc, on files with several
# names in different directories say what GNU's 9.1 say: the first name
# met in the sequential walk's order is "changed", the later ones
# "retained", whichever thread reached which name first.  Over bench/latfs
# (200 us a request, names looked up in parallel), where the directories
# are read together, and on the local disk.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown chgrp chmod

# a/ holds 40 files, b/ and c/ the second and third names of each; a/
# comes first in the walk, and its files are the slowest to reach.
links_tree_ ()
{
  mkdir -p "$1/t/a" "$1/t/b" "$1/t/c" && (cd "$1/t" && for i in $(seq 40); do
      echo $i > a/f$i && ln a/f$i b/g$i && ln a/f$i c/h$i || exit 1
    done && chmod 640 a/f* && chown 5:6 a/f1 a/f2) \
    || framework_failure_ "cannot make the tree in $1"
}

sides_mount_ links_tree_
for where in mnt src; do
  compare_fresh_gnu_ links_tree_ $where chown -Rv 1234:4321
  compare_fresh_gnu_ links_tree_ $where chown -Rc 1234
  compare_fresh_gnu_ links_tree_ $where chown -Rv --from=5:6 7:8
  compare_fresh_gnu_ links_tree_ $where chgrp -Rc 99
  compare_fresh_gnu_ links_tree_ $where chmod -Rv u+x,o+r
  compare_fresh_gnu_ links_tree_ $where chmod -Rc g=u
done
sides_umount_

exit $fail
