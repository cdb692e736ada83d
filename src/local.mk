## src/local.mk: the programs (GPL-3.0-or-later), built on libfts and gnulib.

src_cppflags = -I$(top_builddir) -I$(top_srcdir)/lib \
  -I$(top_builddir)/gl/lib -I$(top_srcdir)/gl/lib
src_ldadd = lib/libfts.la gl/lib/libgnu.a $(LIBINTL) $(LIB_MBRTOWC) \
  $(LIBC32CONV) $(LIBUNISTRING) $(LIBICONV)

bin_PROGRAMS += src/libfts-walk
src_libfts_walk_SOURCES = src/libfts-walk.c
src_libfts_walk_CPPFLAGS = $(src_cppflags)
src_libfts_walk_LDADD = $(src_ldadd)
