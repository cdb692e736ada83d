/* at-queue.h: per-file system calls run by worker threads, their
   failures reported in the order the calls were queued.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   This program is free software: you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation, either version 3 of the License, or
   (at your option) any later version.

   This program is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

#ifndef LIBFTS_AT_QUEUE_H
#define LIBFTS_AT_QUEUE_H 1

#include <stdbool.h>

#include "fts.h"

/* An operation on the file NAME in the directory open as DIRFD, with the
   VALUE it was queued with (a mode, say) and the queue's ARG: returns 0,
   or the errno value of its failure.  Runs in a worker thread: it may not
   print, nor touch the fts stream.  */
typedef int (*at_queue_op) (int dirfd, char const *name, unsigned int value,
                            void *arg);

/* What the walking thread is told of a failed operation: the file's
   path (as fts_path named it) and the errno value, with the queue's ARG.
   Called in the order the operations were queued.  Returns whether the
   failure counts as one (false: say, a file that vanished meanwhile).  */
typedef bool (*at_queue_report) (char const *path, int err, void *arg);

struct at_queue;

/* A queue that runs OP in worker threads and reports its failures with
   REPORT, both given ARG; or null when workers would not pay (one
   processor, or few descriptors to spare): do the work synchronously
   then.  Threads are started when the first operation is queued.  */
struct at_queue *at_queue_create (at_queue_op op, at_queue_report report,
                                  void *arg);

/* Queue OP on ENT, which fts_read has just returned at a level below the
   operands: its bare name relative to DIRFD, the descriptor of its
   parent directory (which the queue duplicates: libfts may close DIRFD
   before OP runs), with VALUE.  With AFTER_ALL, OP waits until every
   operation queued before it has finished (a directory after its
   contents).  Returns
   false, having queued nothing, when it cannot (no descriptor to spare,
   threads failed to start, a path over 4096 bytes): finish the queue
   with at_queue_drain, then do the work synchronously.  */
bool at_queue_add (struct at_queue *q, int dirfd, FTSENT const *ent,
                   unsigned int value, bool after_all);

/* Wait until every queued operation has finished, and report each
   failure in order.  Call it before printing anything else, or doing
   anything whose order matters.  */
void at_queue_drain (struct at_queue *q);

/* Drain Q, stop its threads and free it.  Returns false if the report
   function said of any failure that it counts; true otherwise, and when
   Q is null.  */
bool at_queue_free (struct at_queue *q);

#endif /* LIBFTS_AT_QUEUE_H */
