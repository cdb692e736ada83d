/* change-walk.h: the walk of chmod, chown and chgrp, and what it says.

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

/* chmod, chown and chgrp walk alike: one libfts walk over every operand,
   descriptor-relative; with -R, libfts's parallel walk (directories read
   by several threads, each file changed on the thread that reaches it,
   messages delivered in the sequential walk's order); without -R, with
   -L (which the physical parallel walk cannot do) or with
   LIBFTS_THREADS=1, fts_read with FTS_DIRFD.  Either walk hands each
   file to the program as a struct walk_file.  What a program says goes
   through cw_say: at once on the sequential walk, as a report on the
   parallel one.  The messages about what the walk met are those all the
   programs share (enum walk_message); a program says its own through the
   walk's voice.  */

#ifndef LIBFTS_CHANGE_WALK_H
#define LIBFTS_CHANGE_WALK_H 1

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

#include "fts.h"
#include "walk-util.h"

/* A file with more than one name, on the parallel walk with -v or -c.
   Threads change its names in any order, and each thread sees the
   attribute (mode, or owner and group) as the threads before it left it;
   the sequential walk changes the first name met first.  So the lines
   are decided on the thread that prints, in the sequential order, from
   the attribute before any change: the first name says what changed,
   the later ones what they find.  */
struct cw_link
{
  struct dev_ino id;
  nlink_t names_left;           /* its names not yet said (none left
                                   when an operand names one again) */
  size_t pending;               /* visits that noted it, not yet said */
  uintmax_t before;             /* its attribute before any change */
  uintmax_t now;                /* as the names said so far left it */
  bool said;                    /* a name was said: NOW is set */
};

/* One walk in progress.  A program's own walk structure begins with it,
   and the program's callbacks get it back.  The messages about what the
   walk met are those of enum walk_message; a program's own codes start
   at WM_OWN, said through VOICE.  */
struct change_walk
{
  struct walk_voice voice;      /* first: the program's speak */
  bool (*silenced) (int code);  /* whether -f silences the program's
                                   message CODE (WM_OWN or more) */
  int fts_flags;                /* FTS_PHYSICAL, FTS_COMFOLLOW, FTS_LOGICAL */
  bool recurse;                 /* -R */
  bool force_silent;            /* -f */
  struct dev_ino const *root;   /* refuse to walk "/" (null: do not) */
  FTS *fts;                     /* the sequential walk's, or null */
  struct walk_remote const *remote;  /* -R's directory operands walked on
                                   other machines too (mpi-chmod); null:
                                   here */
  atomic_bool failed;           /* the parallel walk's: something failed */

  /* With -v or -c on the parallel walk: say the line about a file with
     more than one name, on the thread that prints (see struct cw_link);
     CODE, ERR and VALUE are what cw_say_link was given.  Null: no
     line is said so.  */
  void (*say_link) (struct change_walk const *cw, char const *file,
                    int code, int err, intmax_t value, struct cw_link *link);
  struct cw_links *links;       /* the files with more than one name, on
                                   the parallel walk with SAY_LINK */
};

/* Say CODE (with ERR and VALUE) about F, unless -f silences it: at once
   on the sequential walk, as a report on the parallel one.  Out of
   memory, the program cannot keep its promise of a message: it dies, as
   xalloc does.  */
void cw_say (struct change_walk const *cw, struct walk_file const *f,
             int code, int err, intmax_t value);

/* Whether the line about F is to be said through CW's say_link: on the
   parallel walk, a file with more than one name, not a directory, when
   CW says lines so.  */
bool cw_is_link (struct change_walk const *cw, struct walk_file const *f);

/* Before changing F, for which cw_is_link holds: note BEFORE, its
   attribute as F's status gives it, unless another of its names was
   noted first (then that name's status is the older, or the same).
   Each call is to be followed by one cw_say_link: the record stays
   until every name noted has been said (a visit that says nothing, F
   having vanished, keeps it to the end of the walk).
   Out of memory: the program dies, as xalloc does.  */
void cw_note_link (struct change_walk const *cw, struct walk_file const *f,
                   uintmax_t before);

/* Say CODE (with ERR and VALUE) about F, for which cw_is_link holds and
   which cw_note_link noted: CW's say_link says it in the sequential
   walk's order.  */
void cw_say_link (struct change_walk const *cw, struct walk_file const *f,
                  int code, int err, intmax_t value);

/* Whether F failed with ERR because it vanished during a recursive walk
   (entry_vanished): GNU after 9.11 says nothing then.  */
bool cw_vanished (struct change_walk const *cw, struct walk_file const *f,
                  int err);

/* Whether the walk stat-ed F following a final symlink: -L, or an
   operand under -H.  */
bool cw_stat_followed (struct change_walk const *cw, struct walk_file const *f);

/* Make F, which the walk stat-ed following a final symlink
   (cw_stat_followed) and found FTS_SLNONE, what GNU's programs find:
   libfts, as glibc's fts, gives FTS_SLNONE whatever kept the link's
   target from being stat-ed; gnulib's fts only when it does not exist
   (ENOENT), and FTS_NS with the error otherwise (EACCES, ELOOP,
   ENOTDIR), which the programs say as "cannot access".  One more stat,
   for such links only.  */
void cw_settle_dangling (struct change_walk const *cw, struct walk_file *f);

/* Whether ST, the status of F (null: not known), is "/" under
   --preserve-root: then refused, and said so.  */
bool cw_refuse_root (struct change_walk const *cw, struct walk_file const *f,
                     struct stat const *st);

/* What the walk met at a file.  */
enum cw_state
{
  CW_FINE,                      /* nothing wrong */
  CW_FAILED,                    /* diagnosed (unless -f): a failure */
  CW_VANISHED                   /* gone during -R: to be ignored */
};

/* Diagnose what the walk could not do for F: FTS_NS, FTS_ERR, FTS_DNR,
   and FTS_DC where a cycle is an error (symlinks are not followed
   there: a corrupted file system, or a bind mount).  */
enum cw_state cw_diagnose (struct change_walk const *cw,
                           struct walk_file const *f);

/* ---- the sequential walk ---- */

/* Whether ENT is an operand whose stat failed, to be stat-ed once more
   (FTS_AGAIN) rather than visited: changing an earlier operand may have
   made it reachable, and fts_open stat-ed it before that.  Once only.  */
bool cw_retry_operand (struct change_walk *cw, FTSENT *ent);

/* Walk FILES with fts_read (FTS_OPTIONS, FTS_DIRFD, and
   FTS_LAZY_CYCLE_CHECK: cycles found where GNU's programs find them),
   handing each entry to VISIT, which returns false on failure.  Returns true if all
   went well.  */
bool cw_walk_sequential (struct change_walk *cw, char *const *files,
                         int fts_options,
                         bool (*visit) (struct change_walk *cw, FTSENT *ent));

/* ---- the parallel walk ---- */

/* Whether CW walks FILES in parallel: with -R and more than one thread
   to run; not with -L: the parallel walk is physical (it follows no
   symlink below the operands; -H, following the operands, it does); nor
   where a mount may make a cycle (mounts_may_cycle): GNU's programs find
   one where fts_read's lazy check does, not at its first repeat.  */
bool cw_parallel (struct change_walk const *cw, char *const *files);

/* Note that something failed, on whichever thread.  */
void cw_fail (struct change_walk *cw);

/* Walk FILES with libfts's parallel walk, handing each entry to VISIT
   with CW as its argument.  The walk is ordered (the messages come in
   the sequential walk's order), shares the files of a large directory
   among the threads (LIBFTS_WALK_SPLIT: a file's visit keeps nothing in
   its directory's slot), follows the operands under -H, and takes
   WALK_OPTIONS besides (LIBFTS_WALK_STAT).  Returns true if all went
   well.  */
bool cw_walk_parallel (struct change_walk *cw, char *const *files,
                       int walk_options, libfts_walk_visit_fn visit);

/* On a machine that only walks what CW->remote's serve hands it: visit
   that with VISIT, as the parallel walk does, until told to stop.
   Returns true if all went well.  */
bool cw_serve (struct change_walk *cw, libfts_walk_visit_fn visit);

#endif /* LIBFTS_CHANGE_WALK_H */
