## doc/local.mk: the Texinfo manual and the man pages.

# make info, make html, make pdf (where TeX is installed).  make distcheck
# builds the HTML manual where it would build a DVI one, so that a release
# does not need TeX.
info_TEXINFOS = doc/libfts.texi
AM_DISTCHECK_DVI_TARGET = html
# What the manual @verbatiminclude's: the manual is rebuilt when it
# changes, and it is distributed (tests/lib/walk-example.sh compiles it).
doc_libfts_TEXINFOS = doc/walk-example.c

# fts(3) and libfts_walk(3), hand-written, are the library's: installed
# under their own names whatever --program-transform-name says.
notrans_dist_man3_MANS = doc/fts.3 doc/libfts_walk.3

# The programs' pages are made by help2man from --help and --version, and
# doc/PROGRAM.x (extra sections), so that they never drift from the
# programs.  They are distributed, like GNU's, so that building from a
# tarball needs no help2man: a page depends on its .x and the sources that
# print the text, not on the binary, which is only needed (order-only) to
# make it.  Installed names follow --program-transform-name.  A program
# whose page is to be made: its name here, a doc/PROGRAM.x, and a line
# "doc/PROGRAM.1: src/SOURCE" below.
man_programs = rm du chmod chown chgrp libfts-run libfts-walk
dist_man1_MANS = $(man_programs:%=doc/%.1)
doc/rm.1: src/rm.c
doc/du.1: src/du.c
doc/chmod.1: src/chmod.c
doc/chown.1: src/chown.c src/chown-core.c
doc/chgrp.1: src/chgrp.c src/chown-core.c
doc/libfts-run.1: src/libfts-run.in
doc/libfts-walk.1: src/libfts-walk.c
# The end of their --help.
doc/rm.1 doc/du.1 doc/chmod.1 doc/chown.1 doc/chgrp.1: src/package-info.c

# help2man hides what the program says on standard error: when it fails,
# the program's --version runs again for the log to show why, and
# help2man once more.  (A clean clone's make check once failed here on
# mpi-du, run alone as a job of one rank, with nothing on record to say
# why; some 250 runs since (help2man alone, and the --version of all the
# mpi programs at once) never failed.)
HELP2MAN = help2man
doc/%.1: doc/%.x configure.ac | src/%$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) doc && rm -f $@ $@.tmp \
	  && PATH='$(abs_top_builddir)/src':"$$PATH" && export PATH \
	  && page () { $(HELP2MAN) --no-info --include='$(srcdir)/doc/$*.x' \
	                 --output=$@.tmp $*; } \
	  && { page \
	       || { echo "$@: help2man failed; $* --version says:" >&2; \
	            $* --version > /dev/null; echo "$@: exit status $$?" >&2; \
	            page; }; } \
	  && mv $@.tmp $@
# Every page's .x.
EXTRA_DIST += doc/rm.x doc/libfts-run.x doc/libfts-walk.x doc/du.x \
  doc/chmod.x doc/chown.x doc/chgrp.x
MAINTAINERCLEANFILES += $(dist_man1_MANS)

# The mpi-* programs' pages, made and installed where configure found MPI
# (mpi/local.mk), the same way: run alone, without mpirun, each program is
# a job of one rank that answers --help and --version.  Their .x are
# always distributed, the pages only by a tree configured with MPI (a
# release is: make distcheck then installs them); a tarball made without
# needs help2man where it is built with MPI.
mpi_man_programs = mpi-du mpi-rm mpi-chmod mpi-chown mpi-chgrp
EXTRA_DIST += $(mpi_man_programs:%=doc/%.x)
if HAVE_MPI
dist_man1_MANS += $(mpi_man_programs:%=doc/%.1)
doc/mpi-du.1: src/mpi-du.c src/du.c
doc/mpi-rm.1: src/mpi-rm.c src/rm.c
doc/mpi-chmod.1: src/mpi-chmod.c src/chmod.c
doc/mpi-chown.1: src/mpi-chown.c src/chown.c src/chown-core.c
doc/mpi-chgrp.1: src/mpi-chgrp.c src/chgrp.c src/chown-core.c
doc/mpi-du.1 doc/mpi-rm.1 doc/mpi-chmod.1 doc/mpi-chown.1 doc/mpi-chgrp.1: \
  src/package-info.c
endif
