#!/bin/sh
# --preserve-root=all: an operand on another device than its parent (a
# tmpfs mount point here) is skipped with "skipping 'X', since it's on a
# different device" and "and --preserve-root=all is in effect", exit 1,
# nothing on it removed; the other operands are removed.  Root only (mount).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_root_

mkdir -p t/m t/b && : > t/b/g || framework_failure_ "cannot make t"
mount_ -t tmpfs -o mode=755 tmpfs t/m || skip_ "cannot mount a tmpfs"
mkdir t/m/x && : > t/m/x/y && : > t/m/z || framework_failure_ "cannot fill the tmpfs"
cat > _exp.tree <<'X'
d 755 t
d 755 t/m
d 755 t/m/x
f 644 t/m/x/y
f 644 t/m/z
X

for opts in '-r --preserve-root=all' '-rf --preserve-root=all' \
            '--preserve-root=all -R' '-r --no-preserve-root --preserve-root=all'; do
  mkdir -p t/b && : > t/b/g || framework_failure_ "cannot make t/b"
  cat > _exp.err <<'X'
rm: skipping 't/m', since it's on a different device
rm: and --preserve-root=all is in effect
rm: skipping 't/m/', since it's on a different device
rm: and --preserve-root=all is in effect
X
  run_rm $opts t/m t/b t/m/ > _out 2> _err; check_status_ 1 $? "rm $opts"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
  list_ > _tree
  compare _exp.tree _tree || fail=1
done

exit $fail
