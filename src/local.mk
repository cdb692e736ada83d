## src/local.mk: the programs (GPL-3.0-or-later), built on libfts and gnulib.

src_cppflags = -I$(top_builddir) -I$(top_srcdir)/lib \
  -I$(top_builddir)/gl/lib -I$(top_srcdir)/gl/lib

# What several programs share: opening and closing their walks
# (walk-util.c), the walk of chmod, chown and chgrp (change-walk.c), how
# names are quoted (quoting.h) and what --help and --version share
# (package-info.c).
noinst_LIBRARIES += src/libprograms.a
src_libprograms_a_SOURCES = src/walk-util.c src/walk-util.h \
  src/change-walk.c src/change-walk.h src/quoting.h \
  src/package-info.c src/package-info.h
src_libprograms_a_CPPFLAGS = $(src_cppflags)

src_gnulib_ldadd = gl/lib/libgnu.a $(LIBINTL) $(LIB_MBRTOWC) \
  $(LIBC32CONV) $(LIBUNISTRING) $(LIBICONV)
# libfts linked in statically (see rm below).
src_static_ldadd = src/libprograms.a lib/libfts-core.la $(src_gnulib_ldadd)

bin_PROGRAMS += src/libfts-walk
src_libfts_walk_SOURCES = src/libfts-walk.c
src_libfts_walk_CPPFLAGS = $(src_cppflags)
src_libfts_walk_LDADD = src/libprograms.a lib/libfts.la $(src_gnulib_ldadd)

# rm: GNU rm's options and messages (rm.c) over a removal core on libfts
# (remove.c).  -no-install: src/rm is the real program, not a libtool
# wrapper, so that the tests can run it through a symlink named "rm" and
# it names itself "rm" in its messages, as GNU rm does (from argv[0]).
bin_PROGRAMS += src/rm
src_rm_SOURCES = src/rm-main.c src/rm.c src/remove.c src/remove.h
src_rm_CPPFLAGS = $(src_cppflags)
# libfts linked in statically: src/rm is then a real binary (no libtool
# wrapper), which the tests run as "rm", and it installs self-contained.
src_rm_LDADD = $(src_static_ldadd) $(PTHREAD_LIBS)

# libfts-run: runs a program with the installed libfts.so preloaded and
# reports the library's counters (lib/fts-report.c).  A shell script: its
# only build-time input is where the library is installed.
bin_SCRIPTS += src/libfts-run
EXTRA_DIST += src/libfts-run.in
CLEANFILES += src/libfts-run
src/libfts-run: src/libfts-run.in Makefile
	$(AM_V_GEN)rm -f $@ $@.tmp && $(MKDIR_P) src \
	  && sed -e 's|@''libdir@|$(libdir)|g' -e 's|@''VERSION@|$(VERSION)|g' \
	       $(srcdir)/src/libfts-run.in > $@.tmp \
	  && chmod +x,a-w $@.tmp && mv $@.tmp $@

# du: GNU du's options and messages (du.c) over a disk usage core on
# libfts (du-core.c and the files beside it, which du-int.h lists),
# linked like rm: a real binary, run as "du" by the tests, self-contained
# once installed.  mpi-du links the same core (mpi/local.mk).
du_core_sources = src/du-core.c src/du-core.h src/du-int.h src/du-sum.c \
  src/du-sets.c src/du-walk.c src/du-walk-seq.c src/du-walk-par.c
bin_PROGRAMS += src/du
src_du_SOURCES = src/du-main.c src/du.c src/du.h $(du_core_sources)
src_du_CPPFLAGS = $(src_cppflags)
src_du_LDADD = $(src_static_ldadd)

# chown and chgrp: GNU's options and messages (chown.c, chgrp.c) over one
# ownership-changing core on libfts (chown-core.c); chmod on its own.
# Linked as rm is (see above): real binaries, named by argv[0].  With -R
# all three walk with libfts's parallel walk, hence its threads.
bin_PROGRAMS += src/chmod src/chown src/chgrp
src_chmod_SOURCES = src/chmod-main.c src/chmod.c src/chmod.h
src_chmod_CPPFLAGS = $(src_cppflags)
src_chmod_LDADD = $(src_static_ldadd) $(PTHREAD_LIBS)
src_chown_SOURCES = src/chown-main.c src/chown.c src/chown-core.c src/chown-core.h
src_chown_CPPFLAGS = $(src_cppflags)
src_chown_LDADD = $(src_static_ldadd) $(PTHREAD_LIBS)
src_chgrp_SOURCES = src/chgrp-main.c src/chgrp.c src/chown-core.c src/chown-core.h
src_chgrp_CPPFLAGS = $(src_cppflags)
src_chgrp_LDADD = $(src_static_ldadd) $(PTHREAD_LIBS)
