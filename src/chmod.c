/* chmod: change the mode of files, as GNU chmod does, on libfts.

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


/* The options, the messages and the exit status are GNU chmod's, with
   -h, --dereference, -H, -L and -P from GNU 9.5.

   chmod walks as chown does (change-walk.h): with -R, libfts's parallel
   walk, else fts_read.  Each file is stat-ed (a symbolic mode depends on
   the file's mode) and changed with fchmodat on its parent's descriptor
   and its bare name; a file reached without following a symlink is
   changed with AT_SYMLINK_NOFOLLOW (fchmodat2), so that a directory
   swapped for a symlink while chmod runs makes the change fail, never
   land outside the operands.  Symbolic links themselves have no mode to change on Linux:
   they are left alone.  Directories are changed in pre-order, before
   libfts opens them, so that chmod -R u+rx opens what it needs to.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "change-walk.h"
#include "chmod.h"
#include "fts.h"
#include "package-info.h"
#include "quoting.h"

#include "closeout.h"
#include "error.h"
#include "filemode.h"
#include "gettext.h"
#include "modechange.h"
#include "progname.h"
#include "quote.h"
#include "quotearg.h"
#include "xalloc.h"

#define _(msgid) gettext (msgid)

#define PROGRAM_NAME "chmod"

/* fchmodat2 (Linux 6.6), which glibc before 2.39 does not name: its
   number is the same on every architecture.  */
#if !defined SYS_fchmodat2 && defined __linux__
# define SYS_fchmodat2 452
#endif

/* The bits chmod changes, and reports.  */
#define MODE_BITS (S_ISUID | S_ISGID | S_ISVTX | S_IRWXU | S_IRWXG | S_IRWXO)

/* What happened to one file, worst first: -v and -c say it, and the
   umask check applies from CH_NO_CHANGE_REQUESTED on.  */
enum change_status
{
  CH_NO_STAT,                   /* the file could not be reached */
  CH_FAILED,
  CH_NOT_APPLIED,               /* a symbolic link: no mode to change */
  CH_NO_CHANGE_REQUESTED,       /* its mode already was the new one */
  CH_SUCCEEDED
};

/* How much chmod says about each file.  */
enum verbosity
{
  V_HIGH,                       /* -v: every file */
  V_CHANGES_ONLY,               /* -c: the files whose mode changed */
  V_OFF
};

/* What the command line asked for.  */
struct chmod_options
{
  struct mode_change *change;   /* the mode (or --reference's) */
  mode_t umask_value;           /* applied where the mode names no ugoa */
  bool diagnose_surprises;      /* a mode given as an option, like -w:
                                   warn when the umask changes its effect */
  bool recurse;                 /* -R */
  bool force_silent;            /* -f */
  enum verbosity verbosity;
  int fts_flags;                /* FTS_PHYSICAL, FTS_COMFOLLOW, FTS_LOGICAL */
  struct dev_ino const *root;   /* "/" with -R --preserve-root, or null */
  struct walk_remote const *remote;  /* walks elsewhere too (mpi-chmod) */
};

/* One walk in progress.  */
struct walk
{
  struct change_walk cw;        /* first: the walk's callbacks get it */
  struct chmod_options const *x;
};

/* What was done to one file.  */
struct outcome
{
  enum change_status status;
  mode_t old_mode;
  mode_t new_mode;
};

/* For long options that have no equivalent short option.  */
enum
{
  DEREFERENCE_OPTION = CHAR_MAX + 1,
  NO_PRESERVE_ROOT,
  PRESERVE_ROOT,
  REFERENCE_FILE_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

static struct option const long_options[] =
{
  {"changes", no_argument, NULL, 'c'},
  {"dereference", no_argument, NULL, DEREFERENCE_OPTION},
  {"recursive", no_argument, NULL, 'R'},
  {"no-dereference", no_argument, NULL, 'h'},
  {"no-preserve-root", no_argument, NULL, NO_PRESERVE_ROOT},
  {"preserve-root", no_argument, NULL, PRESERVE_ROOT},
  {"quiet", no_argument, NULL, 'f'},
  {"reference", required_argument, NULL, REFERENCE_FILE_OPTION},
  {"silent", no_argument, NULL, 'f'},
  {"verbose", no_argument, NULL, 'v'},
  {"help", no_argument, NULL, HELP_OPTION},
  {"version", no_argument, NULL, VERSION_OPTION},
  {NULL, 0, NULL, 0}
};

/* The short options.  The mode letters, digits and operators take an
   optional argument, so that getopt hands over "-rwx" whole: a mode
   such as -w or -rwx is a mode, not a cluster of options.  */
static char const short_options[] =
  "HLPRcfhvr::w::x::X::s::t::u::g::o::a::,::+::=::"
  "0::1::2::3::4::5::6::7::";

static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf (_("\
Usage: %s [OPTION]... MODE[,MODE]... FILE...\n\
  or:  %s [OPTION]... OCTAL-MODE FILE...\n\
  or:  %s [OPTION]... --reference=RFILE FILE...\n\
"), program_name, program_name, program_name);
  fputs (_("\
Change the mode of each FILE to MODE.\n\
With --reference, change the mode of each FILE to that of RFILE.\n\
\n\
"), stdout);
  print_change_verbosity_options ();
  fputs (_("\
      --dereference      affect the referent of each symbolic link,\n\
                         rather than the symbolic link itself\n\
  -h, --no-dereference   affect each symbolic link, rather than the referent\n\
"), stdout);
  print_preserve_root_options ();
  fputs (_("\
      --reference=RFILE  use RFILE's mode instead of specifying MODE values.\n\
                         RFILE is always dereferenced if a symbolic link.\n\
"), stdout);
  fputs (_("\
  -R, --recursive        change files and directories recursively\n\
"), stdout);
  fputs (_("\
\n\
The following options modify how a hierarchy is traversed when the -R\n\
option is also specified.  If more than one is specified, only the final\n\
one takes effect.  '-H' is the default.\n\
\n\
  -H                     if a command line argument is a symbolic link\n\
                         to a directory, traverse it\n\
  -L                     traverse every symbolic link to a directory\n\
                         encountered\n\
  -P                     do not traverse any symbolic links\n\
\n\
"), stdout);
  print_help_version_options ();
  fputs (_("\
\n\
Each MODE is of the form '[ugoa]*([-+=]([rwxXst]*|[ugo]))+|[-+=][0-7]+'.\n\
"), stdout);
  print_package_info ("chmod");
  exit (status);
}

/* ---- what chmod says ------------------------------------------------- */

/* What chmod says about a file, besides what the walk met (enum
   walk_message): the code of a report of the parallel walk, which the
   sequential walk says at once.  */
enum chmod_message
{
  M_DANGLING = WM_OWN,          /* FTS_SLNONE */
  M_CHANGE_FAILED,              /* fchmodat failed: ERR */
  M_GETATTR_FAILED,             /* the new mode cannot be stat-ed: ERR */
  M_DESCRIBE,                   /* the -v line: VALUE, a packed outcome */
  M_SURPRISE                    /* the umask warning: VALUE, likewise */
};

/* O packed into a report's value, and back: the status in the low byte,
   then the old mode and the new mode, 16 bits each (S_IFMT and the mode
   bits), so that the report needs no memory of its own.  */
static intmax_t
pack_outcome (struct outcome const *o)
{
  return ((intmax_t) o->status | (intmax_t) (o->old_mode & 0xffff) << 8
          | (intmax_t) (o->new_mode & 0xffff) << 24);
}

static struct outcome
unpack_outcome (intmax_t v)
{
  return (struct outcome) { .status = v & 0xff,
                            .old_mode = (v >> 8) & 0xffff,
                            .new_mode = (v >> 24) & 0xffff };
}

/* Print the -v line for FILE, as O says.  */
static void
describe_change (char const *file, struct outcome const *o)
{
  char perms[12], old_perms[12];
  unsigned long old_m = o->old_mode & MODE_BITS;
  unsigned long m = o->new_mode & MODE_BITS;

  switch (o->status)
    {
    case CH_NOT_APPLIED:
      printf (symlink_unchanged_format (), quoteaf (file));
      return;
    case CH_NO_STAT:
      printf (_("%s could not be accessed\n"), quoteaf (file));
      return;
    default:
      break;
    }
  strmode (o->new_mode, perms);
  strmode (o->old_mode, old_perms);
  perms[10] = old_perms[10] = '\0';       /* no trailing space */
  if (o->status == CH_NO_CHANGE_REQUESTED)
    printf (_("mode of %s retained as %04lo (%s)\n"), quoteaf (file), m,
            perms + 1);
  else
    printf ((o->status == CH_SUCCEEDED
             ? _("mode of %s changed from %04lo (%s) to %04lo (%s)\n")
             : _("failed to change mode of %s from %04lo (%s) to %04lo (%s)\n")),
            quoteaf (file), old_m, old_perms + 1, m, perms + 1);
}

/* The mode that X's change alone, without the umask, gives to a file
   whose mode is OLD_MODE.  */
static mode_t
naive_mode_of (struct chmod_options const *x, mode_t old_mode)
{
  return mode_adjust (old_mode, S_ISDIR (old_mode) != 0, 0, x->change, NULL);
}

/* Whether O's new mode differs from what X's mode alone says (a mode
   given as an option, like -w, where the umask changed its effect).  */
static bool
surprising (struct chmod_options const *x, struct outcome const *o)
{
  return (o->new_mode & ~naive_mode_of (x, o->old_mode)) != 0;
}

/* The umask warning for FILE, whose outcome O is surprising.  */
static void
warn_surprise (struct chmod_options const *x, char const *file,
               struct outcome const *o)
{
  char new_perms[12], naive_perms[12];

  strmode (o->new_mode, new_perms);
  strmode (naive_mode_of (x, o->old_mode), naive_perms);
  new_perms[10] = naive_perms[10] = '\0';
  error (0, 0, _("%s: new permissions are %s, not %s"), quotef (file),
         new_perms + 1, naive_perms + 1);
}

/* Say message CODE (with ERR and VALUE, as enum chmod_message tells)
   about FILE, as the options of the walk V say how: on the thread that
   prints, one message at a time.  */
static void
speak (struct walk_voice const *v, char const *file, int code, int err,
       intmax_t value)
{
  struct chmod_options const *x = ((struct walk const *) v)->x;
  struct outcome o = unpack_outcome (value);

  switch (code)
    {
    case M_DANGLING:
      error (0, 0, _("cannot operate on dangling symlink %s"),
             quoteaf (file));
      break;
    case M_CHANGE_FAILED:
      error (0, err, _("changing permissions of %s"), quoteaf (file));
      break;
    case M_GETATTR_FAILED:
      error (0, err, _("getting new attributes of %s"), quoteaf (file));
      break;
    case M_DESCRIBE:
      describe_change (file, &o);
      break;
    case M_SURPRISE:
      warn_surprise (x, file, &o);
      break;
    default:
      abort ();
    }
}

/* Whether -f silences message CODE: the diagnostics of failures, not
   -v's lines nor the umask warning.  */
static bool
silenced (int code)
{
  switch (code)
    {
    case M_DANGLING: case M_CHANGE_FAILED: case M_GETATTR_FAILED:
      return true;
    case M_DESCRIBE: case M_SURPRISE:
      return false;
    }
  abort ();
}

/* ---- one file, on either walk ------------------------------------------ */

/* fchmodat (DIRFD, NAME, MODE, AT_SYMLINK_NOFOLLOW): NAME itself, never
   what it would point to if it were a symlink (then EOPNOTSUPP).  Linux
   has this as fchmodat2 since 6.6; older kernels get glibc's emulation,
   which goes through /proc.  Returns 0, or -1 with errno.  */
static int
chmod_nofollow (int dirfd, char const *name, mode_t mode)
{
#ifdef SYS_fchmodat2
  /* Atomic: the walk's threads call this too.  */
  static atomic_bool no_fchmodat2;

  if (!atomic_load_explicit (&no_fchmodat2, memory_order_relaxed))
    {
      if (syscall (SYS_fchmodat2, dirfd, name, mode, AT_SYMLINK_NOFOLLOW) == 0)
        return 0;
      if (errno != ENOSYS)
        return -1;
      atomic_store_explicit (&no_fchmodat2, true, memory_order_relaxed);
    }
#endif
  return fchmodat (dirfd, name, mode, AT_SYMLINK_NOFOLLOW);
}

/* The mode chmod gives to a file whose mode is OLD_MODE.  */
static mode_t
new_mode_of (struct walk const *w, mode_t old_mode)
{
  return mode_adjust (old_mode, S_ISDIR (old_mode) != 0, w->x->umask_value,
                      w->x->change, NULL);
}

/* Whether the mode of F (which had OLD_MODE and was given NEW_MODE)
   changed.  The set-ID and sticky bits may be cleared silently by the
   kernel: when NEW_MODE has any, F is stat-ed again to see.  */
static bool
mode_changed (struct walk const *w, struct walk_file const *f, bool follow,
              mode_t old_mode, mode_t new_mode)
{
  struct stat st;

  if (new_mode & (S_ISUID | S_ISGID | S_ISVTX))
    {
      if (fstatat (f->dirfd, f->name, &st,
                   follow ? 0 : AT_SYMLINK_NOFOLLOW) != 0)
        {
          cw_say (&w->cw, f, M_GETATTR_FAILED, errno, 0);
          return false;
        }
      new_mode = st.st_mode;
    }
  return ((old_mode ^ new_mode) & MODE_BITS) != 0;
}

/* Change the mode of F, whose stat the walk gave, into O.  Returns false
   when F vanished meanwhile, which is no error.  */
static bool
change_mode (struct walk const *w, struct walk_file const *f, struct outcome *o)
{
  bool follow = cw_stat_followed (&w->cw, f);
  int r;

  o->old_mode = f->st->st_mode;
  o->new_mode = new_mode_of (w, o->old_mode);
  if (cw_is_link (&w->cw, f))
    cw_note_link (&w->cw, f, o->old_mode);
  if (S_ISLNK (o->old_mode))
    {
      o->status = CH_NOT_APPLIED;
      return true;
    }
  r = (follow ? fchmodat (f->dirfd, f->name, o->new_mode, 0)
       : chmod_nofollow (f->dirfd, f->name, o->new_mode));
  if (r != 0)
    {
      int err = errno;

      if (cw_vanished (&w->cw, f, err))
        return false;
      cw_say (&w->cw, f, M_CHANGE_FAILED, err, 0);
      o->status = CH_FAILED;
      return true;
    }
  o->status = CH_SUCCEEDED;
  if (w->x->verbosity != V_OFF
      && !mode_changed (w, f, follow, o->old_mode, o->new_mode))
    o->status = CH_NO_CHANGE_REQUESTED;
  return true;
}

/* The -v or -c line about FILE, a name of the file with more than one
   name LINK, in the sequential walk's order (see struct cw_link): each
   name says what it finds, as if the names were changed in order; what
   the thread saw stands where it saw the mode this name finds.  CODE,
   ERR and VALUE are the report's.  */
static void
say_link (struct change_walk const *cw, char const *file, int code, int err,
          intmax_t value, struct cw_link *link)
{
  struct walk const *w = (struct walk const *) cw;
  struct outcome o = unpack_outcome (value);

  if (o.status == CH_SUCCEEDED || o.status == CH_NO_CHANGE_REQUESTED)
    {
      mode_t now = (link->said ? link->now : link->before) & 0xffff;

      if (now != (o.old_mode & 0xffff))
        {
          o.old_mode = now;
          o.new_mode = new_mode_of (w, now);
          o.status = ((now ^ o.new_mode) & MODE_BITS
                      ? CH_SUCCEEDED : CH_NO_CHANGE_REQUESTED);
        }
      link->now = o.new_mode;
      link->said = true;
    }
  if (w->x->verbosity == V_HIGH || o.status == CH_SUCCEEDED)
    speak (&cw->voice, file, code, err, pack_outcome (&o));
}

/* What the walk could not do for F, or a dangling symlink (-L): diagnose
   it unless -f.  */
static enum cw_state
diagnose_entry (struct walk const *w, struct walk_file const *f)
{
  if (f->info != FTS_SLNONE)
    return cw_diagnose (&w->cw, f);
  cw_say (&w->cw, f, M_DANGLING, 0, 0);
  return CW_FAILED;
}

/* What became of one file.  */
enum step
{
  STEP_OK,
  STEP_FAILED,
  STEP_REFUSED                  /* '/' under --preserve-root: not walked */
};

/* Do what chmod does with F (not at its post-order visit), on either
   walk: change its mode, say what X asks to be said.  */
static enum step
chmod_file (struct walk const *w, struct walk_file const *f)
{
  struct chmod_options const *x = w->x;
  struct outcome o = { .status = CH_NO_STAT };
  enum cw_state d = diagnose_entry (w, f);

  if (d == CW_VANISHED)
    return STEP_OK;
  if (d == CW_FAILED && f->info == FTS_DC)
    return STEP_FAILED;
  if (d == CW_FINE && cw_refuse_root (&w->cw, f, f->st))
    return STEP_REFUSED;
  if (d == CW_FINE && !change_mode (w, f, &o))
    return STEP_OK;
  if (d == CW_FINE && cw_is_link (&w->cw, f))
    cw_say_link (&w->cw, f, M_DESCRIBE, 0, pack_outcome (&o));
  else if (x->verbosity == V_HIGH
           || (x->verbosity == V_CHANGES_ONLY && o.status == CH_SUCCEEDED))
    cw_say (&w->cw, f, M_DESCRIBE, 0, pack_outcome (&o));
  if (CH_NO_CHANGE_REQUESTED <= o.status && x->diagnose_surprises
      && surprising (x, &o))
    {
      cw_say (&w->cw, f, M_SURPRISE, 0, pack_outcome (&o));
      return STEP_FAILED;
    }
  return CH_NOT_APPLIED <= o.status ? STEP_OK : STEP_FAILED;
}

/* ---- the two walks ------------------------------------------------------ */

/* Do what chmod does with ENT, which fts_read just returned.  Returns
   false on failure.  */
static bool
visit (struct change_walk *cw, FTSENT *ent)
{
  struct walk *w = (struct walk *) cw;
  struct walk_file f = walk_file_of (cw->fts, ent);
  enum step s;

  cw_settle_dangling (cw, &f);
  if (ent->fts_info == FTS_DP || cw_retry_operand (cw, ent))
    return true;
  s = chmod_file (w, &f);
  if (s == STEP_REFUSED)
    {
      walk_skip_dir (&f);
      return false;
    }
  if (!cw->recurse)
    fts_set (cw->fts, ent, FTS_SKIP);
  return s == STEP_OK;
}

/* On the parallel walk, LIBFTS_WALK_STAT stats each entry before its
   visit, and a directory before it is opened, so a directory is changed
   at FTS_D before it is read (chmod -R u+rx gets into what it opens).  */

/* The parallel walk's visit of E, on whichever thread reaches it.  */
static int
visit_entry (struct libfts_walk_entry *e, void *arg)
{
  struct walk *w = arg;
  struct walk_file f = walk_file_of_entry (e);
  enum step s;

  cw_settle_dangling (&w->cw, &f);
  if (e->info == FTS_DP)
    return LIBFTS_WALK_CONTINUE;
  s = chmod_file (w, &f);
  if (s != STEP_OK)
    cw_fail (&w->cw);
  return s == STEP_REFUSED ? LIBFTS_WALK_SKIP : LIBFTS_WALK_CONTINUE;
}

/* Change the mode of FILES, a null-terminated list of at least one name,
   as X says.  Returns true if all went well.  */
static bool
chmod_files (char *const *files, struct chmod_options const *x)
{
  struct walk w = {
    .cw = { .voice = { speak }, .silenced = silenced,
            .fts_flags = x->fts_flags, .recurse = x->recurse,
            .force_silent = x->force_silent, .root = x->root,
            .say_link = x->verbosity != V_OFF ? say_link : NULL,
            .remote = x->remote },
    .x = x,
  };

  return (cw_parallel (&w.cw, files)
          ? cw_walk_parallel (&w.cw, files, LIBFTS_WALK_STAT, visit_entry)
          : cw_walk_sequential (&w.cw, files, x->fts_flags, visit));
}

/* On a machine that only walks what X->remote hands it: change modes as
   X says there, until told to stop.  Returns true if all went well.  */
static bool
chmod_serve (struct chmod_options const *x)
{
  struct walk w = {
    .cw = { .voice = { speak }, .silenced = silenced,
            .fts_flags = x->fts_flags, .recurse = x->recurse,
            .force_silent = x->force_silent, .root = x->root,
            .remote = x->remote },
    .x = x,
  };

  return cw_serve (&w.cw, visit_entry);
}

/* ---- the command line -------------------------------------------------- */

/* What the options said, besides struct chmod_options.  */
struct cmdline
{
  char *mode;                   /* a mode given as options (-w,-x), or null */
  char const *reference;        /* --reference=RFILE, or null */
  int dereference;              /* -1: default; 0: -h; 1: --dereference */
  bool preserve_root;
};

/* Append ARG, an option that is really a mode ("-w", "-rwx"), to CL's
   mode, comma-separated: "chmod -w -x" is "chmod -w,-x".  */
static void
append_mode (struct cmdline *cl, char const *arg)
{
  size_t old_len = cl->mode ? strlen (cl->mode) : 0;
  size_t len = old_len + (old_len != 0) + strlen (arg);
  char *mode = xmalloc (len + 1);

  if (old_len)
    sprintf (mode, "%s,%s", cl->mode, arg);
  else
    strcpy (mode, arg);
  free (cl->mode);
  cl->mode = mode;
}

/* Apply option C, the last of ARGV's options read, to *X and *CL.  */
static void
apply_option (int c, char **argv, struct chmod_options *x, struct cmdline *cl)
{
  switch (c)
    {
    case 'H': x->fts_flags = FTS_COMFOLLOW | FTS_PHYSICAL; break;
    case 'L': x->fts_flags = FTS_LOGICAL; break;
    case 'P': x->fts_flags = FTS_PHYSICAL; break;
    case 'R': x->recurse = true; break;
    case 'c': x->verbosity = V_CHANGES_ONLY; break;
    case 'f': x->force_silent = true; break;
    case 'h': cl->dereference = 0; break;
    case 'v': x->verbosity = V_HIGH; break;
    case DEREFERENCE_OPTION: cl->dereference = 1; break;
    case NO_PRESERVE_ROOT: cl->preserve_root = false; break;
    case PRESERVE_ROOT: cl->preserve_root = true; break;
    case REFERENCE_FILE_OPTION: cl->reference = optarg; break;
    case HELP_OPTION:
      usage (EXIT_SUCCESS);
    case VERSION_OPTION:
      print_version (PROGRAM_NAME);
    case '?':
      usage (EXIT_FAILURE);
    default:                    /* a mode letter, digit or operator */
      /* "--" and "--r" are modes too, but getopt keeps a leading "--"
         for long options: they are only modes as operands.  */
      append_mode (cl, argv[optind - 1]);
      x->diagnose_surprises = true;
      break;
    }
}

/* What -R, -H, -L, -P, -h and --dereference mean together, into X:
   without -R, the operands' targets are changed, unless -h; with -R,
   operands that are symlinks are followed (-H, the default) unless -P or
   -h, and every symlink with -L.  A symlink that is not followed is left
   alone: Linux gives symlinks no mode of their own.  */
static void
resolve_traversal (struct chmod_options *x, int dereference)
{
  if (x->recurse && x->fts_flags == FTS_PHYSICAL && dereference == 1)
    die_dereference_needs_traversal ();
  if (!x->recurse)
    x->fts_flags = FTS_COMFOLLOW | FTS_PHYSICAL;
  if (dereference == 0 && !(x->fts_flags & FTS_LOGICAL))
    x->fts_flags = FTS_PHYSICAL;
}

/* The mode from CL (or the operand ARGV[*FIRST], then consumed), compiled
   into X, with the umask taken.  Exits on a usage error.  */
static void
compile_mode (int argc, char **argv, int *first, struct chmod_options *x,
              struct cmdline *cl)
{
  char const *mode = cl->mode;

  if (cl->reference && mode)
    {
      error (0, 0, _("cannot combine mode and --reference options"));
      usage (EXIT_FAILURE);
    }
  if (!cl->reference && !mode)
    mode = argv[(*first)++];
  if (argc <= *first)
    {
      warn_missing_operand (mode && mode == argv[*first - 1]
                            ? argv[argc - 1] : NULL);
      usage (EXIT_FAILURE);
    }
  if (cl->reference)
    {
      x->change = mode_create_from_ref (cl->reference);
      if (!x->change)
        die_no_attributes (cl->reference, errno);
      return;
    }
  x->change = mode_compile (mode);
  if (!x->change)
    {
      error (0, 0, _("invalid mode: %s"), quote (mode));
      usage (EXIT_FAILURE);
    }
  x->umask_value = umask (0);
}

int
chmod_main (int argc, char **argv, struct walk_remote const *remote)
{
  struct chmod_options x = { .verbosity = V_OFF,
                             .fts_flags = FTS_COMFOLLOW | FTS_PHYSICAL,
                             .remote = remote };
  struct cmdline cl = { .dereference = -1 };
  struct dev_ino root;
  int c, first;

  set_program_name (argv[0]);
  setlocale (LC_ALL, "");
  atexit (close_stdout);

  while ((c = getopt_long (argc, argv, short_options, long_options, NULL))
         != -1)
    apply_option (c, argv, &x, &cl);
  first = optind;
  resolve_traversal (&x, cl.dereference);
  compile_mode (argc, argv, &first, &x, &cl);

  if (x.recurse && cl.preserve_root)
    x.root = get_root_dev_ino (&root);
  if (remote && remote->serve)
    return chmod_serve (&x) ? EXIT_SUCCESS : EXIT_FAILURE;
  return chmod_files (argv + first, &x) ? EXIT_SUCCESS : EXIT_FAILURE;
}
