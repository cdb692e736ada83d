/* swap-helper: the attacker of tests/rm/symlink-race.sh.

   swap-helper DIR COUNT TARGET [CONTROL]

   DIR holds directories v0 .. v{COUNT-1}.  Until DIR disappears (or the
   helper is killed), it swaps each in turn for a symbolic link to TARGET
   and back: rename vI to vI.swap, symlink TARGET as vI, then remove the
   link and rename vI.swap back.  A remover that follows a name it has
   checked to be a directory, instead of the directory it opened, lands in
   TARGET.  Failures from the race (ENOENT, ENOTEMPTY...) are expected and
   ignored.  Once DIR is gone, or on SIGTERM, prints the number of swaps it
   made (so that the test can tell the attack happened) and exits 0.

   With CONTROL, it makes the file CONTROL.ready once it has swapped a
   directory for a link (the attack is under way: a test may start its
   remover), and stops, as on SIGTERM, once the file CONTROL.stop exists:
   no signal to be lost before the handler is in place.  */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void
on_term (int sig)
{
  (void) sig;
  stop = 1;
}

int
main (int argc, char **argv)
{
  if (argc != 4 && argc != 5)
    {
      fprintf (stderr, "usage: swap-helper DIR COUNT TARGET [CONTROL]\n");
      return 1;
    }
  char const *dir = argv[1];
  long count = strtol (argv[2], NULL, 10);
  char const *target = argv[3];
  char name[4096], swapped[4096], ready[4096] = "", stop_file[4096] = "";
  if (argc == 5)
    {
      snprintf (ready, sizeof ready, "%s.ready", argv[4]);
      snprintf (stop_file, sizeof stop_file, "%s.stop", argv[4]);
    }
  struct stat st;
  long swaps = 0;

  signal (SIGTERM, on_term);
  while (!stop)
    for (long i = 0; i < count && !stop; i++)
      {
        if (lstat (dir, &st) != 0 && errno == ENOENT)
          stop = 1;
        if (*stop_file && lstat (stop_file, &st) == 0)
          stop = 1;
        snprintf (name, sizeof name, "%s/v%ld", dir, i);
        snprintf (swapped, sizeof swapped, "%s/v%ld.swap", dir, i);
        if (rename (name, swapped) != 0)
          continue;
        if (symlink (target, name) == 0)
          {
            if (swaps++ == 0 && *ready)
              close (open (ready, O_WRONLY | O_CREAT, 0644));
            /* Leave the link in place a moment: the window a remover
               that resolves names would need.  */
            for (int spin = 0; spin < 1000; spin++)
              if (lstat (name, &st) != 0)
                break;
            unlink (name);
          }
        rename (swapped, name);
      }
  printf ("%ld\n", swaps);
  return 0;
}
