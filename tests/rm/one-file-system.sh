#!/bin/sh
# --one-file-system: a directory on another file system (here a tmpfs
# mounted inside the tree) is skipped with "skipping 'X', since it's on a
# different device", nothing on it is removed, the rest is, exit 1.
# Root only (mount).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_root_

mkdir -p t/a/m t/b t/c && : > t/f && : > t/b/g && : > t/c/h \
  || framework_failure_ "cannot make t"
mount_ -t tmpfs -o mode=755 tmpfs t/a/m || skip_ "cannot mount a tmpfs"
mkdir t/a/m/x && : > t/a/m/x/y && : > t/a/m/z || framework_failure_ "cannot fill the tmpfs"

echo "rm: skipping 't/a/m', since it's on a different device" > _exp.err
run_rm -r --one-file-system t > _out 2> _err
check_status_ 1 $? "rm -r --one-file-system"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
cat > _exp.tree <<'X'
d 755 t
d 755 t/a
d 755 t/a/m
d 755 t/a/m/x
f 644 t/a/m/x/y
f 644 t/a/m/z
X
list_ > _tree
compare _exp.tree _tree || fail=1

# Abbreviated, with -f and -v: the same skip, nothing removed to report.
run_rm -rfv --one-file t/a > _out 2> _err
check_status_ 1 $? "rm -rfv --one-file"
compare /dev/null _out || fail=1
echo "rm: skipping 't/a/m', since it's on a different device" > _exp.err
compare _exp.err _err || fail=1
list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
