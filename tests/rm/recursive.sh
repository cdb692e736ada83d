#!/bin/sh
# -r, -R and --recursive remove directories and everything in them, quietly.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

for opt in -r -R --recursive --recu; do
  mkdir -p d/a/b/c d/e && : > d/a/f && : > d/a/b/c/g && echo x > d/h \
    && ln -s ../h d/a/link && ln -s nowhere d/dangling && mkfifo d/e/fifo \
    && mkdir keep && : > keep/k || framework_failure_ "cannot make d"
  run_rm $opt d > _out 2> _err; check_status_ 0 $? "rm $opt d"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
  printf '%s\n' 'd 755 keep' 'f 644 keep/k' > _exp.tree
  list_ > _tree
  compare _exp.tree _tree || fail=1
  rm -r keep
done

exit $fail
