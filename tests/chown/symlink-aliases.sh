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

# check_ WHERE ARGS...: the program and ARGS on a fresh copy of the tree
# below WHERE (gnu/ and ours/), compared with GNU's, at 1 and 4 threads
# and as installed.
check_ ()
{
  where=$1; shift
  for threads in 1 4 ''; do
    for side in gnu ours; do
      rm -rf $side/src/t && aliases_tree_ $side/src
    done
    (cd gnu/$where && PATH=$gnu_bin:$PATH && exec "$@" t) > _exp 2> _exp.err
    echo "exit $?" >> _exp
    (cd ours/$where && PATH=$prog_bin_:$PATH && LIBFTS_THREADS=$threads \
       && export LIBFTS_THREADS && exec "$@" t) > _out 2> _err
    echo "exit $?" >> _out
    compare _exp _out || { echo "differs: $where: $* (${threads:-default})"
                           fail=1; }
    compare _exp.err _err || fail=1
    for side in gnu ours; do
      (cd $side/src && find t -printf '%m %U:%G %p\n' | sort) > _left.$side
    done
    compare _left.gnu _left.ours || fail=1
  done
}

for side in gnu ours; do
  mkdir -p $side/src $side/mnt || framework_failure_ "cannot make $side"
  aliases_tree_ $side/src
  latfs_mount_ $side/src $side/mnt delay_us=200,parallel_lookups
done
for where in mnt src; do
  check_ $where chgrp -R -c -H nogroup
  check_ $where chown -R -v -H 1234:4321
  check_ $where chown -R -c -H --from=5:6 7:8
  check_ $where chown -R -c --dereference -H 99
done
for side in gnu ours; do
  latfs_umount_ $side/mnt || framework_failure_ "cannot unmount $side/mnt"
done

exit $fail
