/* walk-util.h: what the programs' walks share: opening and closing their
   libfts streams, the rules they all follow, the messages they all say.

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

#ifndef LIBFTS_WALK_UTIL_H
#define LIBFTS_WALK_UTIL_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#include "fts.h"
#include "idx.h"

/* The device and inode of a directory: "/", for --preserve-root.  */
struct dev_ino
{
  dev_t dev;
  ino_t ino;
};

/* Stat FILE into *ST, following symbolic links; if that fails, say so as
   GNU's programs do, and exit.  */
void stat_or_die (char const *file, struct stat *st);

/* The device and inode of "/" into *ROOT, for --preserve-root (exits as
   stat_or_die does).  Returns ROOT.  */
struct dev_ino const *get_root_dev_ino (struct dev_ino *root);

/* Whether ST (null: not known) is the directory ROOT (null: none).  */
bool is_dev_ino (struct dev_ino const *root, struct stat const *st);

/* One entry as a walk hands it over to a program: fts_read (the
   sequential walk: FTS and ENT set) or libfts's parallel walk (on a
   worker thread: E set).  Either hands it to the same decisions.  */
struct walk_file
{
  int dirfd;                    /* its parent's descriptor (AT_FDCWD) */
  char const *name;             /* its name there: bare, or a root's path */
  char const *path;             /* its path, for messages; null with E */
  FTS *fts;                     /* the sequential walk's stream, or null */
  FTSENT *ent;                  /* the sequential walk's entry, or null */
  struct libfts_walk_entry *e;  /* the parallel walk's entry, or null */
  long level;
  int info;                     /* FTS_* */
  int err;                      /* for FTS_NS, FTS_DNR, FTS_ERR */
  struct stat const *st;        /* null when not stat-ed */
  dev_t root_dev;               /* the device of its operand */
  bool flagged;                 /* post-order: marked by an entry below
                                   (fts_number, libfts_walk_flag_ancestors) */
  int next;                     /* the parallel walk: what the visit
                                   returns (LIBFTS_WALK_*) */
};

/* ENT, which fts_read just returned from FTS, as a walk_file.  */
struct walk_file walk_file_of (FTS *fts, FTSENT *ent);

/* E, the parallel walk's entry, as a walk_file.  */
struct walk_file walk_file_of_entry (struct libfts_walk_entry *e);

/* Do not descend into F, if it is a directory met in pre-order (FTS_D):
   fts_read then returns it once more, in post-order, and that visit is
   read here; the parallel walk is told so by the visit's return.  */
void walk_skip_dir (struct walk_file *f);

/* fts_open (FILES, OPTIONS, NULL), which does not fail but for want of
   memory (then exit, as xalloc_die does) or for invalid OPTIONS (a bug:
   abort).  */
FTS *open_walk (char *const *files, int options);

/* End the walk of FTS, whose fts_read returned null with errno READ_ERR
   (0 at the end of the walk): say "fts_read failed" unless QUIET (the
   caller may have said it already, and pass 0), then close FTS, saying
   "fts_close failed" if that fails.  Returns true if nothing failed.  */
bool finish_walk (FTS *fts, int read_err, bool quiet);

/* Say that a walk cannot go on, for ERR ("fts_read failed"), as GNU's
   programs say it.  */
void warn_walk_failed (int err);

/* ---- walks on other machines ---- */

/* How a program's walk_remote walks: its VISIT decides alone (nothing
   it met elsewhere in the walk changes its answers), so that
   directories may be visited on other machines; a directory's
   post-order visit comes after everything below it on every machine
   (rm's rmdir).  */
enum { WALK_REMOTE_SHARE = 1, WALK_REMOTE_POSTORDER = 2 };

/* Who walks a program's directory operands when not libfts's parallel
   walk on this machine: the ranks of an MPI job (src/mpi-*.c).  */
struct walk_remote
{
  /* Walk ROOT as libfts_walk_run would with libfts_walk_open's OPTIONS
     and HOW (WALK_REMOTE_*), calling VISIT (here or elsewhere) and
     REPORT (here, in the sequential walk's order) with ARG.  Returns as
     libfts_walk_run.  */
  int (*walk) (void *ctx, char *root, int options, int how,
               libfts_walk_visit_fn visit, libfts_walk_report_fn report,
               void *arg);
  /* As WALK, with the null-terminated ROOTS, which meet nothing of each
     other (operands_apart), one after another in one walk.  Returns as
     WALK, or 2, having walked nothing, when they cannot be one walk's
     (not in one directory).  Null when it cannot be done.  */
  int (*walk_roots) (void *ctx, char *const *roots, int options, int how,
                     libfts_walk_visit_fn visit,
                     libfts_walk_report_fn report, void *arg);
  /* On a machine that only walks what others hand it (null on the one
     that prints): visit with VISIT and ARG until told to stop.  Returns
     0, or -1 with errno.  */
  int (*serve) (void *ctx, libfts_walk_visit_fn visit, void *arg);
  /* From a VISIT of WALK or SERVE: E's path as the machine that prints
     names it (a machine walks a directory handed to it by another name),
     from malloc; null with errno (ENOMEM).  */
  char *(*path) (struct libfts_walk_entry const *e);
  void *ctx;
  bool output_forwarded;        /* standard output is not the user's but
                                   a forwarder's (mpirun gives rank 0 a
                                   terminal of its own, whatever the
                                   user's is): never taken for a
                                   terminal */
};

/* ---- what the programs say ---- */

/* The messages about what a walk met that several programs say alike, as
   GNU's programs say them: the first codes of the parallel walk's
   reports.  A program's own codes start at WM_OWN.  */
enum walk_message
{
  WM_CANNOT_ACCESS,             /* FTS_NS: ERR */
  WM_CANNOT_READ,               /* FTS_DNR: ERR */
  WM_TRAVERSAL,                 /* FTS_ERR: ERR */
  WM_CYCLE,                     /* FTS_DC */
  WM_DANGEROUS_ROOT,            /* '/' under --preserve-root */
  WM_OWN                        /* the first code of a program's own */
};

/* How a program speaks.  A program's walk begins with it, so that SPEAK
   gets the walk back as its V.  */
struct walk_voice
{
  /* Say the program's own message CODE (WM_OWN or more, or
     LIBFTS_WALK_FAILED) about FILE, with ERR and VALUE.  */
  void (*speak) (struct walk_voice const *v, char const *file, int code,
                 int err, intmax_t value);
};

/* Say message CODE about FILE, with ERR and VALUE: one of enum
   walk_message here, a program's own through V.  On the thread that
   prints, one message at a time.  */
void walk_speak (struct walk_voice const *v, char const *file, int code,
                 int err, intmax_t value);

/* Say message CODE (with ERR and VALUE) about F, as V speaks: at once on
   the sequential walk, as a report on the parallel one, which delivers
   it in the sequential walk's order.  Out of memory, the program cannot
   keep its promise of a message: it dies, as xalloc does.  */
void walk_say (struct walk_voice const *v, struct walk_file const *f,
               int code, int err, intmax_t value);

/* The parallel walk's REPORT where every report is a message: say what R
   says, as the sequential walk says it; VOICE is the walk's voice.  */
int walk_report_message (struct libfts_walk_report const *r, void *voice);

/* Say that FILE, an operand that is '/' or resolves to it, is not
   walked: "it is dangerous to operate recursively on '/'" (or "on 'FILE'
   (same as '/')"), GNU's words.  WM_DANGEROUS_ROOT adds GNU's second
   line, which names --no-preserve-root, for the programs that have it.  */
void warn_dangerous_root (char const *file);

/* Say that FILE, whose last component is "." or "..", is not removed
   (GNU rm's "refusing to remove '.' or '..' directory: skipping 'FILE'").  */
void warn_refuse_dot (char const *file);

/* Say "cannot remove FILE", for ERR.  */
void warn_cannot_remove (char const *file, int err);

/* Say that this machine cannot take part in a walk: walk_remote's serve
   failed with ERR (ENOMEM dies, as xalloc_die does).  */
void warn_serve_failed (int err);

/* Say "missing operand", or with AFTER (an operand given, not yet
   quoted) "missing operand after 'AFTER'", as GNU's programs say it
   before their usage.  */
void warn_missing_operand (char const *after);

/* Say that the attributes of FILE cannot be had, for ERR, and exit with
   EXIT_FAILURE (stat_or_die; chmod's --reference).  */
_Noreturn void die_no_attributes (char const *file, int err);

/* Say that -R --dereference needs -H or -L, and exit with EXIT_FAILURE
   (chmod, chown, chgrp).  */
_Noreturn void die_dereference_needs_traversal (void);

/* The -v line of chmod, chown and chgrp for a symbolic link they left
   alone, translated: a printf format with one %s, the link's name
   quoted.  */
char const *symlink_unchanged_format (void);

/* Say that a walk handed over FILE with fts_info INFO, which it never
   gives there (a bug), and abort.  */
_Noreturn void unexpected_entry (int info, char const *file);

/* The N names FILES as gnulib's fts shows them, and so GNU's programs:
   trailing slashes cut down to one when there are two or more and the
   name is longer than two bytes ("d//" is "d/", "//" stays, "///" is
   "/").  Returns a null-terminated array from malloc, holding the names
   of FILES but for those cut (new strings); free_operands frees it.  */
char **trim_operands (char *const *files, size_t n);

/* Free ROOTS, which trim_operands made from FILES.  */
void free_operands (char **roots, char *const *files);

/* Whether an entry at LEVEL that could not be stat-ed, read or changed
   for ERR vanished since its directory was read: ERR is ENOENT and the
   entry is below the operands.  GNU chgrp, chmod, chown and du after 9.11
   say nothing of it (coreutils commit 30866b30e, in no release yet).  */
bool entry_vanished (int err, long level);

/* Whether a walk of FILES may meet a cycle that a mount makes, as a
   directory bind-mounted below itself does: whether, for one of them,
   one file system is mounted twice among the mount that holds it and the
   mounts below it (/proc/self/mountinfo; true if it cannot be read).
   False without reading the mounts where no operand is a directory with
   subdirectories (st_nlink, on the file systems that count them): a
   mount below it would be in one.  Without such a mount, a path can never come back to a directory on a
   sound file system.  rm, chmod and chown then walk with fts_read, whose
   FTS_LAZY_CYCLE_CHECK finds cycles exactly where GNU's programs do; the
   parallel walk finds each one at its first repeat.  */
bool mounts_may_cycle (char *const *files);

/* ---- the operands, walked together ---- */

struct argv_iterator;
struct di_set;
struct mount;

/* A program's operands as one parallel walk takes them (walk_operands):
   the threads walk many at once, yet every report comes in the
   sequential walk's order, operand by operand.  An operand that may meet
   what one before it met (the same file, one below another or above it,
   a symbolic link followed, a name that cannot be resolved) is walked
   only once those before it are finished and reported, as a sequential
   walk would meet it.  Set FILES or NAMES (and NAMES_FROM) and ALONE;
   the rest is walk_operands'.  */
struct operands
{
  char *const *files;           /* null-terminated, or null: */
  struct argv_iterator *names;  /* --files0-from's names, read as the walk
                                   goes (a pipe that never ends is walked
                                   as it comes) */
  FILE *names_from;             /* the stream NAMES reads */
  /* Whether NAME is one the program says something of in its turn,
     which depends on the operands before it (du's "F:N: invalid
     zero-length file name"): then it and the one after it are walked
     alone.  May be null.  */
  bool (*alone) (char const *name, void *arg);
  void *alone_arg;

  /* walk_operands' own */
  size_t given;                 /* operands taken so far */
  bool next_alone;
  bool follow;                  /* symbolic links given are followed
                                   (LIBFTS_WALK_COMFOLLOW) */
  bool read_failed;             /* NAMES could not be read to the end */
  int read_errno;
  struct di_set *ids;           /* the operands since the last alone */
  struct di_set *above;         /* the directories that hold them, up to
                                   "/" */
  size_t n_ids;
  char *chain_dir;              /* the directory CHAIN is of */
  struct dev_ino *chain;        /* it and its ancestors, up to "/" */
  size_t chain_len;
  idx_t chain_cap;
  struct mount *mounts;         /* /proc/self/mountinfo, once needed */
  ptrdiff_t n_mounts;           /* -1: not read yet */
  bool any_twice;               /* some file system is mounted twice */
  char *real_dir;               /* the directory of the operands last */
  char *real_dir_real;          /* looked at, and its canonical name */
  struct stat *ahead_st;        /* the stats, not following them, of */
  bool *ahead_ok;               /* the AHEAD_N operands from */
  size_t ahead_first, ahead_n;  /* FILES[AHEAD_FIRST] on, taken ahead;
                                   AHEAD_OK: stat-ed */
};

/* Walk OPS's operands with libfts's parallel walk (libfts_walk_open_next)
   with OPTIONS, VISIT, REPORT and ARG; returns as libfts_walk_run.  Dies
   as xalloc_die when memory runs out for the walk itself.  NAMES that
   could not be read to the end leave OPS->read_failed set, with
   read_errno, for the program to say once the walk is done (GNU's
   place).  */
int walk_operands (struct operands *ops, int options,
                   libfts_walk_visit_fn visit, libfts_walk_report_fn report,
                   void *arg);

/* Whether no operand of FILES (null-terminated, as given) may meet what
   one before it meets, as walk_operands decides it: each is known by
   its identity (it can be stat-ed; not a symbolic link, when FOLLOW
   follows those given; on no file system mounted twice), none is
   another, and none is below another.  Then what a walk remembers of
   one operand matters to no other, and several machines may walk them,
   each remembering its own.  */
bool operands_apart (char *const *files, bool follow);

/* OPS's next operand, as it was given, into *NAME (OPS's, valid until
   the next call), for a walk that takes them one at a time.  Returns
   false after the last (NAMES that cannot be read to the end: with
   OPS->read_failed set).  */
bool next_operand_name (struct operands *ops, char **name);

/* Walk ROOTS (null-terminated, trimmed) with REMOTE as its walk would
   each, with OPTIONS, HOW, VISIT, REPORT and ARG: in one walk when
   several are APART (operands_apart; REMOTE->walk_roots), so that small
   ones do not each pay a walk's start and end; else one after another.
   Returns -1 (errno: the last failure's) if some walk returned -1, else
   1 if some REPORT stopped one, else 0.  Dies as xalloc_die when memory
   runs out.  */
int walk_remote_roots (struct walk_remote const *remote, char *const *roots,
                       bool apart, int options, int how,
                       libfts_walk_visit_fn visit,
                       libfts_walk_report_fn report, void *arg);

/* Whether the programs walk with libfts's parallel walk: more than one
   thread (LIBFTS_THREADS, else the processors), or REMOTE (an MPI job's
   ranks).  Asks the processors once.  */
bool walk_threads (struct walk_remote const *remote);

#endif /* LIBFTS_WALK_UTIL_H */
