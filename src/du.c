/* du: estimate file space usage, as GNU du does, on libfts.

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

/* The options, the messages and the exit status are GNU du's, so that a
   script that works with GNU's works with this one; the walk itself is
   du's core (du-core.h: du-core.c and the files du-int.h lists).  */

#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fts.h"

#include "argmatch.h"
#include "argv-iter.h"
#include "closeout.h"
#include "error.h"
#include "exclude.h"
#include "gettext.h"
#include "human.h"
#include "progname.h"
#include "quote.h"
#include "xalloc.h"
#include "xstrtol.h"
#include "xstrtol-error.h"

#include "du.h"
#include "package-info.h"

#define _(msgid) gettext (msgid)

#define PROGRAM_NAME "du"

/* For long options that have no equivalent short option.  */
enum
{
  APPARENT_SIZE_OPTION = CHAR_MAX + 1,
  EXCLUDE_OPTION,
  FILES0_FROM_OPTION,
  HUMAN_SI_OPTION,
  INODES_OPTION,
  TIME_OPTION,
  TIME_STYLE_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

/* In GNU du's order, which the "ambiguous option" message follows.  */
static struct option const long_options[] =
{
  {"all", no_argument, NULL, 'a'},
  {"apparent-size", no_argument, NULL, APPARENT_SIZE_OPTION},
  {"block-size", required_argument, NULL, 'B'},
  {"bytes", no_argument, NULL, 'b'},
  {"count-links", no_argument, NULL, 'l'},
  {"dereference", no_argument, NULL, 'L'},
  {"dereference-args", no_argument, NULL, 'D'},
  {"exclude", required_argument, NULL, EXCLUDE_OPTION},
  {"exclude-from", required_argument, NULL, 'X'},
  {"files0-from", required_argument, NULL, FILES0_FROM_OPTION},
  {"human-readable", no_argument, NULL, 'h'},
  {"inodes", no_argument, NULL, INODES_OPTION},
  {"si", no_argument, NULL, HUMAN_SI_OPTION},
  {"max-depth", required_argument, NULL, 'd'},
  {"null", no_argument, NULL, '0'},
  {"no-dereference", no_argument, NULL, 'P'},
  {"one-file-system", no_argument, NULL, 'x'},
  {"separate-dirs", no_argument, NULL, 'S'},
  {"summarize", no_argument, NULL, 's'},
  {"total", no_argument, NULL, 'c'},
  {"threshold", required_argument, NULL, 't'},
  {"time", optional_argument, NULL, TIME_OPTION},
  {"time-style", required_argument, NULL, TIME_STYLE_OPTION},
  {"help", no_argument, NULL, HELP_OPTION},
  {"version", no_argument, NULL, VERSION_OPTION},
  {NULL, 0, NULL, 0}
};

static char const *const time_args[] =
{
  "atime", "access", "use", "ctime", "status", NULL
};
static enum du_time const time_types[] =
{
  DU_ATIME, DU_ATIME, DU_ATIME, DU_CTIME, DU_CTIME
};
ARGMATCH_VERIFY (time_args, time_types);

static char const *const time_style_args[] =
{
  "full-iso", "long-iso", "iso", NULL
};
static char const *const time_style_formats[] =
{
  "%Y-%m-%d %H:%M:%S.%N %z", "%Y-%m-%d %H:%M", "%Y-%m-%d"
};
ARGMATCH_VERIFY (time_style_args, time_style_formats);

/* What the command line asked for, besides struct du_options.  */
struct cmdline
{
  bool ok;                      /* no invalid option so far */
  bool print_total;             /* -c */
  bool summarize;               /* -s */
  bool max_depth_given;         /* -d */
  int deref;                    /* FTS_PHYSICAL, FTS_LOGICAL, or
                                   FTS_PHYSICAL | FTS_COMFOLLOW */
  char const *time_style;       /* --time-style */
};

static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf (_("\
Usage: %s [OPTION]... [FILE]...\n\
  or:  %s [OPTION]... --files0-from=F\n\
"), program_name, program_name);
  fputs (_("\
Summarize device usage of the set of FILEs, recursively for directories.\n\
\n\
Mandatory arguments to long options are mandatory for short options too.\n\
  -0, --null            end each output line with NUL, not newline\n\
  -a, --all             write counts for all files, not just directories\n\
  -A, --apparent-size   print apparent sizes rather than device usage; although\n\
                          the apparent size is usually smaller, it may be\n\
                          larger due to holes in ('sparse') files, internal\n\
                          fragmentation, indirect blocks, and the like\n\
"), stdout);
  fputs (_("\
  -B, --block-size=SIZE  scale sizes by SIZE before printing them; e.g.,\n\
                           '-BM' prints sizes in units of 1,048,576 bytes;\n\
                           see SIZE format below\n\
  -b, --bytes           equivalent to '--apparent-size --block-size=1'\n\
  -c, --total           produce a grand total\n\
  -D, --dereference-args  dereference only symlinks that are listed on the\n\
                          command line\n\
  -d, --max-depth=N     print the total for a directory (or file, with --all)\n\
                          only if it is N or fewer levels below the command\n\
                          line argument;  --max-depth=0 is the same as\n\
                          --summarize\n\
"), stdout);
  fputs (_("\
      --files0-from=F   summarize device usage of the\n\
                          NUL-terminated file names specified in file F;\n\
                          if F is -, then read names from standard input\n\
  -H                    equivalent to --dereference-args (-D)\n\
  -h, --human-readable  print sizes in human readable format (e.g., 1K 234M 2G)\n\
      --inodes          list inode usage information instead of block usage\n\
  -k                    like --block-size=1K\n\
  -L, --dereference     dereference all symbolic links\n\
  -l, --count-links     count sizes many times if hard linked\n\
  -m                    like --block-size=1M\n\
"), stdout);
  fputs (_("\
  -P, --no-dereference  don't follow any symbolic links (this is the default)\n\
  -S, --separate-dirs   for directories do not include size of subdirectories\n\
      --si              like -h, but use powers of 1000 not 1024\n\
  -s, --summarize       display only a total for each argument\n\
  -t, --threshold=SIZE  exclude entries smaller than SIZE if positive,\n\
                          or entries greater than SIZE if negative\n\
      --time            show time of the last modification of any file in the\n\
                          directory, or any of its subdirectories\n\
      --time=WORD       show time as WORD instead of modification time:\n\
                          atime, access, use, ctime or status\n\
      --time-style=STYLE  show times using STYLE, which can be:\n\
                            full-iso, long-iso, iso, or +FORMAT;\n\
                            FORMAT is interpreted like in 'date'\n\
"), stdout);
  fputs (_("\
  -X, --exclude-from=FILE  exclude files that match any pattern in FILE\n\
      --exclude=PATTERN    exclude files that match PATTERN\n\
  -x, --one-file-system    skip directories on different file systems\n\
"), stdout);
  print_help_version_options ();
  fputs (_("\n\
Display values are in units of the first available SIZE from --block-size,\n\
and the DU_BLOCK_SIZE, BLOCK_SIZE and BLOCKSIZE environment variables.\n\
Otherwise, units default to 1024 bytes (or 512 if POSIXLY_CORRECT is set).\n\
"), stdout);
  fputs (_("\n\
The SIZE argument is an integer and optional unit (example: 10K is 10*1024).\n\
Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).\n\
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.\n\
"), stdout);
  print_package_info ("du");
  exit (status);
}

/* What XARGMATCH does after an invalid argument: "Try ... --help".  */
static void
usage_failure (void)
{
  usage (EXIT_FAILURE);
}

/* -d N: N must be a nonnegative integer, as GNU du 9.1 says (9.4 to 9.11
   took a negative one for 0; GNU after 9.11, coreutils commit 165b62de8,
   refuses it again).  */
static void
set_max_depth (char const *arg, struct du_options *x, struct cmdline *cl)
{
  intmax_t n;

  if (xstrtoimax (arg, NULL, 0, &n, "") == LONGINT_OK
      && 0 <= n && (uintmax_t) n <= SIZE_MAX)
    {
      x->max_depth = n;
      cl->max_depth_given = true;
      return;
    }
  error (0, 0, _("invalid maximum depth %s"), quote (arg));
  cl->ok = false;
}

/* -t SIZE, given as option number OI (-1: the short one): at least SIZE
   bytes (or inodes), or at most -SIZE when negative; "-0" makes no
   sense.  */
static void
set_threshold (char const *arg, int oi, struct du_options *x)
{
  enum strtol_error e = xstrtoimax (arg, NULL, 0, &x->threshold,
                                    "kKmMGTPEZY0");

  if (e != LONGINT_OK)
    xstrtol_fatal (e, oi, 't', long_options, arg);
  if (x->threshold == 0 && *arg == '-')
    error (EXIT_FAILURE, 0, _("invalid --threshold argument '-0'"));
}

/* -X FILE: the patterns of FILE, one a line.  */
static void
add_exclude_from (char const *file, struct du_options *x, struct cmdline *cl)
{
  if (add_exclude_file (add_exclude, x->exclude, file, EXCLUDE_WILDCARDS,
                        '\n') != 0)
    {
      error (0, errno, "%s", quotef (file));
      cl->ok = false;
    }
}

/* Handle option C (its argument ARG, its index OI in long_options or -1)
   of those that choose sizes and units.  Returns false if C is not one.  */
static bool
size_option (int c, char const *arg, int oi, struct du_options *x)
{
  switch (c)
    {
    case 'A': case APPARENT_SIZE_OPTION:
      x->apparent_size = true;
      return true;
    case 'b':
      x->apparent_size = true;
      x->human_opts = 0;
      x->block_size = 1;
      return true;
    case 'B':
      {
        enum strtol_error e = human_options (arg, &x->human_opts,
                                             &x->block_size);
        if (e != LONGINT_OK)
          xstrtol_fatal (e, oi, c, long_options, arg);
      }
      return true;
    case 'h':
      x->human_opts = human_autoscale | human_SI | human_base_1024;
      x->block_size = 1;
      return true;
    case HUMAN_SI_OPTION:
      x->human_opts = human_autoscale | human_SI;
      x->block_size = 1;
      return true;
    case 'k': case 'm':
      x->human_opts = 0;
      x->block_size = c == 'k' ? 1024 : 1024 * 1024;
      return true;
    case INODES_OPTION:
      x->inodes = true;
      return true;
    default:
      return false;
    }
}

/* Handle option C of those that choose what is walked and how.  Returns
   false if C is not one.  */
static bool
walk_option (int c, char const *arg, struct du_options *x,
             struct cmdline *cl)
{
  switch (c)
    {
    case 'D': case 'H':
      cl->deref = FTS_PHYSICAL | FTS_COMFOLLOW;
      return true;
    case 'L':
      cl->deref = FTS_LOGICAL;
      return true;
    case 'P':
      cl->deref = FTS_PHYSICAL;
      return true;
    case 'l':
      x->count_links = true;
      return true;
    case 'x':
      x->fts_flags |= FTS_XDEV;
      return true;
    case 'X':
      if (!x->exclude)
        x->exclude = new_exclude ();
      add_exclude_from (arg, x, cl);
      return true;
    case EXCLUDE_OPTION:
      if (!x->exclude)
        x->exclude = new_exclude ();
      add_exclude (x->exclude, arg, EXCLUDE_WILDCARDS);
      return true;
    case FILES0_FROM_OPTION:
      x->files_from = arg;
      return true;
    default:
      return false;
    }
}

/* Handle option C of those that choose what is printed.  Returns false if
   C is not one.  */
static bool
output_option (int c, char const *arg, int oi, struct du_options *x,
               struct cmdline *cl)
{
  switch (c)
    {
    case '0':
      x->null_terminate = true;
      return true;
    case 'a':
      x->all = true;
      return true;
    case 'c':
      cl->print_total = true;
      return true;
    case 'd':
      set_max_depth (arg, x, cl);
      return true;
    case 's':
      cl->summarize = true;
      return true;
    case 'S':
      x->separate_dirs = true;
      return true;
    case 't':
      set_threshold (arg, oi, x);
      return true;
    case TIME_OPTION:
      x->show_time = true;
      x->time_type = arg ? XARGMATCH ("--time", arg, time_args, time_types)
                     : DU_MTIME;
      x->tz = tzalloc (getenv ("TZ"));
      return true;
    case TIME_STYLE_OPTION:
      cl->time_style = arg;
      return true;
    default:
      return false;
    }
}

/* Parse ARGV's options into *X and *CL; return the index of the first
   operand.  Exits on --help and --version; an invalid option leaves
   CL->ok false.  */
static int
parse_options (int argc, char **argv, struct du_options *x,
               struct cmdline *cl)
{
  int c, oi = -1;

  while ((c = getopt_long (argc, argv, "0aAbd:chHklmst:xB:DLPSX:",
                           long_options, &oi)) != -1)
    {
      if (size_option (c, optarg, oi, x) || walk_option (c, optarg, x, cl)
          || output_option (c, optarg, oi, x, cl))
        ;
      else if (c == HELP_OPTION)
        usage (EXIT_SUCCESS);
      else if (c == VERSION_OPTION)
        print_version (PROGRAM_NAME);
      else
        cl->ok = false;
      oi = -1;
    }
  return optind;
}

/* The format of --time's times: from --time-style, else TIME_STYLE (where
   "locale" means the default, text after a newline in a +FORMAT is
   ignored, and "posix-" prefixes are dropped, as ls does), else
   long-iso.  */
static char const *
time_format (char const *style)
{
  if (!style)
    {
      char *env = getenv ("TIME_STYLE");

      if (!env || strcmp (env, "locale") == 0)
        style = "long-iso";
      else if (*env == '+')
        {
          char *nl = strchr (env, '\n');
          if (nl)
            *nl = '\0';
          style = env;
        }
      else
        {
          style = env;
          while (strncmp (style, "posix-", 6) == 0)
            style += 6;
        }
    }
  if (*style == '+')
    return style + 1;
  return XARGMATCH ("time style", style, time_style_args, time_style_formats);
}

/* How the names of the lines are quoted: not at all unless standard
   output is a terminal (never where X's walker says it is forwarded),
   and never with -0; on a terminal as
   QUOTING_STYLE says, read as ls reads it (an invalid value is ignored,
   with a warning), else shell-escaped.  GNU du after 9.11 (coreutils
   commit d18b73bb6, in no release yet); 9.1 never quotes them.  */
static enum quoting_style
name_quoting_style (struct du_options const *x)
{
  char const *env;

  if (x->null_terminate || (x->walker && x->walker->output_forwarded)
      || !isatty (STDOUT_FILENO))
    return literal_quoting_style;
  env = getenv ("QUOTING_STYLE");
  if (env)
    {
      ptrdiff_t i = ARGMATCH (env, quoting_style_args, quoting_style_vals);

      if (0 <= i)
        return quoting_style_vals[i];
      error (0, 0, _("ignoring invalid value of environment variable "
                     "QUOTING_STYLE: %s"), quote (env));
    }
  return shell_escape_quoting_style;
}

/* Check the options against one another, once all are parsed; exits on a
   conflict.  */
static void
check_options (struct du_options *x, struct cmdline *cl)
{
  if (!cl->ok)
    usage (EXIT_FAILURE);
  x->name_style = name_quoting_style (x);
  if (x->all && cl->summarize)
    {
      error (0, 0, _("cannot both summarize and show all entries"));
      usage (EXIT_FAILURE);
    }
  if (cl->summarize && cl->max_depth_given && x->max_depth == 0)
    error (0, 0, _("warning: summarizing is the same as using --max-depth=0"));
  if (cl->summarize && cl->max_depth_given && x->max_depth != 0)
    {
      error (0, 0, _("warning: summarizing conflicts with --max-depth=%lu"),
             (unsigned long) x->max_depth);
      usage (EXIT_FAILURE);
    }
  if (cl->summarize)
    x->max_depth = 0;
  if (x->inodes)
    {
      if (x->apparent_size)
        error (0, 0, _("warning: options --apparent-size and -b are "
                       "ineffective with --inodes"));
      x->block_size = 1;
    }
  if (x->show_time)
    x->time_format = time_format (cl->time_style);
}

/* Walk the names of --files0-from (X->files_from, NUL-terminated) as X
   says, each as soon as it is read, as GNU du does: memory does not grow
   with their number, and output comes as they do.  A read error is
   reported after the names read before it are walked, naming the file as
   it was given: "-: read error", as GNU du 9.1 and later say for standard
   input.  Returns the outcome.  */
static enum du_status
du_files0 (struct du_options const *x, struct du_sum *total)
{
  char const *files_from = x->files_from;
  struct operands ops = { .names_from = stdin };
  enum du_status status;
  struct du_walk *w;

  if (strcmp (files_from, "-") != 0 && !freopen (files_from, "r", stdin))
    error (EXIT_FAILURE, errno, _("cannot open %s for reading"),
           quoteaf (files_from));
  ops.names = argv_iter_init_stream (stdin);
  if (!ops.names)
    xalloc_die ();
  w = du_walk_start (x, total);
  status = du_walk_operands (w, &ops);
  if (ops.read_failed)
    {
      error (0, ops.read_errno, _("%s: read error"), quotef (files_from));
      status = DU_ERROR;
    }
  du_walk_end (w);
  argv_iter_free (ops.names);
  if ((ferror (stdin) || fclose (stdin) != 0) && status == DU_OK)
    error (EXIT_FAILURE, 0, _("error reading %s"), quoteaf (files_from));
  return status;
}

int
du_main (int argc, char **argv, struct walk_remote const *walker)
{
  struct du_options x = { .max_depth = SIZE_MAX };
  struct cmdline cl = { .ok = true, .deref = FTS_PHYSICAL };
  static char *cwd_only[] = { (char *) ".", NULL };
  enum du_status status;
  struct du_sum total;
  int first;

  set_program_name (argv[0]);
  setlocale (LC_ALL, "");
  atexit (close_stdout);
  argmatch_die = usage_failure;
  human_options (getenv ("DU_BLOCK_SIZE"), &x.human_opts, &x.block_size);

  x.walker = walker;
  first = parse_options (argc, argv, &x, &cl);
  check_options (&x, &cl);
  x.fts_flags |= cl.deref;
  du_sum_init (&total);
  /* The grand total's time starts at the epoch, not before all time as
     an entry's does: GNU du's total is a zeroed static, so "du -c
     --time missing" says "1970-01-01 00:00" on its total line.  */
  total.tmax = (struct timespec) { 0, 0 };
  if (walker && walker->serve)
    return du_serve (&x) == DU_OK ? EXIT_SUCCESS : EXIT_FAILURE;

  if (x.files_from)
    {
      if (first < argc)
        {
          error (0, 0, _("extra operand %s"), quote (argv[first]));
          fprintf (stderr, "%s\n",
                   _("file operands cannot be combined with --files0-from"));
          usage (EXIT_FAILURE);
        }
      /* The names cannot be counted ahead: assume the worst.  */
      x.several = true;
      x.hash_all = cl.deref == FTS_LOGICAL;
      status = du_files0 (&x, &total);
    }
  else
    {
      /* A file with one link may be met twice with several operands, or
         by following symlinks.  */
      x.several = first + 1 < argc;
      x.hash_all = cl.deref == FTS_LOGICAL;
      status = du_files (first < argc ? argv + first : cwd_only, &x, &total);
    }

  if (cl.print_total)
    du_print (&x, &total, _("total"));
  if (x.exclude)
    free_exclude (x.exclude);
  return status == DU_OK ? EXIT_SUCCESS : EXIT_FAILURE;
}
