/* fts-names.c: the names the test programs print for fts_info and errno
   values (see fts-names.h).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE 1
#endif

#include "fts-names.h"

#include <stdio.h>
#include <string.h>

/* libfts's fts.h where the program's build puts lib/ on the include
   path (-I lib: the Check suites, fts-print-ours, walk-print), else
   glibc's (fts-print-glibc): the FTS_* values are the same (libfts is
   ABI-compatible with glibc's fts), and each program names the values
   of the fts it was built against.  */
#include "fts.h"

const char *
info_name (int info)
{
  static const char *const names[] = {
    [FTS_D] = "D", [FTS_DC] = "DC", [FTS_DEFAULT] = "DEFAULT",
    [FTS_DNR] = "DNR", [FTS_DOT] = "DOT", [FTS_DP] = "DP",
    [FTS_ERR] = "ERR", [FTS_F] = "F", [FTS_INIT] = "INIT", [FTS_NS] = "NS",
    [FTS_NSOK] = "NSOK", [FTS_SL] = "SL", [FTS_SLNONE] = "SLNONE",
    [FTS_W] = "W",
  };
  static _Thread_local char buf[32];

  if (info >= 0 && info < (int) (sizeof names / sizeof names[0])
      && names[info])
    return names[info];
  snprintf (buf, sizeof buf, "UNKNOWN(%d)", info);
  return buf;
}

const char *
errno_name (int err)
{
  static _Thread_local char buf[32];
  const char *name = NULL;

#if defined __GLIBC__ && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
  name = strerrorname_np (err);
#endif
  if (name)
    return name;
  snprintf (buf, sizeof buf, "E%d", err);
  return buf;
}
