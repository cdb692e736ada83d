## mpi/local.mk: the MPI walk (LGPL-2.1-or-later), libfts's parallel walk
## over the ranks of an MPI job, and the mpi-* programs on it (GPL, their
## sources in src/).  Nothing here is built unless configure found MPI
## (--with-mpi); libfts itself never depends on MPI.

EXTRA_DIST += mpi/README mpi/libfts-mpi.pc.in

if HAVE_MPI
# As lib/ does: a convenience library that the programs link in
# statically, and the installed library made of it.
noinst_LTLIBRARIES += mpi/libfts-mpi-core.la
mpi_libfts_mpi_core_la_SOURCES = mpi/fts-mpi.h mpi/fts-mpi-int.h \
  mpi/fts-mpi.c mpi/fts-mpi-msg.c mpi/fts-mpi-work.c mpi/fts-mpi-task.c \
  mpi/fts-mpi-reach.c mpi/fts-mpi-order.c mpi/fts-mpi-trace.c
mpi_libfts_mpi_core_la_CPPFLAGS = -I$(top_builddir) -I$(top_srcdir)/lib \
  -I$(top_srcdir)/mpi
mpi_libfts_mpi_core_la_CFLAGS = $(WARN_CFLAGS) $(SANITIZE_CFLAGS) $(MPI_CFLAGS)
mpi_libfts_mpi_core_la_LIBADD = $(MPI_LIBS) $(PTHREAD_LIBS)

lib_LTLIBRARIES += mpi/libfts-mpi.la
mpi_libfts_mpi_la_SOURCES =
nodist_EXTRA_mpi_libfts_mpi_la_SOURCES = mpi/dummy.c
mpi_libfts_mpi_la_LIBADD = mpi/libfts-mpi-core.la lib/libfts.la
mpi_libfts_mpi_la_LDFLAGS = -version-info 0:0:0 \
  -export-symbols-regex '^libfts_mpi_[a-z]' $(SANITIZE_CFLAGS)
libftsinclude_HEADERS += mpi/fts-mpi.h
# pkg-config's libfts-mpi: made by configure, as lib/libfts.pc is,
# whether MPI was found or not, and installed only where it was.
pkgconfig_DATA += mpi/libfts-mpi.pc

# mpi-du: du's command line (src/du.c) and core (du_core_sources, in
# src/local.mk) over the MPI walk; linked as du is, a real binary that
# mpirun starts.
bin_PROGRAMS += src/mpi-du
src_mpi_du_SOURCES = src/mpi-du.c src/mpi-front.c src/mpi-front.h \
  src/du.c src/du.h $(du_core_sources)
src_mpi_du_CPPFLAGS = $(src_cppflags) -I$(top_srcdir)/mpi
src_mpi_du_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
src_mpi_du_LDADD = mpi/libfts-mpi-core.la $(src_static_ldadd) $(MPI_LIBS) \
  $(PTHREAD_LIBS)

# mpi-rm: rm's command line (src/rm.c) and core (src/remove.c) over the
# MPI walk, a directory removed once what it handed out is gone.
bin_PROGRAMS += src/mpi-rm
src_mpi_rm_SOURCES = src/mpi-rm.c src/mpi-front.c src/mpi-front.h \
  src/rm.c src/remove.c src/remove.h
src_mpi_rm_CPPFLAGS = $(src_cppflags) -I$(top_srcdir)/mpi
src_mpi_rm_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
src_mpi_rm_LDADD = mpi/libfts-mpi-core.la $(src_static_ldadd) $(MPI_LIBS) \
  $(PTHREAD_LIBS)

# mpi-chmod: chmod's command line and walk (src/chmod.c,
# src/change-walk.c) over the MPI walk.
bin_PROGRAMS += src/mpi-chmod
src_mpi_chmod_SOURCES = src/mpi-chmod.c src/mpi-front.c src/mpi-front.h \
  src/chmod.c src/chmod.h
src_mpi_chmod_CPPFLAGS = $(src_cppflags) -I$(top_srcdir)/mpi
src_mpi_chmod_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
src_mpi_chmod_LDADD = mpi/libfts-mpi-core.la $(src_static_ldadd) \
  $(MPI_LIBS) $(PTHREAD_LIBS)

# mpi-chown and mpi-chgrp: their command lines and core (src/chown.c,
# src/chgrp.c, src/chown-core.c) over the MPI walk.
bin_PROGRAMS += src/mpi-chown src/mpi-chgrp
src_mpi_chown_SOURCES = src/mpi-chown.c src/mpi-front.c src/mpi-front.h \
  src/chown.c src/chown-core.c src/chown-core.h
src_mpi_chown_CPPFLAGS = $(src_cppflags) -I$(top_srcdir)/mpi
src_mpi_chown_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
src_mpi_chown_LDADD = mpi/libfts-mpi-core.la $(src_static_ldadd) \
  $(MPI_LIBS) $(PTHREAD_LIBS)
src_mpi_chgrp_SOURCES = src/mpi-chgrp.c src/mpi-front.c src/mpi-front.h \
  src/chgrp.c src/chown-core.c src/chown-core.h
src_mpi_chgrp_CPPFLAGS = $(src_cppflags) -I$(top_srcdir)/mpi
src_mpi_chgrp_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
src_mpi_chgrp_LDADD = mpi/libfts-mpi-core.la $(src_static_ldadd) \
  $(MPI_LIBS) $(PTHREAD_LIBS)
endif
