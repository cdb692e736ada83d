/* fs-policy.c: which file systems get their large directories handed out
   in inode order.  Every decision of that kind lives in the table below,
   with the measurement or the reason behind it.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/vfs.h>

/* Columns: statfs f_type, name, whether large directories are handed out
   in inode order, whether getdents fills each batch as far as the
   directory goes (true where the kernel's readdir for that file system
   loops until dir_emit refuses an entry: ext4, xfs, btrfs, tmpfs and
   ramfs; a network or FUSE file system may return short batches, so there
   libfts always reads until getdents returns 0), and the reason.

   Figures are from bench/run on the project's reference machine (2 cores,
   virtio disk, loop-mounted images), medians of interleaved runs; see the
   manual and NEWS for the full tables.  "stat" is a walk that stats every
   entry, "unlink" one that removes every entry, on a flat directory.  */
static const struct fts__fs_row fs_table[] =
{
  { 0xEF53, "ext2/3/4", true, true,
    "measured: readdir order is hash order; cold stat and unlink in inode"
    " order are much faster, most of all when the inode tables do not fit"
    " in memory (see bench/run: ext4 flat)" },
  { 0x58465342, "xfs", true, true,
    "measured: inode numbers encode the inode's disk location; inode order"
    " reads inode clusters sequentially (see bench/run: xfs flat)" },
  { 0x9123683E, "btrfs", true, true,
    "measured: readdir is already close to inode order (dir index items),"
    " so the sort costs only its CPU time and avoids the worst cases"
    " (see bench/run: btrfs flat)" },
  { 0x01021994, "tmpfs", false, true,
    "measured: inodes live in memory; the sort is pure cost with no gain"
    " (see bench/run: tmpfs flat)" },
  { 0x858458F6, "ramfs", false, true,
    "reason: in memory like tmpfs, same code paths (no measurement: not"
    " mountable here separately from tmpfs's results)" },
  { 0x6969, "nfs", false, false,
    "reason: inode numbers say nothing about the server's layout, and"
    " READDIRPLUS already returns attributes in readdir order" },
  { 0xFF534D42, "cifs", false, false,
    "reason: inode numbers are synthesized by the client; the server"
    " returns attributes with the directory listing" },
  { 0xFE534D42, "smb2", false, false,
    "reason: as cifs" },
  { 0x0BD00BD0, "lustre", false, false,
    "reason: the client's statahead prefetches attributes in readdir order;"
    " another order defeats it (the case that motivated per-fs policy)" },
  { 0x65735546, "fuse", false, false,
    "reason: inode numbers are whatever the daemon invents, unrelated to"
    " any disk layout" },
  { 0x794C7630, "overlay", false, false,
    "reason: d_ino may be remapped (xino) and the upper and lower layers"
    " are separate file systems, so one order cannot suit both" },
  { 0x2FC12FC1, "zfs", true, false,
    "reason: object numbers are allocated in dnode blocks roughly in"
    " creation order, while readdir is ZAP hash order, as on ext4" },
  { 0xF2F52010, "f2fs", true, false,
    "reason: node ids are allocated in order within node segments; like"
    " ext4, readdir follows the name hash" },
};

/* The row for file systems not in the table: sort.  Sorting 1,000,000
   entries costs tens of milliseconds (see bench/run), little next to what
   it saves where it helps, and directories below the threshold are never
   sorted.  */
static const struct fts__fs_row fs_unknown =
{
  0, "unknown", true, false,
  "reason: the sort is cheap next to the seek pattern it can prevent"
};

/* The table row for statfs f_type MAGIC, or the row for unknown file
   systems.  Never null.  */
const struct fts__fs_row *
fts__fs_lookup (unsigned long magic)
{
  for (size_t i = 0; i < sizeof fs_table / sizeof *fs_table; i++)
    if (fs_table[i].magic == magic)
      return &fs_table[i];
  return &fs_unknown;
}

int
libfts_fs_sorts (unsigned long fs_type, const char **name)
{
  const struct fts__fs_row *row = fts__fs_lookup (fs_type);
  if (name)
    *name = row->name;
  return row->sort;
}

void
fts__fs_cache_init (struct fts__fs_cache *c)
{
  c->items = NULL;
  c->count = c->cap = 0;
}

void
fts__fs_cache_free (struct fts__fs_cache *c)
{
  free (c->items);
  fts__fs_cache_init (c);
}

/* Remember ROW for DEV; failure to grow the cache only costs a later
   fstatfs, so it is not reported.  */
static void
cache_add (struct fts__fs_cache *c, dev_t dev, const struct fts__fs_row *row)
{
  if (c->count == c->cap)
    {
      size_t cap = c->cap ? 2 * c->cap : 4;
      struct fts__fs_cache_item *items
        = realloc (c->items, cap * sizeof *items);
      if (!items)
        return;
      c->items = items;
      c->cap = cap;
    }
  c->items[c->count++] = (struct fts__fs_cache_item) { dev, row };
}

/* The policy row of the file system of device DEV, on which FD is an open
   directory.  Calls fstatfs once per device, counting the calls in *CALLS;
   a file system whose type cannot be read is treated as unknown.  Never
   null; leaves errno as it was.  */
const struct fts__fs_row *
fts__fs_of (struct fts__fs_cache *c, dev_t dev, int fd,
            unsigned long long *calls)
{
  /* A walk meets a handful of devices: a linear search is fastest.  */
  for (size_t i = 0; i < c->count; i++)
    if (c->items[i].dev == dev)
      return c->items[i].row;

  int saved = errno;
  struct statfs sfs;
  ++*calls;
  const struct fts__fs_row *row
    = fstatfs (fd, &sfs) == 0 ? fts__fs_lookup (sfs.f_type) : &fs_unknown;
  cache_add (c, dev, row);
  errno = saved;
  return row;
}
