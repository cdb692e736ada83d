/* package-info.c: what the programs' --help and --version share.

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

#include <config.h>

#include "package-info.h"

#include <stdio.h>
#include <stdlib.h>

#include "gettext.h"
#include "progname.h"
#include "version-etc.h"

#define _(msgid) gettext (msgid)

/* The copyright line of --version.  Defined here, in the object every
   program links for its --help, it keeps gnulib's version-etc-fsf.o
   (which would credit the FSF) out of the link.  */
char const version_etc_copyright[] = "Copyright %s %d The libfts authors.";

/* The year of this release, for --version.  */
enum { LIBFTS_COPYRIGHT_YEAR = 2026 };

char const *program_prefix = "";

void
print_package_info (char const *program)
{
  printf (_("\nThis %s%s is part of %s %s, whose README documents it.\n"),
          program_prefix, program, PACKAGE_NAME, PACKAGE_VERSION);
  if (*PACKAGE_URL)
    printf (_("%s home page: <%s>\n"), PACKAGE_NAME, PACKAGE_URL);
  if (*PACKAGE_BUGREPORT)
    printf (_("Report bugs to: %s\n"), PACKAGE_BUGREPORT);
}

void
print_help_version_options (void)
{
  if (*program_prefix)
    fputs (_("\
      --progress=SECONDS  every SECONDS, say on standard error (rank 0)\n\
                            how many entries the ranks have visited\n\
"), stdout);
  fputs (_("      --help        display this help and exit\n"), stdout);
  fputs (_("      --version     output version information and exit\n"),
         stdout);
}

void
print_change_verbosity_options (void)
{
  fputs (_("\
  -c, --changes          like verbose but report only when a change is made\n\
  -f, --silent, --quiet  suppress most error messages\n\
  -v, --verbose          output a diagnostic for every file processed\n\
"), stdout);
}

void
print_preserve_root_options (void)
{
  fputs (_("\
      --no-preserve-root  do not treat '/' specially (the default)\n\
      --preserve-root    fail to operate recursively on '/'\n\
"), stdout);
}

void
try_help (int status)
{
  fprintf (stderr, _("Try '%s --help' for more information.\n"),
           program_name);
  exit (status);
}

void
print_version (char const *program)
{
  /* As gnulib's version_etc lays it out, with the year this release was
     made in: version_etc's is the year of the gnulib it comes from.  */
  printf ("%s%s (%s) %s\n", program_prefix, program, PACKAGE_NAME,
          PACKAGE_VERSION);
  printf (version_etc_copyright, _("(C)"), LIBFTS_COPYRIGHT_YEAR);
  fputs ("\n", stdout);
  fputs (_("\
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n\
This is free software: you are free to change and redistribute it.\n\
There is NO WARRANTY, to the extent permitted by law.\n\
"), stdout);
  printf (_("\nWritten by %s.\n"), "The libfts authors");
  exit (EXIT_SUCCESS);
}
