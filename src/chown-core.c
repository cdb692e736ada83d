/* chown-core.c: the ownership-changing core of chown and chgrp, on libfts.

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

/* One libfts stream walks every operand, descriptor-relative (FTS_DIRFD):
   each file is changed with fchownat on its parent's descriptor and its
   bare name.  A file that was not seen to be a symbolic link is changed
   with AT_SYMLINK_NOFOLLOW, so that a directory swapped for a symlink
   while chown runs makes it change the link, never what the link points
   to: libfts opens each directory with O_NOFOLLOW relative to its verified
   parent, so nothing outside the operands is reached.  A symlink is
   followed only where the options say so (--dereference, -H, -L).

   Nothing is stat-ed unless something needs it (FTS_NOSTAT): --from, -v,
   -c and --dereference do; a plain chown -R costs one fchownat per file.
   Directories are changed in post-order (FTS_DP), as GNU chown does.

   A plain chown -R hands its fchownat calls to worker threads
   (at-queue.c), which run them in parallel on duplicates of the parent
   directories' descriptors; failures are still reported in walk order,
   and a directory is changed only once its contents have been.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fts.h"
#include "walk-util.h"

#include "error.h"
#include "gettext.h"
#include "idcache.h"
#include "inttostr.h"
#include "quote.h"
#include "userspec.h"
#include "version-etc.h"
#include "xalloc.h"

#include "at-queue.h"
#include "chown-core.h"

#define _(msgid) gettext (msgid)

/* What happened to one file, for -v and -c.  */
enum change_status
{
  CH_NOT_APPLIED = 1,           /* a symlink that cannot be changed */
  CH_SUCCEEDED,
  CH_FAILED,
  CH_NO_CHANGE_REQUESTED        /* already so, or excluded by --from */
};

/* One walk in progress.  */
struct walk
{
  FTS *fts;
  struct chown_ids const *ids;
  struct chown_options const *x;
  struct at_queue *queue;       /* changes for worker threads, or null */
};

/* What was done to one file.  */
struct outcome
{
  struct stat const *st;        /* its status before (null: unknown) */
  bool ok;                      /* no failure */
  bool do_chown;                /* fchownat was called */
  bool symlink_changed;         /* false: the system cannot change it */
};

char *
uid_to_name (uid_t uid)
{
  char buf[INT_BUFSIZE_BOUND (uintmax_t)];
  char const *name = getuser (uid);

  return xstrdup (name ? name : umaxtostr (uid, buf));
}

char *
gid_to_name (gid_t gid)
{
  char buf[INT_BUFSIZE_BOUND (uintmax_t)];
  char const *name = getgroup (gid);

  return xstrdup (name ? name : umaxtostr (gid, buf));
}

/* "USER:GROUP", "USER" or "GROUP" as USER and GROUP are given, or null
   when neither is: a new string.  */
static char *
user_group_str (char const *user, char const *group)
{
  char *spec;

  if (user && group)
    {
      spec = xmalloc (strlen (user) + 1 + strlen (group) + 1);
      sprintf (spec, "%s:%s", user, group);
      return spec;
    }
  if (user)
    return xstrdup (user);
  if (group)
    return xstrdup (group);
  return NULL;
}

/* The format of a -v line for STATUS, for a change of owner (USER) or of
   group only, and whether the old owner is known (HAVE_OLD).  */
static char const *
change_format (enum change_status status, char const *user,
               char const *group, bool have_old)
{
  switch (status)
    {
    case CH_SUCCEEDED:
      return (user ? _("changed ownership of %s from %s to %s\n")
              : group ? _("changed group of %s from %s to %s\n")
              : _("no change to ownership of %s\n"));
    case CH_FAILED:
      if (have_old)
        return (user ? _("failed to change ownership of %s from %s to %s\n")
                : group ? _("failed to change group of %s from %s to %s\n")
                : _("failed to change ownership of %s\n"));
      return (user ? _("failed to change ownership of %s to %s\n")
              : group ? _("failed to change group of %s to %s\n")
              : _("failed to change ownership of %s\n"));
    case CH_NO_CHANGE_REQUESTED:
      return (user ? _("ownership of %s retained as %s\n")
              : group ? _("group of %s retained as %s\n")
              : _("ownership of %s retained\n"));
    case CH_NOT_APPLIED:
      return _("neither symbolic link %s nor referent has been changed\n");
    }
  abort ();
}

/* Print the -v line for FILE: STATUS, from what ST says (null: unknown)
   to the new owner USER and group GROUP (null: unchanged).  The old names
   are those of the parts that change.  */
static void
describe_change (char const *file, enum change_status status,
                 struct stat const *st, char const *user, char const *group)
{
  char *old_user = st && user ? uid_to_name (st->st_uid) : NULL;
  char *old_group = st && group ? gid_to_name (st->st_gid) : NULL;
  char *old_spec = user_group_str (old_user, old_group);
  char *spec = user_group_str (user, group);
  char const *fmt = change_format (status, user, group, old_spec != NULL);

  if (old_spec || status != CH_FAILED)
    printf (fmt, quoteaf (file), old_spec, spec);
  else
    printf (fmt, quoteaf (file), spec);
  free (old_user);
  free (old_group);
  free (old_spec);
  free (spec);
}

/* The new owner and group of W as the messages name them: the names
   given, else the numbers.  Stored in the caller's buffers.  */
static void
new_names (struct walk const *w, char const **user, char const **group,
           char *ubuf, char *gbuf)
{
  *user = w->x->user_name;
  if (!*user && w->ids->uid != (uid_t) -1)
    *user = umaxtostr (w->ids->uid, ubuf);
  *group = w->x->group_name;
  if (!*group && w->ids->gid != (gid_t) -1)
    *group = umaxtostr (w->ids->gid, gbuf);
}

/* Say what happened to ENT, with -v or (if it changed) -c.  */
static void
report (struct walk const *w, FTSENT const *ent, struct outcome const *o)
{
  struct chown_ids const *ids = w->ids;
  char ubuf[INT_BUFSIZE_BOUND (uintmax_t)];
  char gbuf[INT_BUFSIZE_BOUND (uintmax_t)];
  char const *user, *group;
  bool changed;
  enum change_status status;

  if (w->x->verbosity == CV_OFF)
    return;
  changed = (o->do_chown && o->ok && o->symlink_changed && o->st
             && !((ids->uid == (uid_t) -1 || ids->uid == o->st->st_uid)
                  && (ids->gid == (gid_t) -1 || ids->gid == o->st->st_gid)));
  if (!changed && w->x->verbosity != CV_HIGH)
    return;
  status = (!o->ok ? CH_FAILED
            : !o->symlink_changed ? CH_NOT_APPLIED
            : !changed ? CH_NO_CHANGE_REQUESTED
            : CH_SUCCEEDED);
  new_names (w, &user, &group, ubuf, gbuf);
  describe_change (ent->fts_path, status, o->st, user, group);
}

/* Whether a file failed with ERR because it vanished during a recursive
   walk (ERR is ENOENT, and the file is BELOW_OPERANDS): newer GNU says
   nothing then.  */
static bool
vanished (struct walk const *w, bool below_operands, int err)
{
  return err == ENOENT && w->x->recurse && below_operands;
}

/* Whether libfts stat-ed ENT following a final symlink: -L, or an operand
   under -H (and by default without -R).  */
static bool
stat_followed (struct walk const *w, FTSENT const *ent)
{
  int flags = w->x->fts_flags;

  return (flags & FTS_LOGICAL)
         || (ent->fts_level == FTS_ROOTLEVEL && (flags & FTS_COMFOLLOW));
}

/* Whether ST is the root directory and --preserve-root is in effect.  */
static bool
is_root (struct walk const *w, struct stat const *st)
{
  struct chown_root const *root = w->x->root;

  return root && st && st->st_dev == root->dev && st->st_ino == root->ino;
}

/* Refuse FILE, which is '/' or resolves to it, under --preserve-root.  */
static void
warn_root (char const *file)
{
  if (strcmp (file, "/") == 0)
    error (0, 0, _("it is dangerous to operate recursively on %s"),
           quoteaf (file));
  else
    error (0, 0, _("it is dangerous to operate recursively on %s (same as %s)"),
           quoteaf_n (0, file), quoteaf_n (1, "/"));
  error (0, 0, _("use --no-preserve-root to override this failsafe"));
}

/* Whether ST's owner and group are those --from requires.  */
static bool
matches_from (struct chown_ids const *ids, struct stat const *st)
{
  return ((ids->required_uid == (uid_t) -1 || ids->required_uid == st->st_uid)
          && (ids->required_gid == (gid_t) -1
              || ids->required_gid == st->st_gid));
}

/* Find out the status of ENT (which libfts stat-ed) that the change is
   about, into O->st: with --dereference, a symlink's target, stat-ed into
   *TARGET.  Clears O->ok, diagnosed, when the target cannot be stat-ed;
   returns false when it vanished, which is no error.  */
static bool
find_status (struct walk const *w, FTSENT *ent, struct outcome *o,
             struct stat *target)
{
  o->st = ent->fts_statp;
  if (!w->x->affect_symlink_referent || !S_ISLNK (o->st->st_mode)
      || fstatat (libfts_dirfd (w->fts), ent->fts_accpath, target, 0) == 0)
    {
      if (w->x->affect_symlink_referent && S_ISLNK (o->st->st_mode))
        o->st = target;
      return true;
    }
  if (vanished (w, FTS_ROOTLEVEL < ent->fts_level, errno))
    return false;
  if (!w->x->force_silent)
    error (0, errno, _("cannot dereference %s"), quoteaf (ent->fts_path));
  o->ok = false;
  return true;
}

/* What a failed fchownat means.  */
enum chown_failure
{
  CF_NOT_APPLIED,               /* a symlink the system cannot change */
  CF_VANISHED,                  /* gone during -R: no error */
  CF_FAILED                     /* diagnosed, unless -f */
};

/* Classify ERR, the failure of fchownat on FILE (following a symlink if
   FOLLOW; BELOW_OPERANDS if -R found it), and diagnose it.  */
static enum chown_failure
fchownat_failed (struct walk const *w, char const *file, bool follow,
                 bool below_operands, int err)
{
  if (!follow && err == EOPNOTSUPP)
    return CF_NOT_APPLIED;
  if (vanished (w, below_operands, err))
    return CF_VANISHED;
  if (!w->x->force_silent)
    error (0, err, (w->ids->uid != (uid_t) -1 ? _("changing ownership of %s")
                    : _("changing group of %s")), quoteaf (file));
  return CF_FAILED;
}

/* Change ENT's owner and group with fchownat on its bare name, following
   a symlink only where the options say so, into O.  Returns false when
   ENT vanished meanwhile, which is no error.  */
static bool
do_fchownat (struct walk const *w, FTSENT const *ent, struct outcome *o)
{
  struct chown_ids const *ids = w->ids;
  bool follow = (w->x->affect_symlink_referent
                 && (stat_followed (w, ent)
                     || S_ISLNK (ent->fts_statp->st_mode)));

  if (fchownat (libfts_dirfd (w->fts), ent->fts_accpath, ids->uid, ids->gid,
                follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0)
    return true;
  switch (fchownat_failed (w, ent->fts_path, follow,
                           FTS_ROOTLEVEL < ent->fts_level, errno))
    {
    case CF_NOT_APPLIED:
      o->symlink_changed = false;
      return true;
    case CF_VANISHED:
      return false;
    case CF_FAILED:
      o->ok = false;
      return true;
    }
  abort ();
}

/* ---- the changes of a plain chown -R, run by worker threads --------- */

/* The queue's operation: fchownat on NAME in DIRFD, never following a
   symlink.  Returns 0 or the errno value.  */
static int
queued_fchownat (int dirfd, char const *name, unsigned int value, void *arg)
{
  struct walk const *w = arg;

  return (fchownat (dirfd, name, w->ids->uid, w->ids->gid,
                    AT_SYMLINK_NOFOLLOW) == 0 ? 0 : errno);
}

/* The queue's report of ERR, the failure of a queued fchownat on PATH
   (below the operands): what do_fchownat would have said.  Returns
   whether it counts as a failure.  */
static bool
queued_failure (char const *path, int err, void *arg)
{
  return fchownat_failed (arg, path, false, true, err) == CF_FAILED;
}

/* Whether ENT's change can go to the worker threads, in a plain chown -R
   (no status needed, nothing said unless it fails): a file or a
   directory after its contents, below the operands, and not '/'.  */
static bool
queueable (struct walk const *w, FTSENT const *ent)
{
  return (FTS_ROOTLEVEL < ent->fts_level
          && (ent->fts_info == FTS_NSOK
              || (ent->fts_info == FTS_DP && !is_root (w, ent->fts_statp))));
}

/* Hand ENT's change to the worker threads if it can go there, and
   return true.  Otherwise finish the queued changes first if ENT's visit
   may change or say anything, and return false.  */
static bool
queue_change (struct walk *w, FTSENT *ent)
{
  if (queueable (w, ent)
      && at_queue_add (w->queue, libfts_dirfd (w->fts), ent, 0,
                       ent->fts_info == FTS_DP))
    return true;
  /* Entering a directory other than '/' does nothing.  */
  if (!(ent->fts_info == FTS_D && !is_root (w, ent->fts_statp)))
    at_queue_drain (w->queue);
  return false;
}

/* Change ENT's owner and group, OK being false when libfts could not get
   at it (already diagnosed).  Returns false on failure.  */
static bool
change_owner (struct walk *w, FTSENT *ent, bool ok)
{
  struct outcome o = { .ok = ok, .symlink_changed = true };
  struct stat target;

  if (ok && ent->fts_info != FTS_NSOK)
    {
      if (!find_status (w, ent, &o, &target))
        return true;
      o.do_chown = o.ok && matches_from (w->ids, o.st);
    }
  else if (ok)
    o.do_chown = true;
  /* chown -L --preserve-root on a symlink to '/'.  */
  if (o.ok && is_root (w, o.st))
    {
      warn_root (ent->fts_path);
      return false;
    }
  if (o.do_chown && !do_fchownat (w, ent, &o))
    return true;
  report (w, ent, &o);
  return o.ok;
}

/* Whether ENT, an operand whose stat failed, should be stat-ed once more
   (FTS_AGAIN): changing an earlier operand may have made it reachable,
   and libfts may have stat-ed it before that.  */
static bool
retry_operand (struct walk *w, FTSENT *ent)
{
  if (ent->fts_level != FTS_ROOTLEVEL || ent->fts_number)
    return false;
  ent->fts_number = 1;
  return fts_set (w->fts, ent, FTS_AGAIN) == 0;
}

/* The warning for ENT, a directory that is its own ancestor.  */
static void
warn_cycle (FTSENT const *ent)
{
  error (0, 0, _("\
WARNING: Circular directory structure.\n\
This almost certainly means that you have a corrupted file system.\n\
NOTIFY YOUR SYSTEM MANAGER.\n\
The following directory is part of the cycle:\n  %s\n"),
         quotef (ent->fts_path));
}

/* Whether a cycle at ENT is an error: when symlinks are not followed
   there, it is a corrupted file system (or a bind mount).  */
static bool
cycle_is_error (struct walk const *w, FTSENT const *ent)
{
  int flags = w->x->fts_flags;

  return !(flags & FTS_LOGICAL)
         && (!(flags & FTS_COMFOLLOW) || ent->fts_level != FTS_ROOTLEVEL);
}

/* Pre-order visit of directory ENT with -R: refuse '/' under
   --preserve-root, and skip it; anything else waits for post-order.  */
static bool
enter_dir (struct walk *w, FTSENT *ent)
{
  if (!is_root (w, ent->fts_statp))
    return true;
  warn_root (ent->fts_path);
  fts_set (w->fts, ent, FTS_SKIP);
  fts_read (w->fts);
  return false;
}

/* What libfts could not do for ENT: diagnose it unless -f.  Returns
   false, or true when ENT is to be ignored (it vanished).  */
static bool
diagnose_entry (struct walk *w, FTSENT *ent)
{
  bool quiet = w->x->force_silent;

  switch (ent->fts_info)
    {
    case FTS_NS:
      if (vanished (w, FTS_ROOTLEVEL < ent->fts_level, ent->fts_errno))
        return true;
      if (!quiet)
        error (0, ent->fts_errno, _("cannot access %s"),
               quoteaf (ent->fts_path));
      return false;
    case FTS_ERR:
      if (!quiet)
        error (0, ent->fts_errno, "%s", quotef (ent->fts_path));
      return false;
    case FTS_DNR:
      if (vanished (w, FTS_ROOTLEVEL < ent->fts_level, ent->fts_errno))
        return true;
      if (!quiet)
        error (0, ent->fts_errno, _("cannot read directory %s"),
               quoteaf (ent->fts_path));
      return false;
    default:
      abort ();
    }
}

/* Do what chown does with ENT, which fts_read just returned.  Returns
   false on failure.  */
static bool
visit (struct walk *w, FTSENT *ent)
{
  bool ok = true;

  if (w->queue && queue_change (w, ent))
    return true;
  switch (ent->fts_info)
    {
    case FTS_D:
      if (w->x->recurse)
        return enter_dir (w, ent);
      break;
    case FTS_DP:
      if (!w->x->recurse)
        return true;
      break;
    case FTS_NS:
      if (retry_operand (w, ent))
        return true;
      /* fall through */
    case FTS_ERR: case FTS_DNR:
      if (diagnose_entry (w, ent))
        return true;
      ok = false;
      break;
    case FTS_DC:
      if (cycle_is_error (w, ent))
        {
          warn_cycle (ent);
          return false;
        }
      break;
    default:                    /* FTS_F, FTS_SL, FTS_SLNONE, FTS_NSOK... */
      break;
    }
  ok = change_owner (w, ent, ok);
  if (!w->x->recurse)
    fts_set (w->fts, ent, FTS_SKIP);
  return ok;
}

/* Whether the change needs each file's status: to match --from, to tell
   what changed, or to know a symlink from what it points to.  */
static bool
needs_stat (struct chown_ids const *ids, struct chown_options const *x)
{
  return (ids->required_uid != (uid_t) -1 || ids->required_gid != (gid_t) -1
          || x->affect_symlink_referent || x->verbosity != CV_OFF);
}

bool
chown_files (char *const *files, struct chown_ids const *ids,
             struct chown_options const *x)
{
  struct walk w = { .ids = ids, .x = x };
  bool stat_all = needs_stat (ids, x);
  bool ok = true;
  FTSENT *ent;
  int err;

  w.fts = open_walk (files, (x->fts_flags | FTS_DIRFD
                             | (stat_all ? 0 : FTS_NOSTAT)));
  if (x->recurse && !stat_all)
    w.queue = at_queue_create (queued_fchownat, queued_failure, &w);
  while ((ent = fts_read (w.fts)))
    ok &= visit (&w, ent);
  err = errno;
  ok &= at_queue_free (w.queue);
  return finish_walk (w.fts, err, x->force_silent) && ok;
}

/* ---- the command line shared by chown and chgrp ---------------------- */

/* For long options that have no equivalent short option.  */
enum
{
  DEREFERENCE_OPTION = CHAR_MAX + 1,
  FROM_OPTION,
  NO_PRESERVE_ROOT,
  PRESERVE_ROOT,
  REFERENCE_FILE_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

/* In GNU chown's order, which the "ambiguous option" message follows.  */
static struct option const long_options[] =
{
  {"recursive", no_argument, NULL, 'R'},
  {"changes", no_argument, NULL, 'c'},
  {"dereference", no_argument, NULL, DEREFERENCE_OPTION},
  {"from", required_argument, NULL, FROM_OPTION},
  {"no-dereference", no_argument, NULL, 'h'},
  {"no-preserve-root", no_argument, NULL, NO_PRESERVE_ROOT},
  {"preserve-root", no_argument, NULL, PRESERVE_ROOT},
  {"quiet", no_argument, NULL, 'f'},
  {"silent", no_argument, NULL, 'f'},
  {"reference", required_argument, NULL, REFERENCE_FILE_OPTION},
  {"verbose", no_argument, NULL, 'v'},
  {"help", no_argument, NULL, HELP_OPTION},
  {"version", no_argument, NULL, VERSION_OPTION},
  {NULL, 0, NULL, 0}
};

/* --from=SPEC: the owner and group files must have to be changed, into
   *CL.  Exits if SPEC is invalid; "OWNER.GROUP" is accepted with a
   warning.  */
static void
parse_from (char const *spec, struct chown_cmdline *cl)
{
  bool warn;
  char const *e = parse_user_spec_warn (spec, &cl->required_uid,
                                        &cl->required_gid, NULL, NULL, &warn);
  if (e)
    error (warn ? 0 : EXIT_FAILURE, 0, "%s: %s", e, quote (spec));
}

/* Apply option C (with OPTARG) to *CL, for PROGRAM.  */
static void
apply_option (int c, struct chown_cmdline *cl, char const *program,
              void (*usage) (int))
{
  switch (c)
    {
    case 'H': cl->x.fts_flags = FTS_COMFOLLOW | FTS_PHYSICAL; break;
    case 'L': cl->x.fts_flags = FTS_LOGICAL; break;
    case 'P': cl->x.fts_flags = FTS_PHYSICAL; break;
    case 'R': cl->x.recurse = true; break;
    case 'c': cl->x.verbosity = CV_CHANGES_ONLY; break;
    case 'f': cl->x.force_silent = true; break;
    case 'h': cl->dereference = 0; break;
    case 'v': cl->x.verbosity = CV_HIGH; break;
    case DEREFERENCE_OPTION: cl->dereference = 1; break;
    case FROM_OPTION: parse_from (optarg, cl); break;
    case NO_PRESERVE_ROOT: cl->preserve_root = false; break;
    case PRESERVE_ROOT: cl->preserve_root = true; break;
    case REFERENCE_FILE_OPTION: cl->reference = optarg; break;
    case HELP_OPTION:
      usage (EXIT_SUCCESS);
      break;
    case VERSION_OPTION:
      version_etc (stdout, program, PACKAGE_NAME, PACKAGE_VERSION,
                   "The libfts authors", (char *) NULL);
      exit (EXIT_SUCCESS);
    default:
      usage (EXIT_FAILURE);
    }
}

int
chown_parse_options (int argc, char **argv, struct chown_cmdline *cl,
                     char const *program, void (*usage) (int))
{
  int c;

  cl->x.verbosity = CV_OFF;
  cl->x.fts_flags = FTS_PHYSICAL;       /* -P is the default */
  cl->dereference = -1;
  cl->required_uid = -1;
  cl->required_gid = -1;
  while ((c = getopt_long (argc, argv, "HLPRcfhv", long_options, NULL)) != -1)
    apply_option (c, cl, program, usage);

  /* -R walks physically unless -H or -L says otherwise, and then
     changes symlinks themselves; without -R, operands are what the
     command line names, their targets by default.  */
  if (cl->x.recurse && cl->x.fts_flags == FTS_PHYSICAL)
    {
      if (cl->dereference == 1)
        error (EXIT_FAILURE, 0,
               _("-R --dereference requires either -H or -L"));
      cl->dereference = 0;
    }
  else if (!cl->x.recurse)
    cl->x.fts_flags = FTS_PHYSICAL;
  cl->x.affect_symlink_referent = cl->dereference != 0;

  if (argc - optind < (cl->reference ? 1 : 2))
    {
      if (argc <= optind)
        error (0, 0, _("missing operand"));
      else
        error (0, 0, _("missing operand after %s"), quote (argv[argc - 1]));
      usage (EXIT_FAILURE);
    }
  return optind;
}

void
chown_finish_options (struct chown_cmdline *cl, struct chown_ids *ids)
{
  static struct chown_root root;
  struct stat st;

  ids->required_uid = cl->required_uid;
  ids->required_gid = cl->required_gid;
  if (cl->x.recurse && cl->preserve_root)
    {
      if (stat ("/", &st) != 0)
        error (EXIT_FAILURE, errno, _("failed to get attributes of %s"),
               quoteaf ("/"));
      root.dev = st.st_dev;
      root.ino = st.st_ino;
      cl->x.root = &root;
    }
}
