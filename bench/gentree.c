/* gentree: generate a deterministic tree of files for the benchmarks.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   gentree [--seed=N] KIND DEST
     flat N     N empty files directly in DEST
     npm        about 41,000 files in 4,900 directories, like node_modules
     kernel     about 80,000 files in 5,000 directories, like a source tree
     deep N     N nested directories, one empty file at each level
     wide       1000 directories of 1000 empty files
     wide D F   D directories of F empty files

   The same seed gives the same names, sizes and contents, in the same
   creation order.  Everything is created relative to directory
   descriptors (mkdirat, openat, mknodat), never through full paths, so
   that 'deep 100000' works: only DEST and one level's names are ever
   passed to the kernel.  Plain C and libc only.  */

#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Largest name gentree makes; well under NAME_MAX.  */
enum { NAME_CAP = 128 };

/* Size of the pattern buffer that file contents are cut from.  */
enum { CONTENT_SIZE = 64 * 1024 };

/* The targets of the two realistic trees, as the brief for the
   benchmarks sets them.  */
enum
{
  NPM_FILES = 41000,
  KERNEL_FILES = 80000,
  KERNEL_DIRS = 5000,
  KERNEL_MAX_DEPTH = 9,
  WIDE_DIRS = 1000,
  WIDE_FILES = 1000
};

struct gen
{
  uint64_t rng;
  unsigned long long dirs, files, bytes;
  char content[CONTENT_SIZE];
};

static char const *program = "gentree";

static _Noreturn void
die (int err, char const *fmt, ...)
{
  va_list ap;

  fprintf (stderr, "%s: ", program);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  if (err)
    fprintf (stderr, ": %s", strerror (err));
  fputc ('\n', stderr);
  exit (EXIT_FAILURE);
}

/* ---- randomness: splitmix64, the same on every platform ---------------- */

static uint64_t
next_u64 (struct gen *g)
{
  uint64_t z = (g->rng += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* A number in [LO, HI].  */
static long
rnd (struct gen *g, long lo, long hi)
{
  return lo + (long) (next_u64 (g) % (uint64_t) (hi - lo + 1));
}

/* A number in [0, 1).  */
static double
rndf (struct gen *g)
{
  return (next_u64 (g) >> 11) * (1.0 / 9007199254740992.0);
}

static bool
chance (struct gen *g, double p)
{
  return rndf (g) < p;
}

/* A size between LO and HI, skewed so that most files are small (the
   mean is about a quarter of the way up).  */
static size_t
rnd_size (struct gen *g, double lo, double hi)
{
  double r = rndf (g);
  double s = lo + (hi - lo) * r * r * r;

  return s < CONTENT_SIZE ? (size_t) s : CONTENT_SIZE;
}

/* ---- names ---------------------------------------------------------------- */

static char const *const syllables[] =
{
  "a", "ab", "ac", "al", "an", "ar", "ba", "be", "bi", "bo", "bu", "ca",
  "ce", "ch", "ci", "co", "cu", "da", "de", "di", "do", "e", "el", "en",
  "er", "es", "ex", "fa", "fe", "fi", "fo", "ga", "ge", "gi", "go", "ha",
  "he", "hi", "ho", "i", "id", "in", "io", "is", "ja", "jo", "ka", "ke",
  "ki", "la", "le", "li", "lo", "lu", "ma", "me", "mi", "mo", "mu", "na",
  "ne", "ni", "no", "nu", "o", "ob", "on", "or", "pa", "pe", "pi", "po",
  "pu", "qu", "ra", "re", "ri", "ro", "ru", "sa", "se", "si", "so", "st",
  "su", "ta", "te", "th", "ti", "to", "tr", "tu", "u", "un", "ut", "va",
  "ve", "vi", "wa", "we", "xa", "xi", "ya", "yo", "za", "ze", "zo"
};

/* Append to BUF (of which *LEN bytes are used) a word of about LO to HI
   letters.  */
static void
add_word (struct gen *g, char *buf, size_t *len, int lo, int hi)
{
  size_t target = *len + rnd (g, lo, hi);
  size_t nsyl = sizeof syllables / sizeof *syllables;

  while (*len < target && *len < NAME_CAP - 24)
    {
      char const *s = syllables[rnd (g, 0, nsyl - 1)];
      size_t n = strlen (s);

      memcpy (buf + *len, s, n);
      *len += n;
    }
  buf[*len] = '\0';
}

/* Put in BUF a name of WORDS words of LO to HI letters joined by SEP, and
   then EXT (which may be empty).  */
static void
make_name (struct gen *g, char *buf, int words, int lo, int hi, char sep,
           char const *ext)
{
  size_t len = 0;

  for (int i = 0; i < words; i++)
    {
      if (i)
        buf[len++] = sep;
      add_word (g, buf, &len, lo, hi);
    }
  snprintf (buf + len, NAME_CAP - len, "%s", ext);
}

/* Append "-N" to NAME: its unique form after EEXIST number N.  */
static void
uniquify (char *name, unsigned n)
{
  size_t len = strlen (name);

  snprintf (name + len, NAME_CAP - len, "-%u", n);
}

static char const *
pick (struct gen *g, char const *const *v, size_t n)
{
  return v[rnd (g, 0, n - 1)];
}
#define PICK(g, v) pick (g, v, sizeof v / sizeof *v)

/* ---- creating ----------------------------------------------------------- */

/* Create the regular file NAME in DIR with SIZE bytes cut from the
   content pattern; on EEXIST, make NAME unique and retry.  */
static void
add_file (struct gen *g, int dir, char *name, size_t size)
{
  int fd;

  for (unsigned n = 2; ; n++)
    {
      fd = (size == 0
            ? mknodat (dir, name, S_IFREG | 0644, 0)
            : openat (dir, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                      0644));
      if (0 <= fd || errno != EEXIST)
        break;
      uniquify (name, n);
    }
  if (fd < 0)
    die (errno, "cannot create %s", name);
  if (size != 0)
    {
      size_t off = next_u64 (g) % (CONTENT_SIZE - size + 1);

      if (write (fd, g->content + off, size) != (ssize_t) size)
        die (errno, "cannot write %s", name);
      if (close (fd) != 0)
        die (errno, "cannot close %s", name);
    }
  g->files++;
  g->bytes += size;
}

/* Create the directory NAME in DIR (made unique on EEXIST) and return a
   descriptor open on it.  */
static int
add_dir (struct gen *g, int dir, char *name)
{
  int fd;

  for (unsigned n = 2; mkdirat (dir, name, 0755) != 0; n++)
    {
      if (errno != EEXIST)
        die (errno, "cannot create directory %s", name);
      uniquify (name, n);
    }
  fd = openat (dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    die (errno, "cannot open directory %s", name);
  g->dirs++;
  return fd;
}

static void
close_dir (int fd)
{
  if (close (fd) != 0)
    die (errno, "cannot close a directory");
}

/* Put in NAME a name unique in its directory for entry I, of varying
   length: letters, '_', I in base 36, and an optional extension.  The
   '_' and the '.' separate the parts, so no two I collide.  */
static void
indexed_name (struct gen *g, char *name, unsigned long i)
{
  static char const *const exts[] =
    { "", "", "", ".txt", ".dat", ".log", ".json", ".jpg", ".o", ".tmp" };
  char digits[16];
  size_t len = 0, nd = 0;

  add_word (g, name, &len, 0, 20);
  do
    digits[nd++] = "0123456789abcdefghijklmnopqrstuvwxyz"[i % 36];
  while ((i /= 36) != 0);
  name[len++] = '_';
  while (nd)
    name[len++] = digits[--nd];
  snprintf (name + len, NAME_CAP - len, "%s", PICK (g, exts));
}

/* ---- flat, wide, deep ----------------------------------------------------- */

static void
gen_flat (struct gen *g, int dest, unsigned long n)
{
  char name[NAME_CAP];

  for (unsigned long i = 0; i < n; i++)
    {
      indexed_name (g, name, i);
      add_file (g, dest, name, 0);
    }
}

/* DIRS directories in DEST, of FILES empty files each.  */
static void
gen_wide (struct gen *g, int dest, unsigned long dirs, unsigned long files)
{
  char name[NAME_CAP];

  for (unsigned long d = 0; d < dirs; d++)
    {
      int fd;

      indexed_name (g, name, d);
      fd = add_dir (g, dest, name);
      gen_flat (g, fd, files);
      close_dir (fd);
    }
}

/* N levels below DEST, each with one empty file; at most two directory
   descriptors are open at any time.  */
static void
gen_deep (struct gen *g, int dest, unsigned long n)
{
  char name[NAME_CAP];
  int fd = dest;

  for (unsigned long i = 0; i < n; i++)
    {
      int child;

      make_name (g, name, 1, 1, 8, '-', "");
      child = add_dir (g, fd, name);
      if (fd != dest)
        close_dir (fd);
      fd = child;
      make_name (g, name, 1, 2, 12, '-', rnd (g, 0, 1) ? ".txt" : "");
      add_file (g, fd, name, 0);
    }
  if (fd != dest)
    close_dir (fd);
}

/* ---- npm: packages, nested node_modules ------------------------------------ */

enum
{
  NPM_MAX_NESTING = 3,   /* node_modules inside packages, at most */
  NPM_MAX_SRC_DEPTH = 2  /* directories below lib/ */
};

static char const *const js_exts[] =
  { ".js", ".js", ".js", ".js", ".mjs", ".cjs", ".ts", ".d.ts", ".json" };

/* A source directory of a package: lib/, src/, its subdirectories.  */
static void
npm_src_dir (struct gen *g, int dir, int depth)
{
  char name[NAME_CAP];
  long nfiles = rnd (g, 3, 24);

  for (long i = 0; i < nfiles; i++)
    {
      make_name (g, name, rnd (g, 1, 3), 2, 9, rnd (g, 0, 3) ? '-' : '_',
                 PICK (g, js_exts));
      add_file (g, dir, name, rnd_size (g, 60, 12000));
    }
  if (depth < NPM_MAX_SRC_DEPTH && chance (g, 0.22))
    for (long i = rnd (g, 1, 3); 0 < i; i--)
      {
        int fd;

        make_name (g, name, 1, 2, 10, '-', "");
        fd = add_dir (g, dir, name);
        npm_src_dir (g, fd, depth + 1);
        close_dir (fd);
      }
}

/* dist/: bundles with their minified forms and source maps.  */
static void
npm_dist_dir (struct gen *g, int dir)
{
  char base[NAME_CAP], name[NAME_CAP + 16];

  for (long i = rnd (g, 1, 4); 0 < i; i--)
    {
      make_name (g, base, rnd (g, 1, 2), 3, 8, '.', "");
      snprintf (name, sizeof name, "%s.js", base);
      add_file (g, dir, name, rnd_size (g, 1000, 40000));
      snprintf (name, sizeof name, "%s.min.js", base);
      add_file (g, dir, name, rnd_size (g, 500, 20000));
      if (chance (g, 0.6))
        {
          snprintf (name, sizeof name, "%s.js.map", base);
          add_file (g, dir, name, rnd_size (g, 2000, 60000));
        }
    }
}

static void npm_modules (struct gen *g, int dir, int nesting, long count);

/* The files every package has, or often has.  */
static void
npm_package_files (struct gen *g, int fd)
{
  char name[NAME_CAP];

  strcpy (name, "package.json");
  add_file (g, fd, name, rnd_size (g, 300, 3000));
  if (chance (g, 0.9))
    add_file (g, fd, strcpy (name, "README.md"), rnd_size (g, 300, 12000));
  if (chance (g, 0.8))
    add_file (g, fd, strcpy (name, "LICENSE"), rnd (g, 1050, 1200));
  if (chance (g, 0.3))
    add_file (g, fd, strcpy (name, "CHANGELOG.md"), rnd_size (g, 500, 30000));
  if (chance (g, 0.7))
    add_file (g, fd, strcpy (name, "index.js"), rnd_size (g, 60, 4000));
  if (chance (g, 0.35))
    add_file (g, fd, strcpy (name, "index.d.ts"), rnd_size (g, 100, 8000));
  if (chance (g, 0.15))
    add_file (g, fd, strcpy (name, ".npmignore"), rnd (g, 10, 200));
}

/* Create in DIR one package and what it contains.  */
static void
npm_package (struct gen *g, int dir, int nesting)
{
  static char const *const src_names[] = { "lib", "lib", "src", "build" };
  char name[NAME_CAP];
  int fd, sub;

  make_name (g, name, rnd (g, 1, 3), 2, 8, '-', "");
  fd = add_dir (g, dir, name);
  npm_package_files (g, fd);
  if (chance (g, 0.75))
    {
      sub = add_dir (g, fd, strcpy (name, PICK (g, src_names)));
      npm_src_dir (g, sub, 0);
      close_dir (sub);
    }
  if (chance (g, 0.25))
    {
      sub = add_dir (g, fd, strcpy (name, "dist"));
      npm_dist_dir (g, sub);
      close_dir (sub);
    }
  if (nesting < NPM_MAX_NESTING && chance (g, 0.3 / (nesting + 1)))
    {
      sub = add_dir (g, fd, strcpy (name, "node_modules"));
      npm_modules (g, sub, nesting + 1, rnd (g, 1, 6));
      close_dir (sub);
    }
  close_dir (fd);
}

/* Create COUNT packages in the node_modules directory DIR, a few of
   them under an @scope directory.  */
static void
npm_modules (struct gen *g, int dir, int nesting, long count)
{
  char name[NAME_CAP];

  for (long i = 0; i < count; i++)
    if (chance (g, 0.08))
      {
        int scope;

        name[0] = '@';
        make_name (g, name + 1, 1, 3, 9, '-', "");
        scope = add_dir (g, dir, name);
        for (long j = rnd (g, 1, 5); 0 < j; j--)
          npm_package (g, scope, nesting);
        close_dir (scope);
      }
    else
      npm_package (g, dir, nesting);
}

static void
gen_npm (struct gen *g, int dest)
{
  char name[NAME_CAP];
  int nm;

  add_file (g, dest, strcpy (name, "package.json"), 1800);
  add_file (g, dest, strcpy (name, "package-lock.json"), 60000);
  nm = add_dir (g, dest, strcpy (name, "node_modules"));
  while (g->files < NPM_FILES)
    npm_modules (g, nm, 0, 1);
  close_dir (nm);
}

/* ---- kernel: a source tree with budgets ------------------------------------ */

static char const *const src_exts[] =
  { ".c", ".c", ".c", ".c", ".h", ".h", ".h", ".S", ".rst", ".txt", ".dts" };

/* The files of one source directory: sources, and now and then a
   Makefile and a Kconfig.  */
static void
kernel_files (struct gen *g, int dir, long n)
{
  char name[NAME_CAP];

  for (long i = 0; i < n; i++)
    {
      if (i == 0 && chance (g, 0.7))
        strcpy (name, "Makefile");
      else if (i == 1 && chance (g, 0.4))
        strcpy (name, "Kconfig");
      else
        make_name (g, name, rnd (g, 1, 3), 2, 8, rnd (g, 0, 2) ? '_' : '-',
                   PICK (g, src_exts));
      add_file (g, dir, name, rnd_size (g, 200, 9000));
    }
}

static void kernel_dir (struct gen *g, int dir, int depth, long files,
                        long dirs);

/* Split FILES and DIRS among K subdirectories of DIR with skewed
   weights, as real trees are (drivers/ is most of the kernel).  */
static void
kernel_subdirs (struct gen *g, int dir, int depth, long k, long files,
                long dirs)
{
  double *w = malloc (k * sizeof *w), total = 0;
  char name[NAME_CAP];

  if (!w)
    die (ENOMEM, "memory exhausted");
  for (long i = 0; i < k; i++)
    total += w[i] = 0.02 + rndf (g) * rndf (g) * rndf (g);
  for (long i = 0; i < k; i++)
    {
      long f = i == k - 1 ? files : (long) (files * w[i] / total);
      long d = i == k - 1 ? dirs : (long) (dirs * w[i] / total);
      int fd;

      total -= w[i];
      files -= f;
      dirs -= d;
      make_name (g, name, rnd (g, 1, 2), 2, 7, '-', "");
      fd = add_dir (g, dir, name);
      kernel_dir (g, fd, depth + 1, f, d);
      close_dir (fd);
    }
  free (w);
}

/* Fill DIR, at DEPTH, with FILES files and DIRS directories below it.  */
static void
kernel_dir (struct gen *g, int dir, int depth, long files, long dirs)
{
  long here, k;

  if (dirs == 0)
    {
      kernel_files (g, dir, files);
      return;
    }
  /* Mostly a few dozen files; now and then hundreds, as in arch/arm/boot/dts.  */
  here = (depth == 0 ? 25
          : chance (g, 0.01) ? rnd (g, 300, 1500)
          : (long) rnd_size (g, 2, 120));
  here = here < files ? here : files;
  k = dirs;
  if (depth < KERNEL_MAX_DEPTH - 1)
    {
      k = rnd (g, 1, depth < 2 ? 20 : 9);
      k = k < dirs ? k : dirs;
    }
  kernel_files (g, dir, here);
  kernel_subdirs (g, dir, depth, k, files - here, dirs - k);
}

static void
gen_kernel (struct gen *g, int dest)
{
  kernel_dir (g, dest, 0, KERNEL_FILES, KERNEL_DIRS);
}

/* ---- main ------------------------------------------------------------------- */

static _Noreturn void
usage (int status)
{
  FILE *out = status ? stderr : stdout;

  fprintf (out, "Usage: %s [--seed=N] KIND DEST\n"
           "KIND is one of: flat N, npm, kernel, deep N, wide [D F]\n",
           program);
  exit (status);
}

static unsigned long
parse_count (char const *s)
{
  char *end;
  unsigned long n;

  errno = 0;
  n = strtoul (s, &end, 10);
  if (errno || end == s || *end || s[0] == '-')
    die (0, "invalid number: '%s'", s);
  return n;
}

/* Create DEST if needed and return a descriptor on it.  */
static int
open_dest (char const *dest)
{
  int fd;

  if (mkdir (dest, 0755) != 0 && errno != EEXIST)
    die (errno, "cannot create directory %s", dest);
  fd = open (dest, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    die (errno, "cannot open directory %s", dest);
  return fd;
}

int
main (int argc, char **argv)
{
  static struct gen g;
  unsigned long seed = 1, n = 0, files = 0;
  char const *kind;
  int i = 1, dest;

  if (i < argc && strncmp (argv[i], "--seed=", 7) == 0)
    seed = parse_count (argv[i++] + 7);
  if (i < argc && strcmp (argv[i], "--help") == 0)
    usage (EXIT_SUCCESS);
  if (argc - i < 2)
    usage (EXIT_FAILURE);
  kind = argv[i++];
  if (strcmp (kind, "flat") == 0 || strcmp (kind, "deep") == 0)
    {
      if (argc - i < 2)
        usage (EXIT_FAILURE);
      n = parse_count (argv[i++]);
    }
  else if (strcmp (kind, "wide") == 0)
    {
      /* Alone, the wide tree of the full benchmark; with D and F, one
         small enough for a remote file system.  */
      n = WIDE_DIRS;
      files = WIDE_FILES;
      if (argc - i == 3)
        {
          n = parse_count (argv[i++]);
          files = parse_count (argv[i++]);
        }
    }
  if (argc - i != 1)
    usage (EXIT_FAILURE);

  g.rng = seed;
  for (size_t k = 0; k < CONTENT_SIZE; k++)
    g.content[k] = " etaoinshrdlu\n{};()=abcdefgmpvxyz_"[next_u64 (&g) % 34];
  dest = open_dest (argv[i]);

  if (strcmp (kind, "flat") == 0)
    gen_flat (&g, dest, n);
  else if (strcmp (kind, "npm") == 0)
    gen_npm (&g, dest);
  else if (strcmp (kind, "kernel") == 0)
    gen_kernel (&g, dest);
  else if (strcmp (kind, "deep") == 0)
    gen_deep (&g, dest, n);
  else if (strcmp (kind, "wide") == 0)
    gen_wide (&g, dest, n, files);
  else
    die (0, "unknown kind: '%s'", kind);
  close_dir (dest);

  printf ("%s: %llu directories, %llu files, %llu bytes\n", kind, g.dirs,
          g.files, g.bytes);
  return EXIT_SUCCESS;
}
