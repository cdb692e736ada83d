#!/bin/sh
# A subtree removed behind du's back on a slow file system (bench/latfs,
# 2 ms a request; removed from the source directory, not through the
# mount, while du -a walks) ends no worse than in error messages of GNU's
# form about its entries (cannot access, cannot read directory, fts_read
# failed): no crash, no hang (60 s), exit 0 or 1, and every entry outside
# the subtree listed.  When the removal lands does not matter: any outcome
# it can cause is one of those.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

command -v timeout > /dev/null || skip_ "timeout not found"
latfs_tree_ src/t
mkdir mnt || framework_failure_ "cannot make mnt"
# The subtree to remove: t/v, ten of the tree's directories moved there
# (its symbolic link and hard link cross into it and out).
(mkdir src/t/v && cd src/t && mv d1 d2 d3 d4 d5 d6 d7 d8 d9 d10 v/) \
  || framework_failure_ "cannot make t/v"
(cd src && find t ! -path 't/v/*' ! -path t/v) | sed 's|^|mnt/|' | sort > _kept
latfs_mount_ src mnt delay_us=2000

(sleep 0.3; rm -rf src/t/v) &
remover=$!
timeout 60 sh -c 'PATH=$1:$PATH; exec du -a mnt/t' sh "$du_bin_" \
  > _out 2> _err
st=$?
wait $remover
case $st in
  0|1) ;;
  124) echo "du -a: no end in 60 s" >&2; fail=1 ;;
  *) echo "du -a: exit $st" >&2; fail=1 ;;
esac
enoent=': No such file or directory$'
grep -v -e "^du: cannot access '[^']*'$enoent" \
  -e "^du: cannot read directory '[^']*'$enoent" \
  -e "^du: fts_read failed: .*$enoent" _err > _bad
compare /dev/null _bad || fail=1
cut -f 2 _out | sort > _listed
comm -23 _kept _listed > _missing
compare /dev/null _missing || fail=1

latfs_umount_ mnt || framework_failure_ "cannot unmount mnt"
exit $fail
