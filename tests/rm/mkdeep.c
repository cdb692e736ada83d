/* mkdeep: make a chain of directories deeper than PATH_MAX, for the rm tests.

   mkdeep DIR DEPTH [SECONDS]

   makes DIR/d/d/.../d, DEPTH directories called "d" below DIR (which must
   not exist), with an empty file "f" in the deepest, by descending into each
   new directory in turn so that no path is ever longer than "d".  With
   SECONDS, gives up once that many seconds have passed and exits with 77
   (the test then skips: the machine is too slow for the size asked), leaving
   what it made.  Exits 0 on success, 1 on any other failure (with a message).  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* How often to look at the clock: often enough to stop soon after SECONDS,
   rarely enough to cost nothing.  */
enum { CLOCK_EVERY = 4096 };

int
main (int argc, char **argv)
{
  if (argc != 3 && argc != 4)
    {
      fprintf (stderr, "usage: mkdeep DIR DEPTH [SECONDS]\n");
      return 1;
    }
  long depth = strtol (argv[2], NULL, 10);
  long budget = argc == 4 ? strtol (argv[3], NULL, 10) : 0;
  time_t start = time (NULL);

  if (mkdir (argv[1], 0755) != 0 || chdir (argv[1]) != 0)
    {
      fprintf (stderr, "mkdeep: %s: %s\n", argv[1], strerror (errno));
      return 1;
    }
  for (long i = 0; i < depth; i++)
    {
      if (mkdir ("d", 0755) != 0 || chdir ("d") != 0)
        {
          fprintf (stderr, "mkdeep: level %ld: %s\n", i + 1, strerror (errno));
          return 1;
        }
      if (budget && i % CLOCK_EVERY == 0 && time (NULL) - start > budget)
        {
          fprintf (stderr, "mkdeep: %ld levels not made in %ld s (%ld made)\n",
                   depth, budget, i + 1);
          return 77;
        }
    }
  int fd = open ("f", O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0 || close (fd) != 0)
    {
      fprintf (stderr, "mkdeep: f: %s\n", strerror (errno));
      return 1;
    }
  return 0;
}
