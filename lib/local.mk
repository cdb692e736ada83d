## lib/local.mk: libfts (LGPL-2.1-or-later).  Depends on libc alone: no
## gnulib here, not even its headers.

# Every object of the library, also linked statically into the unit suites
# so that they can reach the fts__ internals.
noinst_LTLIBRARIES += lib/libfts-core.la
lib_libfts_core_la_SOURCES = \
  lib/fts.h lib/fts-int.h \
  lib/fts.c lib/fts-entry.c lib/fts-info.c lib/fts-children.c \
  lib/fts-dir.c lib/fts-fd.c lib/fts-cycle.c \
  lib/fs-policy.c lib/fts-tune.c lib/fts-stat.c \
  lib/fts-walk-int.h lib/fts-walk.c lib/fts-walk-api.c lib/fts-walk-heap.c \
  lib/fts-walk-node.c lib/fts-walk-fd.c lib/fts-walk-emit.c \
  lib/fts-walk-budget.c lib/fts-walk-roots.c lib/fts-walk-threads.c \
  lib/fts-walk-read.c lib/fts-walk-hold.c \
  lib/fts-report-int.h lib/fts-report.c
lib_libfts_core_la_CPPFLAGS = -I$(top_builddir) -I$(top_srcdir)/lib
lib_libfts_core_la_CFLAGS = $(WARN_CFLAGS) $(SANITIZE_CFLAGS)
lib_libfts_core_la_LIBADD = $(PTHREAD_LIBS)

# The installed library exports the standard API, glibc's fts64_ names and
# the libfts_ extensions, unversioned: a symbol under a version node of our
# own would not interpose fts_open@GLIBC_2.2.5 under LD_PRELOAD.
lib_LTLIBRARIES += lib/libfts.la
lib_libfts_la_SOURCES =
nodist_EXTRA_lib_libfts_la_SOURCES = lib/dummy.c
lib_libfts_la_LIBADD = lib/libfts-core.la
lib_libfts_la_LDFLAGS = -version-info $(LIBFTS_LT_VERSION) \
  -export-symbols-regex '^(fts|fts64|libfts)_[a-z]' $(SANITIZE_CFLAGS)

libftsincludedir = $(includedir)/libfts
libftsinclude_HEADERS = lib/fts.h

pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = lib/libfts.pc
EXTRA_DIST += lib/libfts.pc.in
