#!/bin/sh
# chown -R -H and chgrp -R -H with -v or -c change what the symbolic
# links below the operands point to (GNU's do: only -P leaves them), so a
# file with one name and links to it is met more than once: the first of
# its names in the sequential walk's order says "changed", the later ones
# "retained" (-v) or nothing (-c), as GNU 9.1's say, whichever thread
# reaches which name first.  A fuzzer finding (chgrp -R -c -H at 4
# threads).  Over bench/latfs (200 us a request, names looked up in
# parallel), where the directories are read together, and on the local
# disk.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown chgrp

# a/ holds 40 files with one name each, b/ and c/ a symlink to each and
# to a directory; a/ comes first in the walk, and its files are the
# slowest to reach.
aliases_tree_ ()
{
  mkdir -p "$1/t/a/d" "$1/t/b" "$1/t/c" && (cd "$1/t" && for i in $(seq 40); do
      echo $i > a/f$i && ln -s ../a/f$i b/g$i && ln -s ../a/f$i c/h$i \
        || exit 1
    done && ln -s ../a/d b/dl && ln -s ../a c/al && chown 5:6 a/f1 a/f2) \
    || framework_failure_ "cannot make the tree in $1"
}

# At 1 and 4 threads and as installed (LIBFTS_THREADS empty).
sides_mount_ aliases_tree_
for LIBFTS_THREADS in 1 4 ''; do
  export LIBFTS_THREADS
  for where in mnt src; do
    compare_fresh_gnu_ aliases_tree_ $where chgrp -R -c -H nogroup
    compare_fresh_gnu_ aliases_tree_ $where chown -R -v -H 1234:4321
    compare_fresh_gnu_ aliases_tree_ $where chown -R -c -H --from=5:6 7:8
    compare_fresh_gnu_ aliases_tree_ $where chown -R -c --dereference -H 99
  done
done
sides_umount_

exit $fail
