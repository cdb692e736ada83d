/* check-fs-policy.c: the per-file-system sort policy (lib/fs-policy.c).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "unit.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "fts-int.h"

/* statfs f_type values to ask about: the kernel's list, plus file systems
   built outside the kernel tree, plus nonsense.  */
static const unsigned long magics[] = {
  ADFS_SUPER_MAGIC, AFFS_SUPER_MAGIC, AFS_SUPER_MAGIC, AUTOFS_SUPER_MAGIC,
  CEPH_SUPER_MAGIC, CODA_SUPER_MAGIC, CRAMFS_MAGIC, DEBUGFS_MAGIC,
  SECURITYFS_MAGIC, SELINUX_MAGIC, RAMFS_MAGIC, TMPFS_MAGIC,
  HUGETLBFS_MAGIC, SQUASHFS_MAGIC, ECRYPTFS_SUPER_MAGIC, EFS_SUPER_MAGIC,
  EXT2_SUPER_MAGIC, EXT3_SUPER_MAGIC, EXT4_SUPER_MAGIC, BTRFS_SUPER_MAGIC,
  NILFS_SUPER_MAGIC, F2FS_SUPER_MAGIC, HPFS_SUPER_MAGIC, ISOFS_SUPER_MAGIC,
  JFFS2_SUPER_MAGIC, XFS_SUPER_MAGIC, PSTOREFS_MAGIC, EFIVARFS_MAGIC,
  HOSTFS_SUPER_MAGIC, OVERLAYFS_SUPER_MAGIC, MINIX_SUPER_MAGIC,
  MSDOS_SUPER_MAGIC, NCP_SUPER_MAGIC, NFS_SUPER_MAGIC, OPENPROM_SUPER_MAGIC,
  QNX4_SUPER_MAGIC, REISERFS_SUPER_MAGIC, SMB_SUPER_MAGIC, CGROUP_SUPER_MAGIC,
  CGROUP2_SUPER_MAGIC, TRACEFS_MAGIC, V9FS_MAGIC, BDEVFS_MAGIC,
  BINFMTFS_MAGIC, DEVPTS_SUPER_MAGIC, PIPEFS_MAGIC, PROC_SUPER_MAGIC,
  SOCKFS_MAGIC, SYSFS_MAGIC, NSFS_MAGIC, BPF_FS_MAGIC,
  0xFF534D42 /* cifs */, 0xFE534D42 /* smb2 */, 0x65735546 /* fuse */,
  0x2FC12FC1 /* zfs */, 0x0BD00BD0 /* lustre */, 0x5346414F /* afs */,
  0x6E736673 /* nfsd */, 0x564C /* ncp */, 0x47504653 /* gpfs */,
  0, 1, 0x12345678, 0xFFFFFFFF, (unsigned long) -1,
};

START_TEST (test_known_rows)
{
  const struct fts__fs_row *r;

  r = fts__fs_lookup (0xEF53);
  ck_assert (r->sort);
  ck_assert_uint_eq (r->magic, 0xEF53);
  ck_assert_msg (strstr (r->name, "ext") != NULL, "ext4 is named %s", r->name);

  r = fts__fs_lookup (0x01021994);
  ck_assert (!r->sort);
  ck_assert_str_eq (r->name, "tmpfs");

  r = fts__fs_lookup (0x6969);
  ck_assert (!r->sort);
  ck_assert_str_eq (r->name, "nfs");

  r = fts__fs_lookup (0x12345678);
  ck_assert_str_eq (r->name, "unknown");
  ck_assert_ptr_eq (fts__fs_lookup (0x87654321), r);
}
END_TEST

/* What the parallel walk's in-flight bound follows: network, cluster and
   FUSE file systems wait on a server, local ones on the processor, and
   the rest (overlay, unknown) are measured.  */
START_TEST (test_wait_rows)
{
  static const unsigned long server[] = {
    NFS_SUPER_MAGIC, 0xFF534D42 /* cifs */, 0xFE534D42 /* smb2 */,
    SMB_SUPER_MAGIC, 0x65735546 /* fuse */, 0x0BD00BD0 /* lustre */,
    V9FS_MAGIC, CEPH_SUPER_MAGIC, 0x47504653 /* gpfs */, AFS_SUPER_MAGIC,
  };
  static const unsigned long local[] = {
    EXT4_SUPER_MAGIC, XFS_SUPER_MAGIC, BTRFS_SUPER_MAGIC, TMPFS_MAGIC,
    RAMFS_MAGIC, F2FS_SUPER_MAGIC,
  };
  for (size_t i = 0; i < sizeof server / sizeof *server; i++)
    ck_assert_msg (fts__fs_lookup (server[i])->wait == FTS__FS_SERVER,
                   "%#lx (%s) does not wait on a server", server[i],
                   fts__fs_lookup (server[i])->name);
  for (size_t i = 0; i < sizeof local / sizeof *local; i++)
    ck_assert_msg (fts__fs_lookup (local[i])->wait == FTS__FS_LOCAL,
                   "%#lx (%s) is not local", local[i],
                   fts__fs_lookup (local[i])->name);
  ck_assert (fts__fs_lookup (OVERLAYFS_SUPER_MAGIC)->wait == FTS__FS_MEASURE);
  ck_assert (fts__fs_lookup (0x12345678)->wait == FTS__FS_MEASURE);
}
END_TEST

/* Every row says what it is and why it decides as it does.  */
START_TEST (test_every_row_explained)
{
  for (size_t i = 0; i < sizeof magics / sizeof *magics; i++)
    {
      const struct fts__fs_row *r = fts__fs_lookup (magics[i]);
      ck_assert_msg (r != NULL, "%#lx: no row", magics[i]);
      ck_assert_msg (r->name && *r->name, "%#lx: no name", magics[i]);
      ck_assert_msg (r->why && strlen (r->why) > 10, "%#lx (%s): no reason",
                     magics[i], r->name);
      if (strcmp (r->name, "unknown") != 0)
        ck_assert_msg (r->magic == magics[i], "%#lx: row of %#lx (%s)",
                       magics[i], r->magic, r->name);
      /* Rows of different file systems have different names.  */
      for (size_t j = 0; j < i; j++)
        {
          const struct fts__fs_row *o = fts__fs_lookup (magics[j]);
          if (o != r)
            ck_assert_msg (strcmp (o->name, r->name) != 0,
                           "%#lx and %#lx are both named %s", magics[j],
                           magics[i], r->name);
        }
    }
}
END_TEST

START_TEST (test_public_agrees)
{
  for (size_t i = 0; i < sizeof magics / sizeof *magics; i++)
    {
      const struct fts__fs_row *r = fts__fs_lookup (magics[i]);
      const char *name = NULL;
      ck_assert_int_eq (libfts_fs_sorts (magics[i], &name) != 0, r->sort);
      ck_assert_ptr_eq (name, r->name);
      ck_assert_int_eq (libfts_fs_sorts (magics[i], NULL) != 0, r->sort);
    }
}
END_TEST

/* One fstatfs per device, however often the same device is asked.  */
START_TEST (test_one_statfs_per_device)
{
  int fd = open (".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ck_assert_int_ge (fd, 0);
  struct stat st;
  struct statfs sfs;
  ck_assert_int_eq (fstat (fd, &st), 0);
  ck_assert_int_eq (fstatfs (fd, &sfs), 0);

  struct fts__fs_cache c;
  unsigned long long calls = 0;
  fts__fs_cache_init (&c);
  for (int i = 0; i < 100; i++)
    {
      errno = 4242;
      const struct fts__fs_row *r = fts__fs_of (&c, st.st_dev, fd, &calls);
      ck_assert_ptr_eq (r, fts__fs_lookup (sfs.f_type));
      ck_assert_int_eq (errno, 4242);
    }
  ck_assert_uint_eq (calls, 1);

  /* Another device: one more call, then none.  */
  int proc = open ("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (proc >= 0)
    {
      struct stat pst;
      ck_assert_int_eq (fstat (proc, &pst), 0);
      ck_assert (pst.st_dev != st.st_dev);
      for (int i = 0; i < 10; i++)
        {
          ck_assert_ptr_eq (fts__fs_of (&c, pst.st_dev, proc, &calls),
                            fts__fs_lookup (PROC_SUPER_MAGIC));
          ck_assert_ptr_eq (fts__fs_of (&c, st.st_dev, fd, &calls),
                            fts__fs_lookup (sfs.f_type));
        }
      ck_assert_uint_eq (calls, 2);
      close (proc);
    }
  fts__fs_cache_free (&c);
  close (fd);
}
END_TEST

/* Many devices (more than any initial cache size): each asked once.  */
START_TEST (test_many_devices)
{
  enum { N = 100 };
  int fd = open (".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ck_assert_int_ge (fd, 0);
  struct fts__fs_cache c;
  unsigned long long calls = 0;
  fts__fs_cache_init (&c);
  for (int round = 0; round < 3; round++)
    for (int i = 0; i < N; i++)
      fts__fs_of (&c, makedev (200 + i, i), fd, &calls);
  ck_assert_uint_eq (calls, N);
  fts__fs_cache_free (&c);
  ck_assert_uint_eq (c.count, 0);

  /* After free and init, the cache is empty: asked again.  */
  fts__fs_cache_init (&c);
  fts__fs_of (&c, makedev (200, 0), fd, &calls);
  ck_assert_uint_eq (calls, N + 1);
  fts__fs_cache_free (&c);
  close (fd);
}
END_TEST

/* A descriptor whose file system cannot be asked: the unknown row, and
   errno left alone.  */
START_TEST (test_statfs_fails)
{
  struct fts__fs_cache c;
  unsigned long long calls = 0;
  fts__fs_cache_init (&c);
  errno = 0;
  const struct fts__fs_row *r = fts__fs_of (&c, makedev (1, 2), -1, &calls);
  ck_assert_ptr_nonnull (r);
  ck_assert_str_eq (r->name, "unknown");
  ck_assert_int_eq (errno, 0);
  ck_assert_uint_eq (calls, 1);
  fts__fs_cache_free (&c);
}
END_TEST

static Suite *
policy_suite (void)
{
  Suite *s = suite_create ("fs-policy");
  TCase *tc = unit_tcase ("table");
  tcase_add_test (tc, test_known_rows);
  tcase_add_test (tc, test_wait_rows);
  tcase_add_test (tc, test_every_row_explained);
  tcase_add_test (tc, test_public_agrees);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("cache");
  tcase_add_test (tc, test_one_statfs_per_device);
  tcase_add_test (tc, test_many_devices);
  tcase_add_test (tc, test_statfs_fails);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return unit_main (policy_suite ());
}
