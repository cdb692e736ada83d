/* quoting.h: how the programs quote file names in what they say.

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

#ifndef LIBFTS_QUOTING_H
#define LIBFTS_QUOTING_H 1

#include "quotearg.h"

/* Quoting as GNU's tools do it: names in diagnostics are shell-escaped,
   "always" quoted where the name stands alone (quoteaf, and quoteaf_n
   for the Nth of several in one message), and with a colon escaped where
   the name starts a "NAME: reason" message (quotef).  */
#define quoteaf(arg) quotearg_style (shell_escape_always_quoting_style, arg)
#define quoteaf_n(n, arg) \
  quotearg_n_style (n, shell_escape_always_quoting_style, arg)
#define quotef(arg) quotearg_n_style_colon (0, shell_escape_quoting_style, arg)

#endif /* LIBFTS_QUOTING_H */
