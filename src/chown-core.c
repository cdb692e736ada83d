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

/* chown and chgrp walk as chmod does (change-walk.h): with -R, libfts's
   parallel walk, else fts_read.  Each file is changed with fchownat on
   its parent's descriptor and its bare name.  A file that was not seen to be a symbolic link is changed with
   AT_SYMLINK_NOFOLLOW, so that a directory swapped for a symlink while
   chown runs makes it change the link, never what the link points to:
   libfts opens each directory with O_NOFOLLOW relative to its verified
   parent, so nothing outside the operands is reached.  A symlink is
   followed only where the options say so (--dereference, -H, -L).

   Nothing is stat-ed unless something needs it (FTS_NOSTAT, or no
   LIBFTS_WALK_STAT): --from, -v, -c and --dereference do; a plain
   chown -R costs one fchownat per file.  Directories are changed in
   post-order (FTS_DP), after what they hold, as GNU chown does.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "change-walk.h"
#include "fts.h"

#include "error.h"
#include "gettext.h"
#include "idcache.h"
#include "inttostr.h"
#include "quote.h"
#include "userspec.h"
#include "xalloc.h"

#include "chown-core.h"
#include "package-info.h"

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
  struct change_walk cw;        /* first: the walk's callbacks get it */
  struct chown_ids const *ids;
  struct chown_options const *x;
  bool stat_all;                /* every file's status is needed */
};

/* What was done to one file.  */
struct outcome
{
  struct stat const *st;        /* its status before (null: unknown) */
  bool ok;                      /* no failure */
  bool do_chown;                /* fchownat was called */
  bool symlink_changed;         /* false: the system cannot change it */
};

/* What chown says about a file, besides what the walk met (enum
   walk_message): the code of a report of the parallel walk, which the
   sequential walk says at once.  */
enum chown_message
{
  M_CANNOT_DEREFERENCE = WM_OWN,         /* --dereference, stat failed: ERR */
  M_CHANGE_FAILED,              /* fchownat failed: ERR */
  M_DESCRIBE                    /* -v line: see pack_change */
};

/* Bit of a M_DESCRIBE report's ERR: the old owner and group are known.  */
#define DESCRIBE_HAVE_OLD 0x100

/* The name of user UID, or its number when it has none: a new string.  */
static char *
uid_to_name (uid_t uid)
{
  char buf[INT_BUFSIZE_BOUND (uintmax_t)];
  char const *name = getuser (uid);

  return xstrdup (name ? name : umaxtostr (uid, buf));
}

/* The name of group GID, or its number when it has none: a new string.  */
static char *
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
      if (!user && !group)
        return _("failed to change ownership of %s\n");
      if (have_old)
        return (user ? _("failed to change ownership of %s from %s to %s\n")
                : _("failed to change group of %s from %s to %s\n"));
      return (user ? _("failed to change ownership of %s to %s\n")
              : _("failed to change group of %s to %s\n"));
    case CH_NO_CHANGE_REQUESTED:
      return (user ? _("ownership of %s retained as %s\n")
              : group ? _("group of %s retained as %s\n")
              : _("ownership of %s retained\n"));
    case CH_NOT_APPLIED:
      return symlink_unchanged_format ();
    }
  abort ();
}

/* Print the -v line for FILE: STATUS, from the old owner OLD_UID and
   group OLD_GID (when HAVE_OLD) to the new owner USER and group GROUP
   (null: unchanged).  The old names are those of the parts that
   change.  */
static void
describe_change (char const *file, enum change_status status, bool have_old,
                 uid_t old_uid, gid_t old_gid, char const *user,
                 char const *group)
{
  char *old_user = have_old && user ? uid_to_name (old_uid) : NULL;
  char *old_group = have_old && group ? gid_to_name (old_gid) : NULL;
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

/* The -v line of a M_DESCRIBE report about FILE, whose ERR and VALUE
   pack_change made.  */
static void
describe_packed (struct walk const *w, char const *file, int err,
                 intmax_t value)
{
  char ubuf[INT_BUFSIZE_BOUND (uintmax_t)];
  char gbuf[INT_BUFSIZE_BOUND (uintmax_t)];
  char const *user, *group;
  uintmax_t ids = value;

  new_names (w, &user, &group, ubuf, gbuf);
  describe_change (file, err & 0xff, (err & DESCRIBE_HAVE_OLD) != 0,
                   (uid_t) (ids >> 32), (gid_t) (ids & 0xffffffff),
                   user, group);
}

/* Say message CODE (with ERR and VALUE, as enum chown_message tells)
   about FILE, for the walk V: on the thread that prints, one message at
   a time.  */
static void
speak (struct walk_voice const *v, char const *file, int code, int err,
       intmax_t value)
{
  struct walk const *w = (struct walk const *) v;

  switch (code)
    {
    case M_CANNOT_DEREFERENCE:
      error (0, err, _("cannot dereference %s"), quoteaf (file));
      break;
    case M_CHANGE_FAILED:
      error (0, err, (w->ids->uid != (uid_t) -1 ? _("changing ownership of %s")
                      : _("changing group of %s")), quoteaf (file));
      break;
    case M_DESCRIBE:
      describe_packed (w, file, err, value);
      break;
    default:
      abort ();
    }
}

/* Whether -f silences message CODE: the diagnostics of failures, not
   -v's lines.  */
static bool
silenced (int code)
{
  switch (code)
    {
    case M_CANNOT_DEREFERENCE: case M_CHANGE_FAILED:
      return true;
    case M_DESCRIBE:
      return false;
    }
  abort ();
}

/* ---- one file, on either walk ------------------------------------------ */

/* UID and GID in one number: 32 bits each on Linux.  */
static uintmax_t
pack_ids (uid_t uid, gid_t gid)
{
  return (uintmax_t) (uint32_t) uid << 32 | (uint32_t) gid;
}

/* Whether the owner UID and group GID are those --from requires.  */
static bool
ids_match_from (struct chown_ids const *ids, uid_t uid, gid_t gid)
{
  return ((ids->required_uid == (uid_t) -1 || ids->required_uid == uid)
          && (ids->required_gid == (gid_t) -1 || ids->required_gid == gid));
}

/* The -v or -c line about FILE, a name of the file with more than one
   name LINK, in the sequential walk's order (see struct cw_link): a
   change the thread made (or found made) is the first name's; each
   name says what it finds, as if the names were changed in order.
   CODE, ERR and VALUE are report's.  */
static void
say_link (struct change_walk const *cw, char const *file, int code, int err,
          intmax_t value, struct cw_link *link)
{
  struct walk const *w = (struct walk const *) cw;
  struct chown_ids const *ids = w->ids;
  enum change_status status = err & 0xff;

  if (status == CH_SUCCEEDED || status == CH_NO_CHANGE_REQUESTED)
    {
      uintmax_t now = link->said ? link->now : link->before;
      uid_t uid = now >> 32, new_uid = uid;
      gid_t gid = now & 0xffffffff, new_gid = gid;

      if (ids_match_from (ids, uid, gid))
        {
          new_uid = ids->uid == (uid_t) -1 ? uid : ids->uid;
          new_gid = ids->gid == (gid_t) -1 ? gid : ids->gid;
        }
      status = (new_uid != uid || new_gid != gid
                ? CH_SUCCEEDED : CH_NO_CHANGE_REQUESTED);
      err = status | DESCRIBE_HAVE_OLD;
      value = now;
      link->now = pack_ids (new_uid, new_gid);
      link->said = true;
    }
  if (status == CH_SUCCEEDED || w->x->verbosity == CV_HIGH)
    speak (&cw->voice, file, code, err, value);
}

/* Say what happened to F, with -v or (if it changed) -c.  */
static void
report (struct walk const *w, struct walk_file const *f, struct outcome const *o)
{
  struct chown_ids const *ids = w->ids;
  bool changed, link;
  enum change_status status;
  uintmax_t old_ids;

  if (w->x->verbosity == CV_OFF)
    return;
  /* A file with several names: its line is decided in the walk's order
     (say_link), -c's included.  */
  link = o->st && cw_is_link (&w->cw, f);
  changed = (o->do_chown && o->ok && o->symlink_changed && o->st
             && !((ids->uid == (uid_t) -1 || ids->uid == o->st->st_uid)
                  && (ids->gid == (gid_t) -1 || ids->gid == o->st->st_gid)));
  if (!changed && w->x->verbosity != CV_HIGH && !link)
    return;
  status = (!o->ok ? CH_FAILED
            : !o->symlink_changed ? CH_NOT_APPLIED
            : !changed ? CH_NO_CHANGE_REQUESTED
            : CH_SUCCEEDED);
  old_ids = o->st ? pack_ids (o->st->st_uid, o->st->st_gid) : 0;
  (link ? cw_say_link : cw_say)
    (&w->cw, f, M_DESCRIBE, status | (o->st ? DESCRIBE_HAVE_OLD : 0),
     (intmax_t) old_ids);
}

/* Whether ST's owner and group are those --from requires.  */
static bool
matches_from (struct chown_ids const *ids, struct stat const *st)
{
  return ids_match_from (ids, st->st_uid, st->st_gid);
}

/* Whether the symlink F, whose target could not be stat-ed (ENOENT), is
   itself gone: a link that is there but dangles is no vanished file, and
   GNU's programs say it cannot be dereferenced.  Leaves errno as it
   found it.  */
static bool
link_vanished (struct walk_file const *f)
{
  int err = errno;
  struct stat st;
  bool gone = (fstatat (f->dirfd, f->name, &st, AT_SYMLINK_NOFOLLOW) != 0
               && errno == ENOENT);

  errno = err;
  return gone;
}

/* Find out the status of F (which the walk stat-ed) that the change is
   about, into O->st: with --dereference, a symlink's target, stat-ed into
   *TARGET.  Clears O->ok, diagnosed, when the target cannot be stat-ed;
   returns false when it vanished, which is no error.  */
static bool
find_status (struct walk const *w, struct walk_file const *f, struct outcome *o,
             struct stat *target)
{
  bool deref = w->x->affect_symlink_referent && S_ISLNK (f->st->st_mode);

  o->st = f->st;
  if (!deref)
    return true;
  if (fstatat (f->dirfd, f->name, target, 0) == 0)
    {
      o->st = target;
      return true;
    }
  if (cw_vanished (&w->cw, f, errno) && link_vanished (f))
    return false;
  cw_say (&w->cw, f, M_CANNOT_DEREFERENCE, errno, 0);
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

/* Classify ERR, the failure of fchownat on F (following a symlink if
   FOLLOW), and diagnose it.  */
static enum chown_failure
fchownat_failed (struct walk const *w, struct walk_file const *f, bool follow,
                 int err)
{
  if (!follow && err == EOPNOTSUPP)
    return CF_NOT_APPLIED;
  if (cw_vanished (&w->cw, f, err))
    return CF_VANISHED;
  cw_say (&w->cw, f, M_CHANGE_FAILED, err, 0);
  return CF_FAILED;
}

/* Change F's owner and group with fchownat on its bare name, following
   a symlink only where the options say so, into O.  Returns false when
   F vanished meanwhile, which is no error.  */
static bool
do_fchownat (struct walk const *w, struct walk_file const *f, struct outcome *o)
{
  struct chown_ids const *ids = w->ids;
  bool follow = (w->x->affect_symlink_referent
                 && (cw_stat_followed (&w->cw, f)
                     || (f->st && S_ISLNK (f->st->st_mode))));

  if (fchownat (f->dirfd, f->name, ids->uid, ids->gid,
                follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0)
    return true;
  switch (fchownat_failed (w, f, follow, errno))
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

/* Change F's owner and group, OK being false when the walk could not get
   at it (already diagnosed).  Returns false on failure.  */
static bool
change_owner (struct walk const *w, struct walk_file const *f, bool ok)
{
  struct outcome o = { .ok = ok, .symlink_changed = true };
  struct stat target;

  if (ok && f->st)
    {
      if (!find_status (w, f, &o, &target))
        return true;
      if (cw_is_link (&w->cw, f))
        cw_note_link (&w->cw, f, pack_ids (o.st->st_uid, o.st->st_gid));
      o.do_chown = o.ok && matches_from (w->ids, o.st);
    }
  else if (ok)
    o.do_chown = true;          /* not stat-ed: nothing needs it */
  /* chown -L --preserve-root on a symlink to '/'.  */
  if (o.ok && cw_refuse_root (&w->cw, f, o.st))
    return false;
  if (o.do_chown && !do_fchownat (w, f, &o))
    return true;
  report (w, f, &o);
  return o.ok;
}

/* Do what chown does with F, on either walk, but for a directory's
   pre-order visit with -R (see cw_refuse_root).  Returns false on
   failure.  */
static bool
chown_file (struct walk const *w, struct walk_file const *f)
{
  switch (cw_diagnose (&w->cw, f))
    {
    case CW_FINE:
      return change_owner (w, f, true);
    case CW_VANISHED:
      return true;
    case CW_FAILED:
      /* Said; what could not be reached gets its -v line.  */
      return f->info != FTS_DC && change_owner (w, f, false);
    }
  abort ();
}

/* ---- the two walks ------------------------------------------------------ */

/* Do what chown does with ENT, which fts_read just returned.  Returns
   false on failure.  */
static bool
visit (struct change_walk *cw, FTSENT *ent)
{
  struct walk *w = (struct walk *) cw;
  struct walk_file f = walk_file_of (cw->fts, ent);
  bool ok;

  cw_settle_dangling (cw, &f);
  if (cw_retry_operand (cw, ent))
    return true;
  switch (ent->fts_info)
    {
    case FTS_D:
      if (!cw->recurse)
        break;
      if (!cw_refuse_root (cw, &f, f.st))
        return true;          /* changed after what it holds */
      walk_skip_dir (&f);
      return false;
    case FTS_DP:
      if (!cw->recurse)
        return true;
      break;
    default:
      break;
    }
  ok = chown_file (w, &f);
  if (!cw->recurse)
    fts_set (cw->fts, ent, FTS_SKIP);
  return ok;
}

/* On the parallel walk, a directory is changed in its post-order visit,
   after what it holds, as on the sequential walk.  Files are stat-ed
   (LIBFTS_WALK_STAT) only when something needs it; a directory's status,
   from its pre-order visit, then waits in its dir_data slot for the
   post-order one.  */

/* The pre-order visit of E, a directory: refuse '/' under
   --preserve-root, else keep E's status for its post-order visit if W
   needs it.  */
static int
enter_dir (struct walk *w, struct libfts_walk_entry *e,
           struct walk_file const *f)
{
  if (cw_refuse_root (&w->cw, f, f->st))
    {
      cw_fail (&w->cw);
      return LIBFTS_WALK_SKIP;
    }
  if (w->stat_all)
    *e->dir_data = xmemdup (e->st, sizeof *e->st);
  return LIBFTS_WALK_CONTINUE;
}

/* The parallel walk's visit of E, on whichever thread reaches it.  */
static int
visit_entry (struct libfts_walk_entry *e, void *arg)
{
  struct walk *w = arg;
  struct walk_file f = walk_file_of_entry (e);
  void *kept = e->dir_data ? *e->dir_data : NULL;

  cw_settle_dangling (&w->cw, &f);
  if (e->info == FTS_D)
    return enter_dir (w, e, &f);
  if (e->info == FTS_DP)
    f.st = kept;
  if (!chown_file (w, &f))
    cw_fail (&w->cw);
  /* FTS_DP, FTS_DNR or FTS_ERR: the last visit of a directory.  */
  free (kept);
  return LIBFTS_WALK_CONTINUE;
}

/* Whether the change needs each file's status: to match --from, to tell
   what changed, or to know a symlink from what it points to.  */
static bool
needs_stat (struct chown_ids const *ids, struct chown_options const *x)
{
  return (ids->required_uid != (uid_t) -1 || ids->required_gid != (gid_t) -1
          || x->affect_symlink_referent || x->verbosity != CV_OFF);
}

/* Whether -v or -c tell which of a file's names changed it, where a
   name may be a symbolic link: with -R and -H (the links below the
   operands not followed, but what they point to changed), the first name
   met in the sequential order says "changed", the others not, and a
   file that one link points to has a single st_nlink, which struct
   cw_link cannot tell from any other file.  Such a walk is the
   sequential one.  */
static bool
aliases_told (struct chown_options const *x)
{
  return x->recurse && x->affect_symlink_referent && x->verbosity != CV_OFF;
}

bool
chown_files (char *const *files, struct chown_ids const *ids,
             struct chown_options const *x)
{
  bool stat_all = needs_stat (ids, x);
  struct walk w = {
    .cw = { .voice = { speak }, .silenced = silenced,
            .fts_flags = x->fts_flags, .recurse = x->recurse,
            .force_silent = x->force_silent, .root = x->root,
            .say_link = x->verbosity != CV_OFF ? say_link : NULL,
            .remote = x->remote },
    .ids = ids, .x = x, .stat_all = stat_all,
  };

  /* Without stats, -L -h changes a file that d_type says is neither a
     directory nor a symlink without stat-ing it, as GNU's (whose fts
     trusts d_type on a logical walk): one in a directory that can be
     read but not searched is then "changing ... Permission denied",
     not "cannot access".  */
  int seq_flags = (x->fts_flags
                   | (stat_all ? 0 : FTS_NOSTAT | FTS_NOSTAT_LOGICAL));

  return (cw_parallel (&w.cw, files) && !aliases_told (x)
          ? cw_walk_parallel (&w.cw, files, stat_all ? LIBFTS_WALK_STAT : 0,
                              visit_entry)
          : cw_walk_sequential (&w.cw, files, seq_flags, visit));
}

/* ---- the command line shared by chown and chgrp ---------------------- */

void
chown_usage_options (char const *from, char const *reference)
{
  print_change_verbosity_options ();
  fputs (_("\
      --dereference      affect the referent of each symbolic link (this is\n\
                         the default), rather than the symbolic link itself\n\
  -h, --no-dereference   affect symbolic links instead of any referenced file\n\
                         (useful only on systems that can change the\n\
                         ownership of a symlink)\n\
"), stdout);
  fputs (from, stdout);
  print_preserve_root_options ();
  fputs (reference, stdout);
  fputs (_("\
  -R, --recursive        operate on files and directories recursively\n\
"), stdout);
  fputs (_("\
\n\
The following options modify how a hierarchy is traversed when the -R\n\
option is also specified.  If more than one is specified, only the final\n\
one takes effect.\n\
\n\
  -H                     if a command line argument is a symbolic link\n\
                         to a directory, traverse it\n\
  -L                     traverse every symbolic link to a directory\n\
                         encountered\n\
  -P                     do not traverse any symbolic links (default)\n\
\n\
"), stdout);
  print_help_version_options ();
}

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
    chown_spec_error (e, warn, spec);
}

void
chown_spec_error (char const *e, bool warning, char const *spec)
{
  error (warning ? 0 : EXIT_FAILURE, 0, "%s: %s", e, quote (spec));
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
      print_version (program);
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
        die_dereference_needs_traversal ();
      cl->dereference = 0;
    }
  else if (!cl->x.recurse)
    cl->x.fts_flags = FTS_PHYSICAL;
  cl->x.affect_symlink_referent = cl->dereference != 0;

  if (argc - optind < (cl->reference ? 1 : 2))
    {
      warn_missing_operand (optind < argc ? argv[argc - 1] : NULL);
      usage (EXIT_FAILURE);
    }
  return optind;
}

void
chown_ids_from_reference (char const *rfile, bool owner,
                          struct chown_ids *ids, struct chown_options *x)
{
  struct stat st;

  stat_or_die (rfile, &st);
  if (owner)
    {
      ids->uid = st.st_uid;
      x->user_name = uid_to_name (st.st_uid);
    }
  ids->gid = st.st_gid;
  x->group_name = gid_to_name (st.st_gid);
}

void
chown_finish_options (struct chown_cmdline *cl, struct chown_ids *ids)
{
  static struct dev_ino root;

  ids->required_uid = cl->required_uid;
  ids->required_gid = cl->required_gid;
  if (cl->x.recurse && cl->preserve_root)
    cl->x.root = get_root_dev_ino (&root);
}

bool
chown_serve (struct chown_ids const *ids, struct chown_options const *x)
{
  struct walk w = {
    .cw = { .voice = { speak }, .silenced = silenced,
            .fts_flags = x->fts_flags, .recurse = x->recurse,
            .force_silent = x->force_silent, .root = x->root,
            .remote = x->remote },
    .ids = ids, .x = x, .stat_all = needs_stat (ids, x),
  };

  return cw_serve (&w.cw, visit_entry);
}
