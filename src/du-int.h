/* du-int.h: what the files of du's core share (du-core.c, du-sum.c,
   du-sets.c, du-walk.c, du-walk-seq.c, du-walk-par.c): the walk in
   progress, the records and reports of the parallel walk, and the calls
   each file makes of another.  Not for du.c: du-core.h is its header.

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

#ifndef LIBFTS_DU_INT_H
#define LIBFTS_DU_INT_H 1

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "fts.h"
#include "walk-util.h"

#include "di-set.h"

#include "du-core.h"

/* The sums of one depth while the walk is below it: ENT, the entries
   met at this depth; SUBDIR, everything below them.  */
struct du_level
{
  struct du_sum ent;
  struct du_sum subdir;
};

/* One walk in progress.  */
struct du_walk
{
  struct walk_voice voice;      /* first: speak gets the walk back */
  FTS *fts;
  struct du_options const *x;
  struct di_set *seen;          /* (dev, ino) already counted */
  struct di_set *uncounted;     /* with several operands, what a later
                                   operand may name, met but not counted
                                   all through: files with one link left
                                   out, directories not read to the end */
  bool dirs_seen;               /* SEEN holds a directory */
  atomic_bool files_seen;       /* SEEN holds a file with one link: set
                                   under the lock, read without it (an
                                   operand's visit may set it while other
                                   operands' visits ask) */
  struct di_set *mounts;        /* mount points, read when a cycle is met */
  struct du_level *lvl;         /* accumulators, by depth */
  size_t n_lvl;
  size_t prev_level;            /* depth of the entry counted last */
  atomic_size_t n_roots;        /* operands met so far, this one included,
                                   in every stream */
  struct du_sum *total;
  pthread_mutex_t lock;         /* the parallel walk: SEEN, UNCOUNTED,
                                   MOUNTS and the flags beside them, which
                                   visits and reports use from any thread */
  bool parallel;                /* on the parallel walk now */
  enum du_status pstatus;       /* the parallel walk's outcome, which
                                   visits and reports make worse */
};

/* What a report of the parallel walk is about: a count, with data (a
   struct du_rdata, or a struct du_sum), or a message, which the
   sequential walk says at once: one of enum walk_message (cannot access,
   cannot read, traversal, cycle), or du's own.  */
enum du_code
{
  DU_R_FILE = WM_OWN,           /* a file with one link (or -l) with a
                                   line of its own: its sum */
  DU_R_LINK,                    /* a file with several links, counted in
                                   its turn if met first */
  DU_R_DIR,                     /* a directory left (FTS_DP, FTS_ERR) or
                                   not read (FTS_DNR) */
  M_DASH_FROM_STDIN,            /* "-" among names read from stdin */
  M_EMPTY_NAME                  /* a zero-length operand */
};

/* What a directory's visits keep between its pre-order and its
   post-order visit, on the parallel walk.  */
struct du_dir
{
  struct du_dir const *parent;  /* null for an operand */
  dev_t dev;
  ino_t ino;
  struct du_sum own;            /* the directory itself */
  struct du_sum files;          /* its files counted only here */
};

/* A report's data: the sums and identity of its entry.  */
struct du_rdata
{
  struct du_sum own;
  struct du_sum files;          /* DU_R_DIR: its files counted only there */
  dev_t dev;
  ino_t ino;
  nlink_t nlink;
  mode_t mode;
};

/* ---- sums and lines (du-sum.c) ----------------------------------------- */

extern bool du_output_held;
void du_sum_add (struct du_sum *a, struct du_sum const *b);
void du_flush_or_die (void);
void du_entry_sum (struct du_options const *x, struct stat const *st,
                   struct du_sum *s);
void du_change_level (struct du_walk *w, size_t level, struct du_sum *shown);
void du_count_at (struct du_walk *w, size_t level, char const *path,
                  struct du_sum const *own, bool is_dir);

/* ---- what was met (du-sets.c) ------------------------------------------ */

void du_remember_uncounted (struct du_walk *w, struct stat const *st);
bool du_seen_before (struct du_walk *w, size_t level, char const *path,
                     struct stat const *st);
bool du_mount_point_in_cycle (struct du_walk *w, struct walk_file const *f);

/* ---- each entry, and what du says (du-core.c) -------------------------- */

void du_speak (struct walk_voice const *v, char const *file, int code,
               int err, intmax_t value);
struct stat du_rdata_stat (struct du_rdata const *d);
enum du_status du_count_dir (struct du_walk *w, char const *path,
                             size_t level, int info, int err,
                             struct du_rdata const *d);
enum du_status du_visit (struct du_walk *w, struct walk_file *f);

/* ---- the walks (du-walk-seq.c, du-walk-par.c) -------------------------- */

enum du_status du_walk_sequential (struct du_walk *w, struct operands *ops);
enum du_status du_walk_parallel (struct du_walk *w, struct operands *ops);
int du_visit_entry (struct libfts_walk_entry *e, void *arg);

#endif /* LIBFTS_DU_INT_H */
