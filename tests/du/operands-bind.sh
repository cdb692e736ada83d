#!/bin/sh
# Operands where a file system is mounted twice (a directory bind-mounted
# inside itself), some of them reached through the mount: du prints what
# GNU du 9.1 prints, in its order, with the same exit status, at 1 and 4
# threads.  (du's own record of what it counted, in GNU's order, keeps
# the output right whether such operands are walked alone or together:
# this checks du's lines, not walk-util's rule that walks them alone.)
# Root only (mount --bind).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_root_
require_gnu_ du
mkdir -p d/s/x e/sub && : > d/f && : > e/sub/g && ln -s d/s l \
  || framework_failure_ "cannot make the tree"
mount_ --bind d d/s/x || skip_ "cannot bind-mount"

for args in 'd d/s/x' 'd/s/x d' 'e d d/s/x/s e' 'd/s d/s/x' 'l d' \
            'e/sub e d/s/x/f d'; do
  (PATH=$gnu_bin:$PATH && exec du -a $args) > _exp 2>&1
  echo "exit $?" >> _exp
  for n in 1 4; do
    LIBFTS_THREADS=$n run_du -a $args > _out 2>&1
    echo "exit $?" >> _out
    compare _exp _out || { echo "differs: du -a $args ($n threads)"; fail=1; }
  done
done

exit $fail
