/* fts-report-int.h: process-wide totals of libfts's counters, reported at
   exit to $LIBFTS_STATS_FILE (fts-report.c).  Not installed.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef LIBFTS_FTS_REPORT_INT_H
#define LIBFTS_FTS_REPORT_INT_H 1

#include "fts-int.h"

/* Add the counters of stream S, which is being closed, to the process's
   totals.  Thread-safe; never fails; leaves errno alone.  */
void fts__report_stream (const struct fts__stream *s);

/* Record that the file system of one device was looked up, and found to
   follow policy ROW.  Thread-safe; never fails; leaves errno alone.  */
void fts__report_fs (const struct fts__fs_row *row);

/* Write the totals as text to BUF of SIZE bytes, NUL-terminated and cut
   short if need be.  Returns the length the whole report needs (as
   snprintf does), or 0 when there is nothing to report: no stream was
   closed and no file system looked up by this process.  */
size_t fts__report_format (char *buf, size_t size);

/* Append the report to the file PATH (created, mode 0666 less the umask,
   if it does not exist) with one write, so that reports of processes
   sharing the file do not interleave.  Returns 0, or -1 with errno set;
   writes nothing and returns 0 when there is nothing to report.  */
int fts__report_write (const char *path);

#endif /* LIBFTS_FTS_REPORT_INT_H */
