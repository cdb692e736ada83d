/* chown: change the owner and group of files, as GNU chown does, on libfts.

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


/* The options, the messages and the exit status are GNU chown's; the
   walk is in chown-core.c, shared with chgrp.  */

#include <config.h>

#include <errno.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "closeout.h"
#include "error.h"
#include "gettext.h"
#include "progname.h"
#include "quote.h"
#include "userspec.h"
#include "xalloc.h"

#include "chown-core.h"
#include "package-info.h"

#define _(msgid) gettext (msgid)

#define PROGRAM_NAME "chown"

static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf (_("\
Usage: %s [OPTION]... [OWNER][:[GROUP]] FILE...\n\
  or:  %s [OPTION]... --reference=RFILE FILE...\n\
"), program_name, program_name);
  fputs (_("\
Change the owner and/or group of each FILE to OWNER and/or GROUP.\n\
With --reference, change the owner and group of each FILE to those of RFILE.\n\
\n\
"), stdout);
  chown_usage_options (_("\
      --from=CURRENT_OWNER:CURRENT_GROUP\n\
                         change the owner and/or group of each file only if\n\
                         its current owner and/or group match those specified\n\
                         here.  Either may be omitted, in which case a match\n\
                         is not required for the omitted attribute\n\
"),
                       _("\
      --reference=RFILE  use RFILE's owner and group rather than\n\
                         specifying OWNER:GROUP values\n\
"));
  fputs (_("\
\n\
Owner is unchanged if missing.  Group is unchanged if missing, but changed\n\
to login group if implied by a ':' following a symbolic OWNER.\n\
OWNER and GROUP may be numeric as well as symbolic.\n\
"), stdout);
  printf (_("\
\n\
Examples:\n\
  %s root /u        Change the owner of /u to \"root\".\n\
  %s root:staff /u  Likewise, but also change its group to \"staff\".\n\
  %s -hR root /u    Change the owner of /u and subfiles to \"root\".\n\
"), program_name, program_name, program_name);
  print_package_info ("chown");
  exit (status);
}

/* The new owner and group from SPEC, [OWNER][:[GROUP]], into *IDS and X;
   "OWNER.GROUP" is accepted with a warning.  Exits if SPEC is invalid.  */
static void
ids_from_spec (char const *spec, struct chown_ids *ids,
               struct chown_options *x)
{
  char *user = NULL, *group = NULL;
  bool warn;
  char const *e;

  ids->uid = -1;
  ids->gid = -1;
  e = parse_user_spec_warn (spec, &ids->uid, &ids->gid, &user, &group,
                            &warn);
  if (e)
    chown_spec_error (e, warn, spec);
  /* A group without an owner is still a change of "ownership" in the
     messages, to ":GROUP", as GNU chown says it.  */
  if (!user && group)
    user = xstrdup ("");
  x->user_name = user;
  x->group_name = group;
}

int
chown_main (int argc, char **argv, struct walk_remote const *remote)
{
  struct chown_cmdline cl = { .preserve_root = false };
  struct chown_ids ids;
  int first;

  set_program_name (argv[0]);
  setlocale (LC_ALL, "");
  atexit (close_stdout);

  first = chown_parse_options (argc, argv, &cl, PROGRAM_NAME, usage);
  if (cl.reference)
    chown_ids_from_reference (cl.reference, true, &ids, &cl.x);
  else
    ids_from_spec (argv[first++], &ids, &cl.x);
  chown_finish_options (&cl, &ids);

  cl.x.remote = remote;
  if (remote && remote->serve)
    return chown_serve (&ids, &cl.x) ? EXIT_SUCCESS : EXIT_FAILURE;
  return chown_files (argv + first, &ids, &cl.x) ? EXIT_SUCCESS : EXIT_FAILURE;
}
