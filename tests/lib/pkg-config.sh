#!/bin/sh
# A program outside the tree, built with `pkg-config --cflags --libs libfts`
# against a DESTDIR installation, gets libfts's header and traversal, not
# glibc's: linked to libfts.so, or statically to libfts.a.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

command -v pkg-config > /dev/null || skip_ "pkg-config is missing"
: "${CC:=cc}"
command -v "${CC%% *}" > /dev/null || skip_ "no C compiler ($CC)"

# Install the library's parts only: libtool installs libfts.la without
# relinking anything, so this cannot disturb the tests running beside it.
dest=$PWD/dest
make -s -C "$abs_top_builddir" DESTDIR="$dest" \
  install-libLTLIBRARIES install-libftsincludeHEADERS install-pkgconfigDATA \
  > make.out 2>&1 || { cat make.out; framework_failure_ "make install"; }

pcdir=$(find "$dest" -name libfts.pc -printf '%h\n')
test -n "$pcdir" || framework_failure_ "libfts.pc not installed"
export PKG_CONFIG_PATH="$pcdir" PKG_CONFIG_SYSROOT_DIR="$dest"
unset PKG_CONFIG_LIBDIR

cat > prog.c <<'EOC'
#include <fts.h>
#include <stdio.h>
#ifndef LIBFTS_FTS_H
# error "pkg-config --cflags did not put libfts's <fts.h> first"
#endif
int
main (int argc, char **argv)
{
  FTS *fts = fts_open (argv + 1, FTS_PHYSICAL, NULL);
  if (!fts)
    return 1;
  FTSENT *p;
  while ((p = fts_read (fts)))
    if (p->fts_info != FTS_DP)
      printf ("%ld %s\n", libfts_level (p), p->fts_path);
  return fts_close (fts) != 0;
}
EOC
flags=$(pkg-config --cflags --libs libfts) || fail=1
# A library built with --enable-sanitizers needs its runtime in the program.
libso=$(find "$dest" -name 'libfts.so' | head -1)
san=
nm -D "$libso" | grep -q __asan && san=-fsanitize=address,undefined
flags="$flags $san"
$CC prog.c $flags -o prog > cc.out 2>&1 || { cat cc.out; fail=1; }

mkdir -p tree/sub && : > tree/sub/file || framework_failure_ "mkdir"
libdir=$(dirname "$libso")
LD_LIBRARY_PATH=$libdir ./prog tree > out || fail=1
printf '%s\n' '0 tree' '1 tree/sub' '2 tree/sub/file' > exp
compare exp out || fail=1

# Linked to libfts.so, and fts_open resolved there, not in libc.
LD_LIBRARY_PATH=$libdir ldd ./prog > ldd.out
grep -q "libfts\.so.* => $libdir/" ldd.out || { cat ldd.out; fail=1; }
LD_LIBRARY_PATH=$libdir LD_DEBUG=bindings LD_DEBUG_OUTPUT=$PWD/bind \
  ./prog tree > /dev/null
grep -h "normal symbol .fts_open'" bind.* > bind.out
grep -q "to $libdir/libfts\.so" bind.out || { cat bind.out; fail=1; }

# Statically, with libfts.a: the program defines fts_open itself, needs no
# libfts.so, and walks the same.
$CC prog.c $(pkg-config --cflags libfts) "$libdir/libfts.a" $san -o prog-static \
  > cc.out 2>&1 || { cat cc.out; fail=1; }
nm prog-static | grep -q ' T fts_open$' || { echo "fts_open not in prog-static" >&2; fail=1; }
ldd ./prog-static | grep libfts && fail=1
./prog-static tree > out-static || fail=1
compare exp out-static || fail=1

exit $fail
