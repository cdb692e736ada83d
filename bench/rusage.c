/* rusage: run a command and report its wall time and peak RSS.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   rusage [--cgroup=DIR] [--out=FILE] [--] COMMAND [ARG]...

   Runs COMMAND (found in PATH) in a child process, then appends to FILE
   (standard error by default) one line:

     wall_s=0.123456 maxrss_kib=2345 status=exit:0

   status is exit:N, or signal:N when the child was killed (signal:9 in a
   memory-capped cgroup usually means the OOM killer).  With --cgroup,
   the child moves itself into the cgroup DIR (by writing its pid to
   DIR/cgroup.procs) before it executes COMMAND, so that only COMMAND is
   charged and capped.  The exit status is COMMAND's, or 128 + the
   signal that killed it; 125 when rusage itself failed.

   bash's 'time' does not report the peak RSS, and GNU time is not
   installed everywhere; this is its smallest useful part.  */

#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { EXIT_RUSAGE_FAILED = 125, EXIT_EXEC_FAILED = 127 };

static void
fail (char const *what, char const *arg)
{
  fprintf (stderr, "rusage: %s%s%s: %s\n", what, arg ? " " : "",
           arg ? arg : "", strerror (errno));
}

/* Move this process into the cgroup directory DIR.  Returns 0, or -1
   with errno set.  */
static int
join_cgroup (char const *dir)
{
  char path[4096], pid[32];
  int fd, len, r;

  snprintf (path, sizeof path, "%s/cgroup.procs", dir);
  len = snprintf (pid, sizeof pid, "%ld\n", (long) getpid ());
  fd = open (path, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  r = write (fd, pid, len) == len ? 0 : -1;
  if (close (fd) != 0)
    r = -1;
  return r;
}

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* In the child: join CGROUP if any and execute ARGV.  Never returns.  */
static _Noreturn void
child (char const *cgroup, char **argv)
{
  if (cgroup && join_cgroup (cgroup) != 0)
    {
      fail ("cannot join cgroup", cgroup);
      _exit (EXIT_RUSAGE_FAILED);
    }
  execvp (argv[0], argv);
  fail ("cannot run", argv[0]);
  _exit (errno == ENOENT ? EXIT_EXEC_FAILED : 126);
}

/* Write the report line for child status WSTATUS to OUT.  */
static int
report (FILE *out, double wall, struct rusage const *ru, int wstatus)
{
  if (WIFSIGNALED (wstatus))
    fprintf (out, "wall_s=%.6f maxrss_kib=%ld status=signal:%d\n", wall,
             ru->ru_maxrss, WTERMSIG (wstatus));
  else
    fprintf (out, "wall_s=%.6f maxrss_kib=%ld status=exit:%d\n", wall,
             ru->ru_maxrss, WEXITSTATUS (wstatus));
  return (WIFSIGNALED (wstatus) ? 128 + WTERMSIG (wstatus)
          : WEXITSTATUS (wstatus));
}

int
main (int argc, char **argv)
{
  char const *cgroup = NULL, *out_name = NULL;
  struct rusage ru;
  FILE *out = stderr;
  double start;
  int i = 1, wstatus, status;
  pid_t pid;

  for (; i < argc && strncmp (argv[i], "--", 2) == 0; i++)
    if (strncmp (argv[i], "--cgroup=", 9) == 0)
      cgroup = argv[i] + 9;
    else if (strncmp (argv[i], "--out=", 6) == 0)
      out_name = argv[i] + 6;
    else if (strcmp (argv[i], "--") == 0)
      {
        i++;
        break;
      }
    else
      break;
  if (i == argc || argv[i][0] == '-')
    {
      fputs ("Usage: rusage [--cgroup=DIR] [--out=FILE] [--] COMMAND"
             " [ARG]...\n", stderr);
      return EXIT_RUSAGE_FAILED;
    }
  if (out_name && !(out = fopen (out_name, "a")))
    {
      fail ("cannot open", out_name);
      return EXIT_RUSAGE_FAILED;
    }

  start = now ();
  pid = fork ();
  if (pid < 0)
    {
      fail ("cannot fork", NULL);
      return EXIT_RUSAGE_FAILED;
    }
  if (pid == 0)
    child (cgroup, argv + i);
  while (wait4 (pid, &wstatus, 0, &ru) < 0)
    if (errno != EINTR)
      {
        fail ("wait4", NULL);
        return EXIT_RUSAGE_FAILED;
      }
  status = report (out, now () - start, &ru, wstatus);
  if (fclose (out) != 0)
    {
      fail ("cannot write the report", NULL);
      return EXIT_RUSAGE_FAILED;
    }
  return status;
}
