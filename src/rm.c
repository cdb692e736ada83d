/* rm: remove files and directories, as GNU rm does, on libfts.

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

/* The options, the messages and the exit status are GNU rm's, so that a
   script that works with GNU's works with this one; the removal itself
   is in remove.c.  */

#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "argmatch.h"
#include "close-stream.h"
#include "closeout.h"
#include "error.h"
#include "gettext.h"
#include "progname.h"
#include "quote.h"
#include "yesno.h"

#include "package-info.h"
#include "remove.h"

#define _(msgid) gettext (msgid)

#define PROGRAM_NAME "rm"

/* For long options that have no equivalent short option.  */
enum
{
  INTERACTIVE_OPTION = CHAR_MAX + 1,
  ONE_FILE_SYSTEM,
  NO_PRESERVE_ROOT,
  PRESERVE_ROOT,
  PRESUME_INPUT_TTY_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

enum interactive_type
{
  INTERACTIVE_NEVER,            /* never, no, none */
  INTERACTIVE_ONCE,             /* once: -I */
  INTERACTIVE_ALWAYS            /* always, yes: -i */
};

static char const *const interactive_args[] =
{
  "never", "no", "none", "once", "always", "yes", NULL
};
static enum interactive_type const interactive_types[] =
{
  INTERACTIVE_NEVER, INTERACTIVE_NEVER, INTERACTIVE_NEVER,
  INTERACTIVE_ONCE, INTERACTIVE_ALWAYS, INTERACTIVE_ALWAYS
};
ARGMATCH_VERIFY (interactive_args, interactive_types);

/* In GNU rm's order, which the "ambiguous option" message follows.  */
static struct option const long_options[] =
{
  {"dir", no_argument, NULL, 'd'},
  {"force", no_argument, NULL, 'f'},
  {"interactive", optional_argument, NULL, INTERACTIVE_OPTION},
  {"one-file-system", no_argument, NULL, ONE_FILE_SYSTEM},
  {"no-preserve-root", no_argument, NULL, NO_PRESERVE_ROOT},
  {"preserve-root", optional_argument, NULL, PRESERVE_ROOT},
  /* For the tests only, undocumented: behave as if standard input were a
     terminal, which is hard to arrange in a test.  */
  {"-presume-input-tty", no_argument, NULL, PRESUME_INPUT_TTY_OPTION},
  {"recursive", no_argument, NULL, 'r'},
  {"verbose", no_argument, NULL, 'v'},
  {"help", no_argument, NULL, HELP_OPTION},
  {"version", no_argument, NULL, VERSION_OPTION},
  {NULL, 0, NULL, 0}
};

/* What the command line asked for, besides struct rm_options.  */
struct cmdline
{
  bool preserve_root;           /* --preserve-root (the default) */
  bool prompt_once;             /* -I: ask once, before starting */
};

static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf (_("Usage: %s [OPTION]... [FILE]...\n"), program_name);
  fputs (_("\
Remove (unlink) the FILE(s).\n\
\n\
  -f, --force           ignore nonexistent files and arguments, never prompt\n\
  -i                    prompt before every removal\n\
"), stdout);
  fputs (_("\
  -I                    prompt once before removing more than three files, or\n\
                          when removing recursively; less intrusive than -i,\n\
                          while still giving protection against most mistakes\n\
      --interactive[=WHEN]  prompt according to WHEN: never, once (-I), or\n\
                          always (-i); without WHEN, prompt always\n\
"), stdout);
  fputs (_("\
      --one-file-system  when removing a hierarchy recursively, skip any\n\
                          directory that is on a file system different from\n\
                          that of the corresponding command line argument\n\
"), stdout);
  fputs (_("\
      --no-preserve-root  do not treat '/' specially\n\
      --preserve-root[=all]  do not remove '/' (default);\n\
                              with 'all', reject any command line argument\n\
                              on a separate device from its parent\n\
"), stdout);
  fputs (_("\
  -r, -R, --recursive   remove directories and their contents recursively\n\
  -d, --dir             remove empty directories\n\
  -v, --verbose         explain what is being done\n\
"), stdout);
  print_help_version_options ();
  fputs (_("\
\n\
By default, rm does not remove directories.  Use the --recursive (-r or -R)\n\
option to remove each listed directory, too, along with all of its contents.\n\
"), stdout);
  printf (_("\
\n\
To remove a file whose name starts with a '-', for example '-foo',\n\
use one of these commands:\n\
  %s -- -foo\n\
\n\
  %s ./-foo\n\
"), program_name, program_name);
  fputs (_("\
\n\
Note that if you use rm to remove a file, it might be possible to recover\n\
some of its contents, given sufficient expertise and/or time.  For greater\n\
assurance that the contents are truly unrecoverable, consider using shred(1).\n\
"), stdout);
  print_package_info ("rm");
  exit (status);
}

/* What XARGMATCH does after an invalid argument: "Try ... --help".  */
static void
usage_failure (void)
{
  usage (EXIT_FAILURE);
}

/* After an invalid option: if one of ARGV's ARGC arguments looks like an
   option but names an existing file ("rm -foo"), tell how to remove it.
   Names the program by ARGV[0], as GNU rm does.  */
static void
diagnose_leading_hyphen (int argc, char **argv)
{
  struct stat st;

  for (int i = 1; i < argc; i++)
    if (argv[i][0] == '-' && argv[i][1] && lstat (argv[i], &st) == 0)
      {
        fprintf (stderr, _("Try '%s ./%s' to remove the file %s.\n"),
                 argv[0],
                 quotearg_n_style (1, shell_escape_quoting_style, argv[i]),
                 quoteaf (argv[i]));
        return;
      }
}

/* --interactive=WHEN; -i and -I are its short forms ("always", "once"),
   and -f almost "never".  The last one given wins.  */
static void
set_interactive (enum interactive_type when, struct rm_options *x,
                 struct cmdline *c)
{
  switch (when)
    {
    case INTERACTIVE_NEVER:
      x->interactive = RMI_NEVER;
      c->prompt_once = false;
      break;
    case INTERACTIVE_ONCE:
      x->interactive = RMI_SOMETIMES;
      x->ignore_missing_files = false;
      c->prompt_once = true;
      break;
    case INTERACTIVE_ALWAYS:
      x->interactive = RMI_ALWAYS;
      x->ignore_missing_files = false;
      c->prompt_once = false;
      break;
    }
}

/* --preserve-root[=ARG] and --no-preserve-root (OPTION, as given: GNU
   refuses to take that one abbreviated, being dangerous).  */
static void
set_preserve_root (int c, char const *option, char const *arg,
                   struct rm_options *x, struct cmdline *cl)
{
  if (c == NO_PRESERVE_ROOT)
    {
      if (strcmp (option, "--no-preserve-root") != 0)
        error (EXIT_FAILURE, 0,
               _("you may not abbreviate the --no-preserve-root option"));
      cl->preserve_root = false;
      return;
    }
  if (arg && strcmp (arg, "all") != 0)
    error (EXIT_FAILURE, 0, _("unrecognized --preserve-root argument: %s"),
           quoteaf (arg));
  if (arg)
    x->preserve_all_root = true;
  cl->preserve_root = true;
}

/* Parse ARGV's options into *X and *CL; return the index of the first
   operand.  Exits on a usage error, --help and --version.  */
static int
parse_options (int argc, char **argv, struct rm_options *x,
               struct cmdline *cl)
{
  int c;

  while ((c = getopt_long (argc, argv, "dfirvIR", long_options, NULL)) != -1)
    switch (c)
      {
      case 'd':
        x->remove_empty_directories = true;
        break;
      case 'f':
        x->interactive = RMI_NEVER;
        x->ignore_missing_files = true;
        cl->prompt_once = false;
        break;
      case 'i':
        set_interactive (INTERACTIVE_ALWAYS, x, cl);
        break;
      case 'I':
        set_interactive (INTERACTIVE_ONCE, x, cl);
        break;
      case 'r': case 'R':
        x->recursive = true;
        break;
      case INTERACTIVE_OPTION:
        set_interactive (optarg ? XARGMATCH ("--interactive", optarg,
                                             interactive_args,
                                             interactive_types)
                         : INTERACTIVE_ALWAYS, x, cl);
        break;
      case ONE_FILE_SYSTEM:
        x->one_file_system = true;
        break;
      case NO_PRESERVE_ROOT: case PRESERVE_ROOT:
        set_preserve_root (c, argv[optind - 1], optarg, x, cl);
        break;
      case PRESUME_INPUT_TTY_OPTION:
        x->stdin_tty = true;
        break;
      case 'v':
        x->verbose = true;
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS);
      case VERSION_OPTION:
        print_version (PROGRAM_NAME);
      default:
        diagnose_leading_hyphen (argc, argv);
        usage (EXIT_FAILURE);
      }
  return optind;
}

/* -I: ask once whether to go on removing the N_FILES operands (with -r,
   or when there are more than three).  Returns the answer.  */
static bool
confirm_once (uintmax_t n_files, bool recursive)
{
  unsigned long n = n_files < ULONG_MAX ? n_files : ULONG_MAX;

  if (recursive)
    fprintf (stderr, ngettext ("%s: remove %ju argument recursively? ",
                               "%s: remove %ju arguments recursively? ", n),
             program_name, n_files);
  else
    fprintf (stderr, ngettext ("%s: remove %ju argument? ",
                               "%s: remove %ju arguments? ", n),
             program_name, n_files);
  return yesno ();
}

/* At exit, what GNU rm does with gnulib's closein: leave a seekable
   standard input just after the answers that were read (stdio reads
   ahead), so that in "(rm -i a; rm -i b) < answers" each rm gets its own
   lines; diagnose a failed read of the answers ("error closing file");
   then close standard output, diagnosing a write error.  On glibc,
   fseeko discards what was read ahead and moves the descriptor back; it
   fails harmlessly, without setting the error flag, on a pipe.  */
static void
close_stdin_and_stdout (void)
{
  bool stdin_failed;

  fseeko (stdin, 0, SEEK_CUR);
  stdin_failed = close_stream (stdin) != 0;
  if (stdin_failed)
    error (0, errno, "%s", _("error closing file"));
  close_stdout ();
  if (stdin_failed)
    _exit (EXIT_FAILURE);
}

int
rm_main (int argc, char **argv, struct walk_remote const *remote)
{
  struct rm_options x =
    {
      .interactive = RMI_SOMETIMES,
      .stdin_tty = isatty (STDIN_FILENO)
    };
  struct cmdline cl = { .preserve_root = true };
  struct dev_ino root;
  int first;

  set_program_name (argv[0]);
  setlocale (LC_ALL, "");
  atexit (close_stdin_and_stdout);
  argmatch_die = usage_failure;

  first = parse_options (argc, argv, &x, &cl);
  if (argc <= first)
    {
      if (x.ignore_missing_files)
        return EXIT_SUCCESS;
      warn_missing_operand (NULL);
      usage (EXIT_FAILURE);
    }

  if (x.recursive && cl.preserve_root)
    x.root = get_root_dev_ino (&root);
  x.remote = remote;
  if (remote && remote->serve)
    return rm_serve (&x) == RM_ERROR ? EXIT_FAILURE : EXIT_SUCCESS;

  if (cl.prompt_once && (x.recursive || 3 < argc - first)
      && !confirm_once (argc - first, x.recursive))
    return EXIT_SUCCESS;

  return rm (argv + first, &x) == RM_ERROR ? EXIT_FAILURE : EXIT_SUCCESS;
}
