#!/bin/sh
# libfts.so exports exactly the fts API, glibc's fts64_ names and the
# libfts_ functions declared in fts.h, all unversioned (so that they
# interpose libc's fts_open@GLIBC_2.2.5 under LD_PRELOAD), and needs no
# library but libc.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

so=$abs_top_builddir/lib/.libs/libfts.so
test -f "$so" || framework_failure_ "$so not built"
for tool in nm readelf objdump; do
  command -v $tool > /dev/null || skip_ "$tool not found"
done

# ---- the set of names ---------------------------------------------------------
# Expected: the five standard functions, their fts64_ twins, and every
# libfts_ function that fts.h declares ("libfts_name (" at a line's start
# or after the return type).
for f in open read children set close; do
  echo fts_$f
  echo fts64_$f
done > exp-std
sed -n 's/^[a-z].*[ *]\(libfts_[a-z0-9_]*\) (.*/\1/p' \
  "$abs_top_srcdir/lib/fts.h" > exp-ext
test -s exp-ext || framework_failure_ "no libfts_ function found in fts.h"
sort -u exp-std exp-ext > exp

nm -D --defined-only "$so" > nm-out || framework_failure_ "nm failed"
# Drop the linker's own symbols, which carry no code of ours.
awk '{ print $NF }' nm-out | sed 's/@.*//' \
  | grep -v -x -E '_init|_fini|_edata|_end|__bss_start' | sort -u > out
compare exp out || fail=1

# ---- no version node -------------------------------------------------------
# readelf prints a versioned symbol as name@VERSION or name@@VERSION.
readelf --dyn-syms -W "$so" > dynsyms || framework_failure_ "readelf failed"
awk '$7 != "UND" && $8 ~ /^(fts|fts64|libfts)_/ { print $8 }' dynsyms \
  | sort -u > out-readelf
compare exp out-readelf || fail=1
if grep -E ' (fts|fts64|libfts)_[a-z0-9_]*@' dynsyms; then
  echo "versioned export(s) above" >&2
  fail=1
fi
# and objdump -T shows "Base" (or nothing) in the version column.
objdump -T "$so" > objdump-out || framework_failure_ "objdump failed"
awk '$NF ~ /^(fts|fts64|libfts)_/ && $0 !~ /\*UND\*/ {
       v = $(NF - 1)
       if (v != "Base" && v !~ /^[0-9a-f]+$/) print
     }' objdump-out > versioned
compare /dev/null versioned || fail=1
# No version definitions at all, beyond the file's own base entry.
readelf -V -W "$so" | sed -n '/\.gnu\.version_d/,/^$/p' | grep 'Name:' \
  | grep -v 'Flags: BASE' > verdefs
compare /dev/null verdefs || fail=1

# ---- dependencies --------------------------------------------------------
readelf -d -W "$so" > dynamic || framework_failure_ "readelf -d failed"
sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' dynamic > needed
echo libc.so.6 > exp-needed
# A --enable-sanitizers build needs the sanitizers' runtimes as well.
if nm -D "$so" | grep -q __asan; then
  grep -v -E '^lib(asan|ubsan)\.so' needed > needed.tmp && mv needed.tmp needed
fi
compare exp-needed needed || fail=1

exit $fail
