#!/bin/sh
# libfts never uses st_nlink to decide that a directory has no more
# subdirectories: on ext4 a directory with more than 65,000 subdirectories
# has a link count of 1, and a walk trusting it would miss what lies below.
# With FTS_NOSTAT (where such a shortcut would pay), every file under every
# one of 65,010 subdirectories is found.  (glibc 2.36 passes this too: its
# shortcut takes a count of 1 as "unknown"; the test guards libfts against
# ever growing a shortcut that reads "at most 2" as "no subdirectories".)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

mount_scratch_ext4_ 512M 140000

ours=$abs_top_builddir/tests/lib/fts-print-ours
test -x "$ours" || framework_failure_ "fts-print-ours not built"

n=65010

mkdir mnt/big || framework_failure_ "mkdir mnt/big"
(cd mnt/big && seq -f d%05g 1 $n | xargs mkdir \
   && seq -f d%05g/file 1 $n | xargs touch) \
  || framework_failure_ "cannot create $n directories"
test "$(stat -c %h mnt/big)" = 1 \
  || framework_failure_ "ext4 did not report a link count of 1"

for o in PHYSICAL,NOSTAT PHYSICAL,NOSTAT,NOCHDIR PHYSICAL; do
  "$ours" -o $o mnt/big > out.$o || fail=1
  for info in FTS_D FTS_NSOK FTS_F; do
    grep -c "^$info 2 " out.$o
  done > counts.$o
  grep -c '^FTS_D 1 ' out.$o > dirs.$o
  echo $n > exp
  compare exp dirs.$o || fail=1
  # Every file at level 2: FTS_NSOK without stat, FTS_F with it.
  awk '{ s += $1 } END { print s }' counts.$o > files.$o
  compare exp files.$o || fail=1
done

exit $fail
