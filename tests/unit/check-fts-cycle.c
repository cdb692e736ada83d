/* check-fts-cycle.c: the set of directories being walked (lib/fts-cycle.c).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "unit.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/sysmacros.h>

#include "fts-int.h"

static uint64_t rng_state;

static uint64_t
rng_next (void)
{
  uint64_t z = (rng_state += UINT64_C (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* Shuffle the N indexes of ORDER (Fisher-Yates).  */
static void
shuffle (size_t *order, size_t n)
{
  for (size_t i = n; i > 1; i--)
    {
      size_t j = rng_next () % i;
      size_t t = order[i - 1];
      order[i - 1] = order[j];
      order[j] = t;
    }
}

struct pair
{
  dev_t dev;
  ino_t ino;
};

/* N distinct pairs: consecutive inode numbers on a few devices, the way
   a real tree looks, or random ones.  */
static struct pair *
make_pairs (size_t n, bool random)
{
  struct pair *p = unit_keep (malloc (n * sizeof *p));
  for (size_t i = 0; i < n; i++)
    if (random)
      {
        p[i].dev = makedev (rng_next () % 4 + 8, 1);
        p[i].ino = (rng_next () & ~(uint64_t) 0xffff) | i;   /* distinct */
      }
    else
      {
        p[i].dev = makedev (259, i % 3);
        p[i].ino = 2 + i / 3;
      }
  return p;
}

/* Give entry E the identity (DEV, INO), which the set reads from it, and
   enter it.  */
static int
enter (struct fts__cycle *c, FTSENT *e, dev_t dev, ino_t ino)
{
  e->fts_dev = dev;
  e->fts_ino = ino;
  return fts__cycle_enter (c, e);
}

/* Leave (DEV, INO) through a stand-in entry with that identity: the set
   goes by identity, not by which entry holds it.  */
static void
leave (struct fts__cycle *c, dev_t dev, ino_t ino)
{
  FTSENT e = { .fts_dev = dev, .fts_ino = ino };
  fts__cycle_leave (c, &e);
}

/* Check that exactly the pairs not marked GONE are found, each with its
   own entry.  */
static void
check_all (const struct fts__cycle *c, const struct pair *p, FTSENT *ents,
           const unsigned char *gone, size_t n)
{
  size_t present = 0;
  for (size_t i = 0; i < n; i++)
    {
      FTSENT *want = gone[i] ? NULL : &ents[i];
      FTSENT *got = fts__cycle_find (c, p[i].dev, p[i].ino);
      unit_check_msg (got == want, "pair %zu (%s): found %p, want %p", i,
                      gone[i] ? "left" : "entered", (void *) got,
                      (void *) want);
      present += !gone[i];
    }
  unit_check_msg (c->count == present, "count %zu, %zu entered", c->count,
                  present);
}

static void
enter_leave_all (bool random)
{
  enum { N = 100000 };
  rng_state = random ? 7 : 8;
  struct pair *p = make_pairs (N, random);
  FTSENT *ents = unit_keep (calloc (N, sizeof *ents));
  unsigned char *gone = unit_keep (calloc (N, 1));
  struct fts__cycle c;

  fts__cycle_init (&c);
  for (size_t i = 0; i < N; i++)
    unit_check (enter (&c, &ents[i], p[i].dev, p[i].ino) == 0);
  ck_assert_uint_ge (c.cap, N);
  ck_assert_uint_eq (c.cap & (c.cap - 1), 0);
  check_all (&c, p, ents, gone, N);

  /* Leave in a random order, checking everything every 5,000 leaves.  */
  size_t *order = unit_keep (malloc (N * sizeof *order));
  for (size_t i = 0; i < N; i++)
    order[i] = i;
  shuffle (order, N);
  for (size_t k = 0; k < N; k++)
    {
      size_t i = order[k];
      leave (&c, p[i].dev, p[i].ino);
      gone[i] = 1;
      unit_check (fts__cycle_find (&c, p[i].dev, p[i].ino) == NULL);
      if (k % 5000 == 0 || k == N - 1)
        check_all (&c, p, ents, gone, N);
    }
  ck_assert_uint_eq (c.count, 0);
  fts__cycle_free (&c);
}

START_TEST (test_many_consecutive)
{
  enter_leave_all (false);
}
END_TEST

START_TEST (test_many_random)
{
  enter_leave_all (true);
}
END_TEST

/* Small sets in small tables: long clusters that wrap around the end of
   the table, and every deletion checked at once.  */
START_TEST (test_small_sets_every_leave)
{
  enum { N = 40, TRIALS = 2000 };
  FTSENT ents[N];
  struct pair p[N];
  unsigned char gone[N];
  size_t order[N];

  rng_state = 99;
  for (int t = 0; t < TRIALS; t++)
    {
      struct fts__cycle c;
      fts__cycle_init (&c);
      /* Few distinct values, so that many pairs share probe sequences.  */
      for (size_t i = 0; i < N; i++)
        {
          p[i].dev = t % 2 ? 1 : (dev_t) (i % 2);
          p[i].ino = i * (t % 7 + 1) * 64;
          gone[i] = 0;
          order[i] = i;
          unit_check (enter (&c, &ents[i], p[i].dev, p[i].ino) == 0);
        }
      check_all (&c, p, ents, gone, N);
      shuffle (order, N);
      for (size_t k = 0; k < N; k++)
        {
          leave (&c, p[order[k]].dev, p[order[k]].ino);
          gone[order[k]] = 1;
          check_all (&c, p, ents, gone, N);
          /* Re-enter some, so that leaves and enters interleave.  */
          if (k % 3 == 0)
            {
              size_t back = order[rng_next () % (k + 1)];
              if (gone[back])
                {
                  unit_check (enter (&c, &ents[back], p[back].dev,
                                     p[back].ino) == 0);
                  gone[back] = 0;
                  check_all (&c, p, ents, gone, N);
                }
            }
        }
      fts__cycle_free (&c);
    }
}
END_TEST

START_TEST (test_find_empty)
{
  struct fts__cycle c;
  fts__cycle_init (&c);
  ck_assert_ptr_null (fts__cycle_find (&c, 0, 0));
  ck_assert_ptr_null (fts__cycle_find (&c, makedev (8, 1), 2));
  leave (&c, 8, 2);            /* harmless */
  ck_assert_uint_eq (c.count, 0);

  FTSENT e;
  ck_assert_int_eq (enter (&c, &e, 8, 2), 0);
  leave (&c, 8, 2);
  ck_assert_ptr_null (fts__cycle_find (&c, 8, 2));
  ck_assert_uint_eq (c.count, 0);
  fts__cycle_free (&c);
  ck_assert_ptr_null (fts__cycle_find (&c, 8, 2));
  fts__cycle_free (&c);                   /* twice is harmless */
}
END_TEST

/* After fts__cycle_reserve (C, N), N entries go in without the table
   moving (so that none of them can fail), and all are found.  */
START_TEST (test_reserve)
{
  enum { N = 1000 };
  struct fts__cycle c;
  fts__cycle_init (&c);
  FTSENT *ents = unit_keep (calloc (N, sizeof *ents));
  const struct pair *p = make_pairs (N, false);
  ck_assert_int_eq (enter (&c, &ents[0], p[0].dev, p[0].ino), 0);
  ck_assert_int_eq (fts__cycle_reserve (&c, N - 1), 0);
  FTSENT **slots = c.slots;
  ck_assert_uint_ge (c.cap, 2 * N);
  for (size_t i = 1; i < N; i++)
    ck_assert_int_eq (enter (&c, &ents[i], p[i].dev, p[i].ino), 0);
  ck_assert_ptr_eq (c.slots, slots);
  for (size_t i = 0; i < N; i++)
    ck_assert_ptr_eq (fts__cycle_find (&c, p[i].dev, p[i].ino), &ents[i]);
  /* Room already there: nothing moves.  */
  ck_assert_int_eq (fts__cycle_reserve (&c, 0), 0);
  ck_assert_ptr_eq (c.slots, slots);
  fts__cycle_free (&c);
}
END_TEST

START_TEST (test_dev_distinguishes)
{
  struct fts__cycle c;
  FTSENT a, b, x;
  fts__cycle_init (&c);
  ck_assert_int_eq (enter (&c, &a, makedev (8, 1), 5), 0);
  ck_assert_int_eq (enter (&c, &b, makedev (8, 2), 5), 0);
  ck_assert_ptr_eq (fts__cycle_find (&c, makedev (8, 1), 5), &a);
  ck_assert_ptr_eq (fts__cycle_find (&c, makedev (8, 2), 5), &b);
  ck_assert_ptr_null (fts__cycle_find (&c, makedev (8, 3), 5));
  ck_assert_ptr_null (fts__cycle_find (&c, makedev (8, 1), 6));
  leave (&c, makedev (8, 1), 5);
  ck_assert_ptr_null (fts__cycle_find (&c, makedev (8, 1), 5));
  ck_assert_ptr_eq (fts__cycle_find (&c, makedev (8, 2), 5), &b);
  /* Leaving a pair that is not there changes nothing.  */
  leave (&c, makedev (8, 1), 5);
  leave (&c, makedev (9, 9), 9);
  ck_assert_ptr_eq (fts__cycle_find (&c, makedev (8, 2), 5), &b);
  ck_assert_uint_eq (c.count, 1);
  /* Entering a pair again replaces its entry.  */
  ck_assert_int_eq (enter (&c, &x, makedev (8, 2), 5), 0);
  ck_assert_ptr_eq (fts__cycle_find (&c, makedev (8, 2), 5), &x);
  ck_assert_uint_eq (c.count, 1);
  fts__cycle_free (&c);
}
END_TEST

static Suite *
cycle_suite (void)
{
  Suite *s = suite_create ("fts-cycle");
  TCase *tc = unit_tcase ("cycle");
  tcase_add_test (tc, test_many_consecutive);
  tcase_add_test (tc, test_many_random);
  tcase_add_test (tc, test_small_sets_every_leave);
  tcase_add_test (tc, test_find_empty);
  tcase_add_test (tc, test_reserve);
  tcase_add_test (tc, test_dev_distinguishes);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return unit_main (cycle_suite ());
}
