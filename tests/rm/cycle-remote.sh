#!/bin/sh
# A cycle that no local mount shows: a server whose export loops (here
# bench/latfs over a tree in which a is bind-mounted on a/b/c; the client
# sees one file system and a/b/c with a's inode).  With one thread rm
# walks as GNU rm 9.1 does, and says what it says (the cycle where GNU's
# lazy check finds it, a/b/c/b; rmdir of the mount point's copy EBUSY).
# With threads the walk finds the cycle at its first repeat, a/b/c, and
# then, as GNU's does after its warning, leaves a/b/c's ancestors to
# their rmdir: a/b's fails, "Directory not empty", and a is left without
# a word; what else the tree held is removed.  Root only (bind mount).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_root_
require_gnu_ rm

# loop_ SIDE: SIDE/src holds a/f1, a/b/f2, a/b/d/f3 and a bind-mounted on
# a/b/c; SIDE/mnt is latfs over SIDE/src.
loop_ ()
{
  mkdir -p $1/src/a/b/c $1/src/a/b/d $1/mnt && : > $1/src/a/f1 \
    && : > $1/src/a/b/f2 && : > $1/src/a/b/d/f3 \
    || framework_failure_ "cannot make $1's tree"
  mount_ --bind $1/src/a $1/src/a/b/c || skip_ "cannot bind-mount"
  latfs_mount_ $1/src $1/mnt
}

# unloop_ SIDE: the tree left below SIDE/src/a, once unmounted.
unloop_ ()
{
  latfs_umount_ $1/mnt || framework_failure_ "cannot unmount $1/mnt"
  umount $1/src/a/b/c || framework_failure_ "cannot unmount $1's bind"
  (cd $1/src && find a -printf '%y %P\n' | LC_ALL=C sort) > _tree.$1
  rm -rf $1 || framework_failure_ "cannot remove $1"
}

for threads in 1 4; do
  for side in gnu ours; do
    loop_ $side
    if test $side = gnu; then
      (cd gnu/mnt && PATH=$gnu_bin:$PATH && exec rm -rf a) \
        > _out.gnu 2> _err.gnu
    else
      (cd ours/mnt && LIBFTS_THREADS=$threads && export LIBFTS_THREADS \
         && run_rm -rf a) > _out.ours 2> _err.ours
    fi
    echo "exit $?" >> _out.$side
    unloop_ $side
  done
  compare _out.gnu _out.ours || fail=1
  if test $threads = 1; then
    compare _err.gnu _err.ours || fail=1
    compare _tree.gnu _tree.ours || fail=1
    continue
  fi
  cat > _exp.err <<'EOT'
rm: WARNING: Circular directory structure.
This almost certainly means that you have a corrupted file system.
NOTIFY YOUR SYSTEM MANAGER.
The following directory is part of the cycle:
  a/b/c

rm: cannot remove 'a/b': Directory not empty
EOT
  compare _exp.err _err.ours || fail=1
  printf '%s\n' 'd ' 'd b' 'd b/c' > _exp.tree
  compare _exp.tree _tree.ours || fail=1
done

exit $fail
