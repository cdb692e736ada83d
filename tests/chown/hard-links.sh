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

# check_ WHERE ARGS...: the program and ARGS on a fresh copy of the tree
# below WHERE (gnu/ and ours/), compared with GNU's.
check_ ()
{
  where=$1; shift
  for side in gnu ours; do
    rm -rf $side/src/t && links_tree_ $side/src
  done
  (cd gnu/$where && PATH=$gnu_bin:$PATH && exec "$@" t) > _exp 2> _exp.err
  echo "exit $?" >> _exp
  (cd ours/$where && PATH=$prog_bin_:$PATH && exec "$@" t) > _out 2> _err
  echo "exit $?" >> _out
  compare _exp _out || { echo "differs: $where: $*"; fail=1; }
  compare _exp.err _err || fail=1
  for side in gnu ours; do
    (cd $side/src && find t -printf '%m %U:%G %p\n' | sort) > _left.$side
  done
  compare _left.gnu _left.ours || fail=1
}

for side in gnu ours; do
  mkdir -p $side/src $side/mnt || framework_failure_ "cannot make $side"
  links_tree_ $side/src
  latfs_mount_ $side/src $side/mnt delay_us=200,parallel_lookups
done
for where in mnt src; do
  check_ $where chown -Rv 1234:4321
  check_ $where chown -Rc 1234
  check_ $where chown -Rv --from=5:6 7:8
  check_ $where chgrp -Rc 99
  check_ $where chmod -Rv u+x,o+r
  check_ $where chmod -Rc g=u
done
for side in gnu ours; do
  latfs_umount_ $side/mnt || framework_failure_ "cannot unmount $side/mnt"
done

exit $fail
