#!/bin/sh
# libfts-walk, what 'make demo' runs: on a small generated tree, --action=stat
# adds up the same bytes as GNU du -s -B1 and counts every entry find sees;
# --threshold=0 --fs-policy=all hands directories out in inode order and
# --threshold=off never does; --action=unlink leaves nothing behind.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

walk=$abs_top_builddir/src/libfts-walk
gentree=$abs_top_builddir/bench/gentree
test -x "$walk" || framework_failure_ "src/libfts-walk not built"
test -x "$gentree" || framework_failure_ "bench/gentree not built"
for tool in du find cp truncate; do
  command -v $tool > /dev/null || skip_ "$tool not found"
done

# kv KEY FILE: the value of KEY in the key=value line of FILE.
kv ()
{
  tr ' ' '\n' < "$2" | sed -n "s/^$1=//p"
}

# A directory large enough to sort, a deep chain, and what du must count
# with care: files with data, a sparse file, a hard link (counted once), a
# symbolic link.
mkdir t \
  && "$gentree" flat 2000 t/flat > /dev/null \
  && "$gentree" --seed=2 deep 40 t/deep > /dev/null \
  && mkdir t/data \
  && printf '%05000d' 0 > t/data/5k \
  && printf 'x' > t/data/1 \
  && truncate -s 1M t/data/sparse \
  && printf '%09000d' 0 > t/data/linked \
  && ln t/data/linked t/flat/link \
  && ln -s ../data/5k t/flat/symlink \
  || framework_failure_ "cannot make the tree"

# --action=stat: du's byte total, find's entry count (the root aside).
"$walk" -k -a stat t > stat.kv || fail=1
du -s -B1 t | cut -f1 > du.bytes || framework_failure_ "du failed"
kv bytes stat.kv > walk.bytes
compare du.bytes walk.bytes || { echo "bytes differ from du -s -B1" >&2; fail=1; }
expr $(find t | wc -l) - 1 > find.entries || framework_failure_ "find failed"
kv entries stat.kv > walk.entries
compare find.entries walk.entries || { echo "entries differ from find" >&2; fail=1; }

# Inode order on demand, and never with --threshold=off.
"$walk" -k -t 0 --fs-policy=all t > sorted.kv || fail=1
test "$(kv dirs_sorted sorted.kv)" -ge 1 \
  || { echo "--threshold=0 --fs-policy=all sorted nothing" >&2; cat sorted.kv >&2; fail=1; }
"$walk" -k -t off --fs-policy=all t > off.kv || fail=1
test "$(kv dirs_sorted off.kv)" = 0 \
  || { echo "--threshold=off sorted something" >&2; cat off.kv >&2; fail=1; }

# --action=unlink removes all of a copy, the copy's root included.
cp -a t copy || framework_failure_ "cp -a failed"
"$walk" -q -a unlink copy > unlink.out 2>&1 || { cat unlink.out >&2; fail=1; }
test -e copy && { echo "--action=unlink left copy behind" >&2; fail=1; }

exit $fail
