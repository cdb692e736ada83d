/* chown-core.h: the ownership-changing core of chown and chgrp, on libfts.

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

#ifndef LIBFTS_CHOWN_CORE_H
#define LIBFTS_CHOWN_CORE_H 1

#include <stdbool.h>
#include <sys/types.h>

#include "quoting.h"
#include "walk-util.h"

/* How much chown and chgrp say about each file.  */
enum chown_verbosity
{
  CV_HIGH,                      /* -v: every file */
  CV_CHANGES_ONLY,              /* -c: the files whose owner changed */
  CV_OFF                        /* neither */
};

/* What the command line asked for.  */
struct chown_options
{
  enum chown_verbosity verbosity;
  bool recurse;                 /* -R */
  bool force_silent;            /* -f: no diagnostics for failures */
  bool affect_symlink_referent; /* --dereference: a symlink's target */
  int fts_flags;                /* FTS_PHYSICAL, with FTS_COMFOLLOW for -H;
                                   or FTS_LOGICAL for -L */
  struct dev_ino const *root;   /* refuse to walk "/" (null: do not) */
  char const *user_name;        /* the new owner as the messages name it
                                   ("" when only a group was given to
                                   chown), or null */
  char const *group_name;       /* the new group so named, or null */
  struct walk_remote const *remote;  /* walks elsewhere too (mpi-chown,
                                   mpi-chgrp); null: here */
};

/* The new owner UID and group GID ((uid_t) -1, (gid_t) -1: unchanged),
   for files whose owner and group are REQUIRED_UID and REQUIRED_GID
   (-1: any), as --from says.  */
struct chown_ids
{
  uid_t uid;
  gid_t gid;
  uid_t required_uid;
  gid_t required_gid;
};

/* Change the owner and group of FILES, a null-terminated list of at least
   one name, as IDS and X say, diagnosing each failure.  Returns true if
   all went well.  */
bool chown_files (char *const *files, struct chown_ids const *ids,
                  struct chown_options const *x);

/* On a machine that only walks what X->remote hands it: change owners
   as IDS and X say there, until told to stop.  Returns true if all went
   well.  */
bool chown_serve (struct chown_ids const *ids, struct chown_options const *x);

/* Run chown (chown.c) or chgrp (chgrp.c) with the command line ARGC,
   ARGV, walking with REMOTE (null: here alone); returns the exit status
   (they may also exit, as GNU's do).  */
int chown_main (int argc, char **argv, struct walk_remote const *remote);
int chgrp_main (int argc, char **argv, struct walk_remote const *remote);

/* ---- the command line shared by chown and chgrp ---------------------- */

/* What the options said, before the operands are looked at.  */
struct chown_cmdline
{
  struct chown_options x;
  int dereference;              /* -1: default; 0: -h; 1: --dereference */
  bool preserve_root;           /* --preserve-root */
  char const *reference;        /* --reference=RFILE, or null */
  uid_t required_uid;           /* --from's owner, or -1 */
  gid_t required_gid;           /* --from's group, or -1 */
};

/* Parse ARGV's options into *CL for PROGRAM ("chown" or "chgrp"), whose
   --help is USAGE; return the index of the first operand.  Then resolve
   what -R, -H, -L, -P, -h and --dereference mean together, and check that
   at least two operands follow (one with --reference).
   Exits on a usage error, --help and --version.  */
int chown_parse_options (int argc, char **argv, struct chown_cmdline *cl,
                         char const *program, void (*usage) (int));

/* Print the options of --help that chown and chgrp share, in GNU's order,
   with FROM and REFERENCE, their texts for --from and --reference.  */
void chown_usage_options (char const *from, char const *reference);

/* Say E, what parse_user_spec_warn found wrong with SPEC (an OWNER:GROUP
   or --from's), as GNU chown does ("E: 'SPEC'"), and exit with
   EXIT_FAILURE unless it is only a WARNING ("OWNER.GROUP").  */
void chown_spec_error (char const *e, bool warning, char const *spec);

/* The new group, and the new owner too if OWNER, from --reference=RFILE,
   into *IDS and X.  Exits if RFILE cannot be stat-ed.  */
void chown_ids_from_reference (char const *rfile, bool owner,
                               struct chown_ids *ids, struct chown_options *x);

/* Set IDS's --from part from CL, and CL->x.root for --preserve-root with
   -R.  */
void chown_finish_options (struct chown_cmdline *cl, struct chown_ids *ids);

#endif /* LIBFTS_CHOWN_CORE_H */
