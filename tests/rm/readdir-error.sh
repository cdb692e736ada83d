#!/bin/sh
# A directory whose reading fails part way (an ext4 image with one of its
# htree leaf blocks corrupted: getdents fails with EBADMSG) is reported with
# the precise error ("Bad message", not "Directory not empty"), exit 1, and
# nothing else is skipped: every sibling that comes after it in the parent
# is still removed, and so is what could be read of t/d.  That is GNU after
# 9.1: 9.1 skips the file that follows t/d (and this test then checks that
# it does, to show that it runs).  Root only (loop device, mount).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_root_
for tool in mkfs.ext4 debugfs losetup mount umount; do
  command -v $tool > /dev/null || skip_ "$tool not found"
done
test -e /dev/loop-control || skip_ "no loop devices"

# A fixed hash seed: the same read order on every run.
truncate -s 32M img \
  && mkfs.ext4 -q -F -b 1024 -E hash_seed=2a1e5c7e-0b5f-4e1d-9d1a-0c6b3f4a8e21 img \
  || framework_failure_ "cannot make an ext4 image"
loop_attach_ img || skip_ "cannot attach a loop device"
mkdir mnt && mount_ -t ext4 "$loop_dev_" mnt || skip_ "cannot mount ext4"
(cd mnt && mkdir -p t/d && cd t \
  && seq -f 'd/file-with-a-long-name-%04g' 1 300 | xargs touch \
  && seq -f 's%02g' 0 39 | xargs touch \
  && seq -f 'x%g' 0 4 | xargs mkdir && seq -f 'x%g/f' 0 4 | xargs touch) \
  || framework_failure_ "cannot fill the image"
umount mnt && mounts_= || framework_failure_ "cannot unmount"

# Corrupt the sixth block of t/d (a leaf of its htree).  Once under heavy
# load debugfs found no block at all: so sync first, and say what debugfs
# said if it happens again.
sync
set -- $(debugfs -R 'blocks /t/d' img 2>../_debugfs.err)
test $# -ge 8 || { sleep 1; sync; set -- $(debugfs -R 'blocks /t/d' img 2>>../_debugfs.err); }
test $# -ge 8 || { cat ../_debugfs.err >&2; framework_failure_ "t/d has only $# blocks"; }
head -c 1024 /dev/zero | tr '\0' '\252' \
  | dd of=img bs=1024 seek=$6 count=1 conv=notrunc status=none \
  || framework_failure_ "cannot corrupt the image"
mount_ -t ext4 -o errors=continue "$loop_dev_" mnt \
  || framework_failure_ "cannot mount the corrupted image"
cd mnt || framework_failure_ "cannot enter mnt"

# The error reading t/d, as ls words it (after its last ': ').
ls t/d > /dev/null 2> ../_ls.err && skip_ "the corruption did not make readdir fail"
why=$(sed -n '1s/.*: //p' ../_ls.err)
test -n "$why" || framework_failure_ "no error from ls"
# 9.1 skips the entry read after t/d when it is a file: make sure there is one.
ls -f t | grep -v '^\.\.*$' > ../_order
next=$(sed -n '/^d$/{n;p;}' ../_order)
test -n "$next" && test -f "t/$next" || framework_failure_ "no file after t/d"

run_rm -rf t < /dev/null > ../_out 2> ../_err; check_status_ 1 $? "rm -rf t"
compare /dev/null ../_out || fail=1
ls -f t | grep -v '^\.\.*$' > ../_left

if is_gnu_91_ "$rm_"; then
  echo "$test_name_: GNU rm 9.1 skips the file after t/d ('$next');" \
    "checking that it does" >&2
  cat > ../_exp.err <<X
rm: traversal failed: t/d: $why
rm: cannot remove 't': Directory not empty
X
  compare ../_exp.err ../_err || fail=1
  printf '%s\n' d "$next" | LC_ALL=C sort > ../_exp.left
  LC_ALL=C sort ../_left | compare ../_exp.left - || fail=1
  exit $fail
fi

# One line for t/d with the precise error, in either of GNU's forms; after
# it, at most the parent's failure to go.
grep -v -x -e "rm: traversal failed: t/d: $why" -e "rm: cannot remove 't/d': $why" \
  -e "rm: cannot remove 't': Directory not empty" ../_err > ../_other
compare /dev/null ../_other || fail=1
grep -c -x -e "rm: traversal failed: t/d: $why" -e "rm: cannot remove 't/d': $why" \
  ../_err > ../_count
echo 1 > ../_exp.count
compare ../_exp.count ../_count || fail=1
# GNU marks no ancestor at FTS_ERR ("traversal failed"): t's rmdir is
# then tried, and said to fail.
if grep -x "rm: traversal failed: t/d: $why" ../_err > /dev/null; then
  grep -x "rm: cannot remove 't': Directory not empty" ../_err > /dev/null \
    || { echo "no line for t after a traversal failure" >&2; fail=1; }
fi
# Only t/d is left in t ...
echo d > ../_exp.left
compare ../_exp.left ../_left || fail=1
# ... and what was read of t/d before the failure was removed.  (Not all the
# rest: ext4 cannot read an htree past a bad leaf, in hash order.)
cd .. && umount mnt && mounts_= || framework_failure_ "cannot unmount"
n=$(debugfs -R 'ls /t/d' img 2>/dev/null | grep -o 'file-with-a-long-name-[0-9]*' | wc -l)
test $n -lt 300 || { echo "t/d still holds all its $n names" >&2; fail=1; }

exit $fail
