/* fts-cycle.c: the set of directories being walked, by (dev, ino).

   A slot holds the entry alone and the entry its identity (fts_dev,
   fts_ino): 8 bytes a slot, not 24, which on a 100,000-level tree is
   2 MiB against 6 (the table is at most half full, so it has 262,144
   slots then), and 3 MiB against 9 while it doubles.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* First table size; it doubles whenever it would be more than half full,
   so that probes stay short.  */
enum { CYCLE_INITIAL_SLOTS = 64 };

void
fts__cycle_init (struct fts__cycle *c)
{
  memset (c, 0, sizeof *c);
}

void
fts__cycle_free (struct fts__cycle *c)
{
  free (c->slots);
  fts__cycle_init (c);
}

static size_t
hash (dev_t dev, ino_t ino)
{
  /* Fibonacci hashing of a mix of both: inode numbers of one directory
     tree are often consecutive, which this spreads well.  */
  uint64_t h = ((uint64_t) ino ^ ((uint64_t) dev << 29 | (uint64_t) dev >> 35))
               * UINT64_C (0x9E3779B97F4A7C15);
  return (size_t) (h >> 17);
}

static size_t
hash_of (const FTSENT *p)
{
  return hash (p->fts_dev, p->fts_ino);
}

/* Index of the slot holding (DEV, INO), or of the empty slot where it
   would go.  C must have slots.  */
static size_t
probe (const struct fts__cycle *c, dev_t dev, ino_t ino)
{
  size_t mask = c->cap - 1;
  size_t i = hash (dev, ino) & mask;
  for (FTSENT *p; (p = c->slots[i]); i = (i + 1) & mask)
    if (p->fts_dev == dev && p->fts_ino == ino)
      break;
  return i;
}

static int
rehash (struct fts__cycle *c, size_t cap)
{
  FTSENT **old = c->slots;
  size_t oldcap = c->cap;
  FTSENT **slots = calloc (cap, sizeof *slots);
  if (!slots)
    return -1;
  c->slots = slots;
  c->cap = cap;
  for (size_t i = 0; i < oldcap; i++)
    if (old[i])
      c->slots[probe (c, old[i]->fts_dev, old[i]->fts_ino)] = old[i];
  free (old);
  return 0;
}

/* Make room for MORE entries, so that as many fts__cycle_enter calls
   cannot fail.  Returns 0, or -1 with errno ENOMEM.  */
int
fts__cycle_reserve (struct fts__cycle *c, size_t more)
{
  size_t cap = c->cap ? c->cap : CYCLE_INITIAL_SLOTS;
  while ((c->count + more) * 2 > cap)
    {
      if (cap > SIZE_MAX / 2 / sizeof *c->slots)
        {
          errno = ENOMEM;
          return -1;
        }
      cap *= 2;
    }
  return cap == c->cap ? 0 : rehash (c, cap);
}

/* Record that P, the directory (P->fts_dev, P->fts_ino), is being
   walked; P's identity must not change until it leaves.  An entry already
   there with that identity is replaced.  Returns 0, or -1 with errno
   ENOMEM.  */
int
fts__cycle_enter (struct fts__cycle *c, FTSENT *p)
{
  if ((c->count + 1) * 2 > c->cap
      && rehash (c, c->cap ? c->cap * 2 : CYCLE_INITIAL_SLOTS) != 0)
    return -1;
  size_t i = probe (c, p->fts_dev, p->fts_ino);
  if (!c->slots[i])
    c->count++;
  c->slots[i] = p;
  return 0;
}

/* The entry being walked as (DEV, INO), or null.  */
FTSENT *
fts__cycle_find (const struct fts__cycle *c, dev_t dev, ino_t ino)
{
  if (!c->count)
    return NULL;
  return c->slots[probe (c, dev, ino)];
}

/* Forget P's identity (P->fts_dev, P->fts_ino), whichever entry holds
   it.  Linear probing's deletion: move back every later entry of the
   cluster whose home slot does not lie strictly between the hole and it,
   so that no probe sequence is broken.  */
void
fts__cycle_leave (struct fts__cycle *c, const FTSENT *p)
{
  if (!c->count)
    return;
  size_t mask = c->cap - 1;
  size_t hole = probe (c, p->fts_dev, p->fts_ino);
  if (!c->slots[hole])
    return;
  c->count--;
  for (size_t j = (hole + 1) & mask; c->slots[j]; j = (j + 1) & mask)
    {
      size_t home = hash_of (c->slots[j]) & mask;
      bool movable = hole <= j ? (home <= hole || home > j)
                               : (home <= hole && home > j);
      if (movable)
        {
          c->slots[hole] = c->slots[j];
          hole = j;
        }
    }
  c->slots[hole] = NULL;
}
