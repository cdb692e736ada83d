/* chgrp: change the group of files, as GNU chgrp does, on libfts.

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


/* The options, the messages and the exit status are GNU chgrp's (with
   --from, from GNU 9.5); the walk is in chown-core.c, shared with
   chown.  */

#include <config.h>

#include <errno.h>
#include <grp.h>
#include <inttypes.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "closeout.h"
#include "error.h"
#include "gettext.h"
#include "progname.h"
#include "quote.h"
#include "intprops.h"
#include "xalloc.h"
#include "xstrtol.h"

#include "chown-core.h"
#include "package-info.h"

#define _(msgid) gettext (msgid)

#define PROGRAM_NAME "chgrp"

static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf (_("\
Usage: %s [OPTION]... GROUP FILE...\n\
  or:  %s [OPTION]... --reference=RFILE FILE...\n\
"), program_name, program_name);
  fputs (_("\
Change the group of each FILE to GROUP.\n\
With --reference, change the group of each FILE to that of RFILE.\n\
\n\
"), stdout);
  chown_usage_options (_("\
      --from=CURRENT_OWNER:CURRENT_GROUP\n\
                         change the group of each file only if\n\
                         its current owner and/or group match those specified\n\
                         here.  Either may be omitted, in which case a match\n\
                         is not required for the omitted attribute\n\
"),
                       _("\
      --reference=RFILE  use RFILE's group rather than specifying a\n\
                         GROUP value\n\
"));
  printf (_("\
\n\
Examples:\n\
  %s staff /u      Change the group of /u to \"staff\".\n\
  %s -hR staff /u  Change the group of /u and subfiles to \"staff\".\n\
"), program_name, program_name);
  print_package_info ("chgrp");
  exit (status);
}

/* The new group GROUP, a name or a number ("" changes nothing), into
   *IDS and X; the messages name it as given.  Exits if GROUP is invalid.
   Not parsed as chown's ":GROUP": any number a gid_t holds is taken,
   4294967295 too, which is -1 and changes nothing, as GNU chgrp takes
   it (chown rejects it).  */
static void
ids_from_group (char const *group, struct chown_ids *ids,
                struct chown_options *x)
{
  if (!*group)
    return;
  struct group *gr = getgrnam (group);
  if (gr)
    ids->gid = gr->gr_gid;
  else
    {
      uintmax_t n;
      if (xstrtoumax (group, NULL, 10, &n, "") != LONGINT_OK
          || n > TYPE_MAXIMUM (gid_t))
        error (EXIT_FAILURE, 0, _("invalid group: %s"), quote (group));
      ids->gid = n;
    }
  endgrent ();
  x->group_name = group;
}

int
chgrp_main (int argc, char **argv, struct walk_remote const *remote)
{
  struct chown_cmdline cl = { .preserve_root = false };
  struct chown_ids ids = { .uid = -1, .gid = -1 };
  int first;

  set_program_name (argv[0]);
  setlocale (LC_ALL, "");
  atexit (close_stdout);

  first = chown_parse_options (argc, argv, &cl, PROGRAM_NAME, usage);
  if (cl.reference)
    chown_ids_from_reference (cl.reference, false, &ids, &cl.x);
  else
    ids_from_group (argv[first++], &ids, &cl.x);
  chown_finish_options (&cl, &ids);

  cl.x.remote = remote;
  if (remote && remote->serve)
    return chown_serve (&ids, &cl.x) ? EXIT_SUCCESS : EXIT_FAILURE;
  return chown_files (argv + first, &ids, &cl.x) ? EXIT_SUCCESS : EXIT_FAILURE;
}
