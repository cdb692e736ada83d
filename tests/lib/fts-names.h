/* fts-names.h: the names the test programs print for fts_info and errno
   values: the Check suites (tests/unit), fts-print (tests/lib) and the
   MPI walk's walk-print (tests/mpi).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef LIBFTS_TESTS_FTS_NAMES_H
#define LIBFTS_TESTS_FTS_NAMES_H 1

/* The name of fts_info value INFO without its "FTS_" ("D", "DP",
   "SLNONE"), or "UNKNOWN(INFO)" for a value fts never gives.  A static
   string, or the calling thread's buffer, valid until its next call
   (safe on the parallel walk's threads).  */
const char *info_name (int info);

/* The symbolic name of errno value ERR ("ENOENT"), or "E<ERR>" when the
   C library knows none; lives as info_name's does.  */
const char *errno_name (int err);

#endif /* LIBFTS_TESTS_FTS_NAMES_H */
