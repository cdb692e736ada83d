/* fts-cycle.c: the set of directories being walked, by (dev, ino).

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

/* Index of the slot holding (DEV, INO), or of the empty slot where it
   would go.  C must have slots.  */
static size_t
probe (const struct fts__cycle *c, dev_t dev, ino_t ino)
{
  size_t mask = c->cap - 1;
  size_t i = hash (dev, ino) & mask;
  while (c->slots[i].ent
         && !(c->slots[i].dev == dev && c->slots[i].ino == ino))
    i = (i + 1) & mask;
  return i;
}

static int
rehash (struct fts__cycle *c, size_t cap)
{
  struct fts__cycle_slot *old = c->slots;
  size_t oldcap = c->cap;
  struct fts__cycle_slot *slots = calloc (cap, sizeof *slots);
  if (!slots)
    return -1;
  c->slots = slots;
  c->cap = cap;
  for (size_t i = 0; i < oldcap; i++)
    if (old[i].ent)
      c->slots[probe (c, old[i].dev, old[i].ino)] = old[i];
  free (old);
  return 0;
}

/* Record that P, the directory (DEV, INO), is being walked.  An entry
   already there for (DEV, INO) is replaced.  Returns 0, or -1 with errno
   ENOMEM.  */
int
fts__cycle_enter (struct fts__cycle *c, dev_t dev, ino_t ino, FTSENT *p)
{
  if ((c->count + 1) * 2 > c->cap
      && rehash (c, c->cap ? c->cap * 2 : CYCLE_INITIAL_SLOTS) != 0)
    return -1;
  size_t i = probe (c, dev, ino);
  if (!c->slots[i].ent)
    c->count++;
  c->slots[i] = (struct fts__cycle_slot) { dev, ino, p };
  return 0;
}

/* The entry being walked as (DEV, INO), or null.  */
FTSENT *
fts__cycle_find (const struct fts__cycle *c, dev_t dev, ino_t ino)
{
  if (!c->count)
    return NULL;
  return c->slots[probe (c, dev, ino)].ent;
}

/* Forget (DEV, INO).  Linear probing's deletion: move back every later
   entry of the cluster whose home slot does not lie strictly between the
   hole and it, so that no probe sequence is broken.  */
void
fts__cycle_leave (struct fts__cycle *c, dev_t dev, ino_t ino)
{
  if (!c->count)
    return;
  size_t mask = c->cap - 1;
  size_t hole = probe (c, dev, ino);
  if (!c->slots[hole].ent)
    return;
  c->count--;
  for (size_t j = (hole + 1) & mask; c->slots[j].ent; j = (j + 1) & mask)
    {
      size_t home = hash (c->slots[j].dev, c->slots[j].ino) & mask;
      bool movable = hole <= j ? (home <= hole || home > j)
                               : (home <= hole && home > j);
      if (movable)
        {
          c->slots[hole] = c->slots[j];
          hole = j;
        }
    }
  c->slots[hole].ent = NULL;
}
