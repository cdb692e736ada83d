#!/bin/sh
# Installed names follow configure's --program-transform-name (here given
# to make as the transform it becomes, as --program-prefix=f would): the
# programs and their man pages are renamed (the mpi-* programs too, where
# configure found MPI), the library, header, fts(3), libfts_walk(3) and the
# manual keep their names, and the renamed programs work.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

printf 'print-dirs:\n\t@echo $(bindir) $(mandir) $(tests_with_mpi)\n' > dirs.mk
set -- $(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -C "$abs_top_builddir" -f Makefile -f "$PWD/dirs.mk" print-dirs) \
  || framework_failure_ "cannot read the install directories"
test $# = 3 || framework_failure_ "install directories: $*"
bindir=$1 mandir=$2 with_mpi=$3
mpi_bin= mpi_man=
if test "$with_mpi" = yes; then
  mpi_bin='fmpi-chgrp fmpi-chmod fmpi-chown fmpi-du fmpi-rm'
  mpi_man='fmpi-chgrp.1 fmpi-chmod.1 fmpi-chown.1 fmpi-du.1 fmpi-rm.1'
fi

dest=$PWD/dest
make -s -C "$abs_top_builddir" DESTDIR="$dest" transform='s,^,f,' \
  install-binPROGRAMS install-binSCRIPTS install-man > make.out 2>&1 \
  || { cat make.out; framework_failure_ "make install failed"; }

(cd "$dest$bindir" && ls) > got-bin
printf '%s\n' fchgrp fchmod fchown fdu flibfts-run flibfts-walk $mpi_bin frm \
  > exp-bin
compare exp-bin got-bin || fail=1
(cd "$dest$mandir" && ls man1 man3) > got-man
printf '%s\n' man1: fchgrp.1 fchmod.1 fchown.1 fdu.1 flibfts-run.1 flibfts-walk.1 \
  $mpi_man frm.1 '' man3: fts.3 libfts_walk.3 > exp-man
compare exp-man got-man || fail=1

# frm is rm under another name: it works and names itself after argv[0].
mkdir -p tree/sub && : > tree/sub/f || framework_failure_ "mkdir"
"$dest$bindir/frm" -r tree > out 2>&1 || fail=1
compare /dev/null out || fail=1
test -e tree && { echo "frm left tree" >&2; fail=1; }
(PATH=$dest$bindir:$PATH; export PATH; frm > out 2>&1) && fail=1
printf '%s\n' "frm: missing operand" "Try 'frm --help' for more information." \
  > exp
compare exp out || fail=1

exit $fail
