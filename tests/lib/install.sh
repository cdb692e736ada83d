#!/bin/sh
# make install DESTDIR=... installs the programs, the library (shared and
# static), the header under libfts/, libfts.pc, the manual and the man
# pages, and, where configure found MPI, the mpi-* programs, libfts-mpi,
# its header, libfts-mpi.pc and their pages, and nothing else; the
# installed programs are self-contained, the installed rm works, and the
# installed libfts-run preloads the installed library; make uninstall
# removes every file again.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

# Where configure put things, and whether it found MPI: the Makefile's own
# variables.
printf 'print-dirs:\n\t@echo $(bindir) $(libdir) $(includedir) $(mandir) $(infodir) $(tests_with_mpi)\n' \
  > dirs.mk
set -- $(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -C "$abs_top_builddir" -f Makefile -f "$PWD/dirs.mk" print-dirs) \
  || framework_failure_ "cannot read the install directories"
test $# = 6 || framework_failure_ "install directories: $*"
bindir=$1 libdir=$2 includedir=$3 mandir=$4 infodir=$5 with_mpi=$6
mpi_programs=
test "$with_mpi" = yes && mpi_programs='mpi-du mpi-rm mpi-chmod mpi-chown mpi-chgrp'

dest=$PWD/dest
make -s -C "$abs_top_builddir" DESTDIR="$dest" install > make.out 2>&1 \
  || { cat make.out; framework_failure_ "make install failed"; }

# Every file and symbolic link installed, less the info directory file.
(cd "$dest" && find . \( -type f -o -type l \) -print | sed 's|^\.||' | sort) \
  | grep -v -x "$infodir/dir" > got
sort > exp <<EOT
$bindir/chgrp
$bindir/chmod
$bindir/chown
$bindir/du
$bindir/libfts-run
$bindir/libfts-walk
$bindir/rm
$includedir/libfts/fts.h
$infodir/libfts.info
$libdir/libfts.a
$libdir/libfts.la
$libdir/libfts.so
$libdir/libfts.so.1
$libdir/libfts.so.1.0.0
$libdir/pkgconfig/libfts.pc
$mandir/man1/chgrp.1
$mandir/man1/chmod.1
$mandir/man1/chown.1
$mandir/man1/du.1
$mandir/man1/libfts-run.1
$mandir/man1/libfts-walk.1
$mandir/man1/rm.1
$mandir/man3/fts.3
$mandir/man3/libfts_walk.3
EOT
test "$with_mpi" != yes || cat >> exp <<EOT
$bindir/mpi-chgrp
$bindir/mpi-chmod
$bindir/mpi-chown
$bindir/mpi-du
$bindir/mpi-rm
$includedir/libfts/fts-mpi.h
$libdir/libfts-mpi.a
$libdir/libfts-mpi.la
$libdir/libfts-mpi.so
$libdir/libfts-mpi.so.0
$libdir/libfts-mpi.so.0.0.0
$libdir/pkgconfig/libfts-mpi.pc
$mandir/man1/mpi-chgrp.1
$mandir/man1/mpi-chmod.1
$mandir/man1/mpi-chown.1
$mandir/man1/mpi-du.1
$mandir/man1/mpi-rm.1
EOT
sort -o exp exp
compare exp got || fail=1

# The installed programs need no build tree: no RUNPATH into it, no
# libfts.so (nor libfts-mpi.so).
for prog in rm du chmod chown chgrp $mpi_programs; do
  readelf -d "$dest$bindir/$prog" > dynamic 2> /dev/null \
    || framework_failure_ "readelf $prog failed"
  grep -E 'R(UN)?PATH' dynamic && { echo "installed $prog has a RUNPATH" >&2; fail=1; }
  grep 'NEEDED.*libfts' dynamic && { echo "installed $prog needs libfts.so" >&2; fail=1; }
done
for prog in rm du chmod chown chgrp; do
  "$dest$bindir/$prog" --version > version.out || fail=1
  head -n 1 version.out | grep -x "$prog (libfts) .*" > /dev/null \
    || { echo "installed $prog --version: $(head -n 1 version.out)" >&2; fail=1; }
done
# Started without mpirun, an mpi-* program is a job of one rank (as
# help2man runs it): it answers --help under its own name.
for prog in $mpi_programs; do
  "$dest$bindir/$prog" --help > help.out || fail=1
  head -n 1 help.out | grep "^Usage: $dest$bindir/$prog " > /dev/null \
    || { echo "installed $prog --help: $(head -n 1 help.out)" >&2; fail=1; }
done
rm_=$dest$bindir/rm
mkdir -p tree/a/b && : > tree/a/b/f || framework_failure_ "mkdir"
"$rm_" -r tree > out 2>&1 || fail=1
compare /dev/null out || fail=1
test -e tree && { echo "installed rm left tree" >&2; fail=1; }

# The installed libfts-run names the installed library.
grep -x "library='$libdir/libfts.so'" "$dest$bindir/libfts-run" > /dev/null \
  || { echo "libfts-run does not preload $libdir/libfts.so" >&2; fail=1; }

# The man pages render without warnings.
if command -v man > /dev/null; then
  for page in "$dest$mandir"/man1/*.1 "$dest$mandir"/man3/*.3; do
    MANWIDTH=80 man --warnings -l "$page" > page.out 2> page.err || fail=1
    compare /dev/null page.err || fail=1
    test -s page.out || { echo "$page renders empty" >&2; fail=1; }
  done
fi

make -s -C "$abs_top_builddir" DESTDIR="$dest" uninstall > make.out 2>&1 \
  || { cat make.out; fail=1; }
(cd "$dest" && find . \( -type f -o -type l \) -print | sed 's|^\.||') \
  | grep -v -x "$infodir/dir" > left
compare /dev/null left || fail=1

exit $fail
