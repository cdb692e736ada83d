#!/bin/sh
# On a read-only file system (a loop-mounted ext4 image, mounted ro) every
# removal fails with "cannot remove 'X': Read-only file system", exit 1, and
# nothing is removed.  Root only (loop device, mount).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_root_
for tool in mkfs.ext4 losetup mount umount; do
  command -v $tool > /dev/null || skip_ "$tool not found"
done
test -e /dev/loop-control || skip_ "no loop devices"

mkdir -p src/t/a/b src/t/e && echo x > src/t/a/f && : > src/t/a/b/h \
  && : > src/t/g && ln -s g src/t/link || framework_failure_ "cannot make src"
truncate -s 8M img && mkfs.ext4 -q -F -d src img \
  || framework_failure_ "cannot make an ext4 image"
loop_attach_ img || skip_ "cannot attach a loop device"
mkdir mnt && mount_ -t ext4 -o ro "$loop_dev_" mnt || skip_ "cannot mount ext4"
list_ mnt/t > _exp.tree

# The order of the messages is the directories' read order, which is the
# file system's business: compare them sorted.
cat > _exp.err <<'X'
rm: cannot remove 'mnt/t/a/b/h': Read-only file system
rm: cannot remove 'mnt/t/a/f': Read-only file system
rm: cannot remove 'mnt/t/e': Read-only file system
rm: cannot remove 'mnt/t/g': Read-only file system
rm: cannot remove 'mnt/t/link': Read-only file system
X
for opt in -rf -r -rv -R; do
  run_rm $opt mnt/t < /dev/null > _out 2> _err; check_status_ 1 $? "rm $opt"
  compare /dev/null _out || fail=1
  LC_ALL=C sort _err > _err.sorted
  compare _exp.err _err.sorted || fail=1
  list_ mnt/t > _tree
  compare _exp.tree _tree || fail=1
done

cat > _exp.err <<'X'
rm: cannot remove 'mnt/t/g': Read-only file system
rm: cannot remove 'mnt/t/e': Read-only file system
rm: cannot remove 'mnt/t/link': Read-only file system
X
run_rm -d mnt/t/g mnt/t/e mnt/t/link > _out 2> _err; check_status_ 1 $? "rm -d"
compare _exp.err _err || fail=1
list_ mnt/t > _tree
compare _exp.tree _tree || fail=1

exit $fail
