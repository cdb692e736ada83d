/* remove.h: the removal core of rm, on libfts.

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

#ifndef LIBFTS_REMOVE_H
#define LIBFTS_REMOVE_H 1

#include <stdbool.h>
#include <sys/types.h>

#include "quoting.h"
#include "walk-util.h"

/* When rm asks before removing.  */
enum rm_interactive
{
  RMI_ALWAYS = 3,               /* -i: before every removal */
  RMI_SOMETIMES,                /* default and -I: write-protected files,
                                   when standard input is a terminal */
  RMI_NEVER                     /* -f: never */
};

/* What the command line asked for.  */
struct rm_options
{
  bool ignore_missing_files;    /* -f: a missing file is no error */
  enum rm_interactive interactive;
  bool one_file_system;         /* skip directories on other devices */
  bool recursive;               /* -r */
  bool remove_empty_directories; /* -d */
  struct dev_ino const *root;   /* refuse to walk "/" (null: do not) */
  bool preserve_all_root;       /* --preserve-root=all */
  bool stdin_tty;               /* standard input is a terminal, or
                                   ---presume-input-tty */
  bool verbose;                 /* -v */
  struct walk_remote const *remote;  /* directory operands walked on
                                   other machines too (mpi-rm); null:
                                   here */
};

/* Outcome of a removal, worst last: merged with UPDATE_STATUS so that the
   worst wins.  RM_OK is 2 so that a zero-initialized status is caught.  */
enum RM_status
{
  RM_OK = 2,
  RM_USER_DECLINED,
  RM_ERROR
};

#define VALID_STATUS(s) \
  ((s) == RM_OK || (s) == RM_USER_DECLINED || (s) == RM_ERROR)

/* Make the status S the worse of S and T; T is evaluated once.  */
#define UPDATE_STATUS(s, t)                     \
  do                                            \
    {                                           \
      enum RM_status update_status_ = (t);      \
      if ((s) < update_status_)                 \
        (s) = update_status_;                   \
    }                                           \
  while (0)

enum RM_status rm (char *const *files, struct rm_options const *x);

/* On a machine that only removes what X->remote's serve hands it:
   remove that as rm does, until told to stop.  Returns the outcome.  */
enum RM_status rm_serve (struct rm_options const *x);

/* Run rm with the command line ARGC, ARGV, walking with REMOTE (null:
   here alone); returns the exit status (it may also exit, as GNU rm
   does).  */
int rm_main (int argc, char **argv, struct walk_remote const *remote);

#endif /* LIBFTS_REMOVE_H */
