/* fts-mpi-int.h: what the files of the MPI walk share.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef LIBFTS_FTS_MPI_INT_H
#define LIBFTS_FTS_MPI_INT_H 1

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fts-mpi.h"

/* Messages, by tag.  */
enum mpiw_tag
{
  TAG_START = 1,   /* 0 -> others: a walk begins (struct start_wire, root) */
  TAG_DONE,        /* 0 -> others: every part of the walk was reported */
  TAG_QUIT,        /* 0 -> others: libfts_mpi_close, no more walks */
  TAG_REQUEST,     /* an idle rank asks another for a directory */
  TAG_NOWORK,      /* the end of a request's answer, or the answer when
                      none is handed over */
  TAG_TASK,        /* the answer with one: struct task_wire, rel, whole */
  TAG_PIECE,       /* -> 0: a task's reports (struct piece_wire, records) */
  TAG_ACK,         /* 0 -> walker: one piece of a task consumed (an id) */
  TAG_TICKET,      /* 0 -> exporter: a task it handed out was consumed */
  TAG_CHILD_DONE,  /* walker -> exporter: a task it handed out was walked
                      (LIBFTS_MPI_POSTORDER: its parent may be finished) */
  TAG_PROGRESS     /* -> 0: entries this rank visited in the walk so far
                      (--progress; an id: 0, and the count) */
};

/* A directory held for a task handed out (LIBFTS_MPI_POSTORDER).  */
struct held
{
  int64_t id;                   /* the task */
  LIBFTS_WALK *walk;            /* the walk that holds its parent */
  void *hold;                   /* libfts_walk_hold's */
};

/* The id of the walk's root task; the others are (exporter rank << 40)
   + a sequence number, from 1.  */
#define ROOT_TASK 0
#define TASK_RANK_SHIFT 40

/* The most ancestors a task carries (struct task's ABOVE), the nearest
   ones: 16 bytes each on the wire, 1 KiB a task at most.  A directory
   that repeats one farther up than that is not seen as a cycle on the
   rank that takes it; the walk then goes round the loop once more, and
   the next repeat, one lap lower, is found (by the walk itself, or
   against a later task's ancestors) as long as the loop is no longer
   than this.  64 levels is deeper than the loops a bind mount makes in
   practice.  */
enum { TASK_ABOVE_MAX = 64 };

/* A directory's identity, as the ranks tell it each other (the root's
   device as rank 0 numbers it: fts-mpi-task.c's dev_to_send).  */
struct task_id
{
  uint64_t dev, ino;
};

/* A directory to walk: what TAG_TASK carries.  */
struct task
{
  int64_t id;
  int64_t depth;                /* its level below the root */
  uint64_t dev, ino;            /* its parent's, as the parent's walk
                                   had it open */
  uint64_t root_dev, root_ino;  /* the root's, checked on opening it */
  int64_t n_above;              /* how many of ABOVE there are */
  struct task_id above[TASK_ABOVE_MAX];  /* its ancestors below the root
                                   and the root, its parent first: what
                                   its walk compares its directories
                                   with to find a cycle (FTS_DC) through
                                   them, as one machine's walk does */
  char *rel;                    /* its path below the root ("" for it) */
  char *whole;                  /* its path as rank 0's reports name it
                                   (the root's path, then REL): what
                                   libfts_mpi_path gives VISIT; null on
                                   the root task, whose walk has it */
  char *names;                  /* a part of a directory's entries
                                   (libfts_walk_cut): their names, each
                                   ended by a NUL, NAMES_LEN bytes in
                                   all; null for a whole directory */
  size_t names_len;
  size_t n_names;               /* how many: counted where walked */
  bool sorted;                  /* NAMES were in inode order */
  uint64_t self_dev, self_ino;  /* with NAMES: the directory's own, as
                                   the walk that cut it had it open */
  /* While it is walked, on the rank that walks it (not sent).  */
  struct libfts_mpi *m;
  size_t unacked;               /* bytes of its pieces that rank 0 holds,
                                   under M's lock */
  struct task *next;            /* in M's list of running tasks */
  struct tctx *tc;              /* its walk's context while the walk
                                   runs, null otherwise: under M's lock,
                                   for the talking thread's gives */
};

struct task_wire
{
  int64_t id, depth;
  uint64_t dev, ino, root_dev, root_ino;
  uint64_t n_above;             /* ABOVE's pairs, right after this */
  uint64_t rel_len;             /* REL's bytes, after ABOVE; WHOLE's
                                   follow them, */
  uint64_t whole_len;           /* so many; then NAMES, to the end */
  uint64_t self_dev, self_ino;
  uint64_t sorted;
};

struct start_wire
{
  int32_t options;
  int32_t pad;
};

/* A piece of a task's report stream.  */
struct piece_wire
{
  int64_t id;
  int32_t last;                 /* the task's last piece */
  int32_t pad;
};

/* One report in a piece, followed by its data (padded to 8 bytes) and
   the end of its path (padded to 8 bytes).  A path is sent as what it
   shares with the task's report before (KEEP bytes of that one's path
   below the task's directory) and the PATHLEN bytes that follow: a walk
   goes from an entry to its neighbour, and a chain of 100,000
   directories would otherwise send each report's whole path, gigabytes
   in all.  */
struct rec_wire
{
  int32_t code, info, err, pad;
  int64_t level;                /* the entry's depth below the root */
  int64_t value;
  uint64_t keep;
  uint32_t pathlen, size;
};

/* The code of a placeholder: a subdirectory handed to another rank,
   whose reports come in its place; VALUE is its task's id.  Never seen
   by REPORT.  */
#define CODE_CHILD INT32_MIN

/* Tunables.  */
enum
{
  /* Bytes of reports a piece holds before it is sent: 64 KiB, a quarter
     of what libfts's own backlog holds before it slows its threads.  */
  PIECE_BYTES = 64 * 1024,
  /* Bytes of one task's pieces that rank 0 may hold unconsumed (a piece
     larger than that alone): then the task's walk waits (its REPORT
     blocks, and libfts's back-pressure does the rest).  Counted in
     bytes, not pieces: a piece with a placeholder goes out as soon as
     no other report is ready, however small.  */
  CREDIT_BYTES = 2 * PIECE_BYTES,
  /* Tasks a rank may have handed out that rank 0 has not consumed yet
     (its tickets), at least: it bounds what rank 0 holds for tasks
     ahead of their turn.  A rank may hand out more where the other
     ranks can run more at once: twice their requests in flight, since
     rank 0 consumes in the sequential order and a task done early
     keeps its ticket until every task before it is consumed
     (mpiw__work_reset).  Measured (LIBFTS_MPI_TRACE, gentree's wide
     400 x 50 over 5 ms latfs mounts, 8 in flight each): with 64 at
     -np 8 and 16, rank 0 had all 64 out 77 to 79% of the walk, and the
     job kept 40 requests in flight of the 64 and 128 its clients
     allowed (mpi-du -s 6.5 s at both); with 256, 4.6 and 4.0 s.  At
     least 256 at any N: many small operands' tasks end early and keep
     their tickets until those before them are consumed (mpi-du -sh over
     the 445 entries of an npm tree's node_modules, 0.5 ms latfs mounts,
     -np 4: with 64, rank 0 had all out 56% of the walk and the other
     ranks were idle 19 to 26% of it, 4.04 s; with 256, 215 out at most,
     idle 1 to 6%, 3.50 s).  At most EXPORT_TICKETS_MAX: rank 0 may hold
     CREDIT_BYTES + PIECE_BYTES for each ticket out (mpi/README,
     memory).  */
  EXPORT_TICKETS = 256,
  EXPORT_TICKETS_MAX = 1024,
  /* How long a busy rank holds a request it cannot answer with a
     directory before it says no (milliseconds): a walk deep in a large
     directory meets no subdirectory for a while.  Measured: on a wide
     tree (40 x 30) over a 1 ms latency mount, rank 0 met its next
     directory 30 to 80 ms apart, and 20 ms held requests in vain.  */
  HOLD_MS = 200,
  /* The same where the ranks share a directory's entries
     (mpiw__cuts: rm): a rank that has no directory to hand out has
     parts of one to hand out at its next entry, or nothing; a request
     held longer keeps its asker from a rank that has.  Measured
     (gentree's wide 400 x 50 over 5 ms latfs mounts, 8 in flight each,
     idle machine, one run each, mpi-rm -rf): -np 8 4.75-4.76 s with
     200 ms, 4.70 with 100, 4.64 with 60, 4.41-4.58 with 30, 4.40-4.44
     with 15, 4.56 with 10, 4.77 with 5; -np 16 3.05 s with 200,
     2.79-2.91 with 15 to 100.  */
  HOLD_CUT_MS = 20,
  /* The most tasks a rank asks for at once.  It asks for as many as it
     has units of its budget free (requests it may still have in
     flight), while that is one or more: a busy rank meets the
     directories it can hand out in waves (its threads, each reading a
     directory of its own, finish at about the same time), and one
     directory a wave would leave the asker idle most of the time; but
     a task beyond its free units would wait behind the others on the
     rank, with its ticket, while another rank had room for it.
     Measured (LIBFTS_MPI_TRACE, gentree's wide 400 x 50 over 5 ms
     latfs mounts, 8 in flight each, -np 16, 256 tickets): asking for
     16 once fewer than 8 tasks ran, 8 of the 15 askers ran 10 to 12
     tasks at once while 5 ran about 5 and were idle half the walk;
     asking for the free units, all 15 ran 6 to 7 at once and were idle
     2 to 15% of it (mpi-du -s 4.0 s, then 2.9 s; machine loaded).  */
  TASKS_ASKED = 16,
  /* Where the walks share a directory's entries among their threads
     (LIBFTS_WALK_SPLIT: du, chmod, chown), a rank asks for tasks only
     while it runs fewer than its budget's size less a quarter of it
     (mpiw__ask_for_work).  A task's reader keeps its unit while the
     directory is visited: with as many tasks as units, every unit was a
     reader's, no thread could help with a directory's entries, and each
     task went one request at a time, so that the job's last directories
     ended late on a few ranks.  Measured (gentree's wide 400 x 50 over
     5 ms latfs mounts, 8 in flight each, idle machine, -np 16, 3 runs
     each): mpi-du -s 2.72-2.73 s with 8 tasks a rank at most, 2.65-2.70
     with 3, 2.45-2.47 with 4, 2.42-2.47 with 6, 2.46 with 7; mpi-chmod
     -R 5.98-5.99 s with 8, 5.08-5.15 with 6; -np 2, 4 and 8 and
     gentree's npm tree no slower.  Not for rm, whose tasks take a unit
     each: Linux unlinks the files of a directory one at a time.  */
  TASKS_HEADROOM_DIV = 4,
  /* How long a request is held without a task before it is answered
     with a part of a directory (mpiw__take_starved): directories are
     handed out first, as they come (mpiw__give_pending, at once), and a
     part costs its taker a read of the directory.  */
  STARVED_MS = 5,
  /* The fewest entries of a directory handed out as a part of it
     (libfts_walk_cut's MIN): the taker reaches and reads the directory
     again, some requests to the server, before it removes the first.  */
  CUT_MIN = 4,
  /* An idle rank that was told no by every other rank waits this long
     before it asks again, doubling up to IDLE_MAX_MS.  */
  IDLE_MIN_MS = 1,
  IDLE_MAX_MS = 32
};

struct outmsg
{
  struct outmsg *next;
  int dest, tag;
  size_t len;
  char *buf;
  MPI_Request req;
};

struct order;
struct tctx;

struct libfts_mpi
{
  MPI_Comm comm;
  int rank, size;
  unsigned threads;
  LIBFTS_WALK_BUDGET *budget;   /* the requests in flight of the rank's
                                   walks together: as many as one walk's
                                   (THREADS, else the environment's) */
  long spread_ms;               /* LIBFTS_MPI_SPREAD */

  /* The run: set by libfts_mpi_walk (rank 0) or TAG_START.  */
  char *root;                   /* what the other ranks open: the root,
                                   or the directory of ROOTS */
  char *const *roots;           /* rank 0, libfts_mpi_walk_roots: the
                                   roots its root task walks (null: ROOT) */
  int options;
  libfts_walk_visit_fn visit;
  libfts_walk_report_fn report;
  void *arg;
  bool run_over;                /* under LOCK */

  /* --progress: every PROGRESS_S seconds, rank 0 calls PROGRESS with
     the entries visited so far on every rank (each rank's count of
     VISITED, which the others send it).  */
  double progress_s;
  void (*progress) (uintmax_t entries, double seconds, void *arg);
  void *progress_arg;
  uintmax_t visited;            /* atomic */
  uintmax_t *visited_by;        /* rank 0: each rank's last count */
  double run_start, next_progress;

  /* Between the thread that talks (the caller's) and the walker.  */
  pthread_mutex_t lock;
  pthread_cond_t cond;
  struct task *running;         /* the tasks being walked, each on a
                                   walker thread of its own */
  int n_running;                /* how many, under LOCK */
  /* The requests held, fts-mpi-work.c's alone: under LOCK, but
     N_HUNGRY, a relaxed atomic written under LOCK (see n_hungry
     there).  */
  int *hungry;                  /* ranks whose requests are held */
  double *hungry_since;
  int *hungry_given;            /* tasks each was sent on its request */
  int *hungry_want;             /* and how many it asked for */
  double *taken_since;          /* by rank: since when the request that
                                   a task was last taken for was held,
                                   for mpiw__untake_hungry_locked */
  int n_hungry;
  int tickets;                  /* tasks it may still hand out */
  int tickets_max;              /* of how many, in this walk */
  long given_all;               /* tasks handed out, ever; under LOCK */
  uintmax_t reports_sent;       /* reports its tasks queued for rank 0, */
  uintmax_t report_bytes;       /* and their bytes, ever (atomics) */
  struct held *held;            /* LIBFTS_MPI_POSTORDER: the tasks handed
                                   out and not yet walked */
  size_t n_held, held_cap;
  int64_t next_seq;
  struct outmsg *out_head, **out_tail;  /* made by the walker */
  int root_fd;                  /* the walker's descriptor of the root */
  uint64_t root_dev_here;       /* its device here: each machine numbers
                                   the devices it mounts its own way */

  /* The talking thread's own.  */
  struct outmsg *sending;       /* posted, not complete */
  long *sent, *recvd;           /* messages of this run, by peer */
  bool requesting;              /* a request is out: until it got
                                   TASKS_ASKED tasks, or TAG_NOWORK */
  int want;                     /* tasks it asked for */
  int got;                      /* tasks it got so far */
  int victim;                   /* asked last, in turn */
  int giver;                    /* sent the last task */
  int misses;
  double idle_wait_ms, next_request;
  unsigned seed;
  struct order *order;          /* rank 0 */
  int fail_err;                 /* rank 0: a failure report's */
  int credit_waiting;           /* reports waiting for credit, under
                                   LOCK */
  int got_all;                  /* tasks received, ever */
  FILE *trace;                  /* LIBFTS_MPI_TRACE's file, or null */
  double trace_next;            /* when its next line is due */
  bool stopped;                 /* rank 0: REPORT asked to stop */
};

/* Whether M's walks hand parts of a directory to idle ranks
   (libfts_walk_cut): where each directory's entries are visited on one
   thread (no LIBFTS_WALK_SPLIT) and a directory is finished only once
   what was handed out of it is (LIBFTS_MPI_POSTORDER): rm, whose client
   unlinks a directory's entries one at a time, while another client,
   another rank, can unlink others of them at the same time.  Not with
   -x (LIBFTS_WALK_XDEV), nor LIBFTS_MPI_LOCAL, nor alone.  */
static inline bool
mpiw__cuts (const struct libfts_mpi *m)
{
  return ((m->options & LIBFTS_MPI_POSTORDER)
          && !(m->options & (LIBFTS_WALK_SPLIT | LIBFTS_MPI_LOCAL
                             | LIBFTS_WALK_XDEV))
          && m->size > 1);
}

/* ---- fts-mpi-msg.c: messages (it calls no other file of mpi/) ---------- */

/* A monotonic clock, in milliseconds.  */
double mpiw__now_ms (void);

/* From any thread but the talking one: queue the LEN bytes at BUF (from
   malloc, owned by the queue from now on; null when LEN is 0) for DEST
   with TAG, and wake the talking thread.  */
void mpiw__push (struct libfts_mpi *m, int dest, int tag, char *buf,
                 size_t len);

/* On the talking thread: send BUF (owned from now on, as above) to DEST
   with TAG at once (MPI_Isend), counting it for the end of the walk.
   Returns 0.  */
int mpiw__post (struct libfts_mpi *m, int dest, int tag, char *buf,
                size_t len);

/* As mpiw__post, with a task's ID and N as the message.  */
int mpiw__post_id (struct libfts_mpi *m, int dest, int tag, int64_t id,
                   int64_t n);

/* On the talking thread: post what the walker left in the outbox.
   Returns how many.  */
int mpiw__post_outbox (struct libfts_mpi *m);

/* On the talking thread: free the messages whose sends completed.  */
void mpiw__reap_sends (struct libfts_mpi *m);

/* On the talking thread: receive the message STATUS announced: a buffer
   from malloc, its size in *LEN (a byte more, zero, for a string).
   Aborts without memory: the message would stay unread, and the walk
   could not end.  */
char *mpiw__receive (struct libfts_mpi *m, const MPI_Status *status,
                     size_t *len);

/* The task id and the number that a message of mpiw__post_id carries
   (TAG_ACK, TAG_TICKET, TAG_CHILD_DONE, TAG_PROGRESS), in V; false if
   it carries none.  */
bool mpiw__id_of (const char *buf, size_t len, int64_t v[2]);

/* ---- fts-mpi-trace.c: LIBFTS_MPI_TRACE (it calls msg.c and work.c) ---- */

/* On the talking thread: at a walk's start, open the trace (once) and
   mark the walk; in the walk's loop, a line when one is due; at its
   end, a last line; at libfts_mpi_close, close it.  Nothing without
   LIBFTS_MPI_TRACE.  */
void mpiw__trace_start (struct libfts_mpi *m);
void mpiw__trace_sample (struct libfts_mpi *m);
void mpiw__trace_end (struct libfts_mpi *m);
void mpiw__trace_close (struct libfts_mpi *m);

/* ---- fts-mpi-work.c: work requests (it calls fts-mpi-msg.c) ------------- */

/* M's table of requests held, and its asking: made (0), or -1 (ENOMEM;
   mpiw__work_free frees what was made); freed.  */
int mpiw__work_init (struct libfts_mpi *m);
void mpiw__work_free (struct libfts_mpi *m);

/* At a walk's start, on the talking thread: no request held, every
   ticket, no request of this rank's out.  */
void mpiw__work_reset (struct libfts_mpi *m);

/* Whether a request may be held: a hint, read without M's lock (any
   thread); mpiw__take_hungry's answer is the fact.  */
bool mpiw__hungry_waiting (struct libfts_mpi *m);

/* How many requests are held: a hint, as above (for the trace).  */
int mpiw__n_held (struct libfts_mpi *m);

/* TAG_REQUEST from SRC: hold it while a task is walked here (it may meet a
   directory to hand out), else say no at once.  */
void mpiw__on_request (struct libfts_mpi *m, int src, int64_t want);

/* TAG_TICKET: a task this rank handed out was consumed by rank 0.  */
void mpiw__on_ticket (struct libfts_mpi *m);

/* On the talking thread: say no to the requests held longer than
   HOLD_MS, or to all of them when the walker has nothing left that it
   could hand out.  */
void mpiw__release_hungry (struct libfts_mpi *m);

/* A rank waiting for a directory, taken from those held, or -1; *ID the
   id of the task it is to get.  A request is for TASKS_ASKED tasks; it
   stays held until it got them.  The _locked one with M's lock held,
   the other takes it.  */
int mpiw__take_hungry_locked (struct libfts_mpi *m, int64_t *id);
int mpiw__take_hungry (struct libfts_mpi *m, int64_t *id);

/* As mpiw__take_hungry, for a part of a directory (libfts_walk_cut): a
   rank whose request was held STARVED_MS at least, without a task since,
   which no directory to hand out could answer.  */
int mpiw__take_starved (struct libfts_mpi *m, int64_t *id);

/* Give DEST's task back to its request, its ticket back, after a
   failure.  The _locked one with M's lock held, the other takes it.  */
void mpiw__untake_hungry_locked (struct libfts_mpi *m, int dest);
void mpiw__untake_hungry (struct libfts_mpi *m, int dest);

/* LIBFTS_MPI_SPREAD: wait up to M->spread_ms for a rank to ask for a
   directory, if none does and this rank still has a ticket.  */
void mpiw__wait_for_hungry (struct libfts_mpi *m);

/* On the talking thread: TAG_TASK from SRC arrived, in answer to this
   rank's request.  */
void mpiw__got_task (struct libfts_mpi *m, int src);

/* TAG_NOWORK: ask the next rank; after a round of refusals, wait first.  */
void mpiw__on_nowork (struct libfts_mpi *m);

/* On the talking thread: a rank running fewer tasks than its budget has
   units asks another for as many directories as it has units free (at
   most TASKS_ASKED; the request carries the number): one at a time
   (over when it got them all, or at TAG_NOWORK), first to the rank that
   gave it its last task (rank 0 at first: it has the root), which was
   busy then, then to the others in turn from a random one.  */
void mpiw__ask_for_work (struct libfts_mpi *m);

/* ---- fts-mpi-reach.c: reaching a task's directory (it calls no other
   file of mpi/) ---------------------------------------------------------- */

/* The descriptor of the directory that holds T's, reached from the
   root's and checked by device and inode; -1 with errno.  The root is
   opened on the first task of a walk, by its path, and checked against
   what rank 0 saw.  */
int mpiw__reach_parent (struct libfts_mpi *m, const struct task *t);

/* Close the root's descriptor, once no task is running.  */
void mpiw__close_root (struct libfts_mpi *m);

/* ---- fts-mpi-task.c: the walker ------------------------------------------- */

/* Start walking T, which M's talking thread was handed or (rank 0) the
   root task, on a thread of its own, in M's running tasks.  Aborts when
   no thread can be had: the others would wait for T forever.  */
void mpiw__start_task (struct libfts_mpi *m, struct task *t);

/* On M's talking thread: hand directories that the running walks found
   and have not read yet to the ranks whose requests are held.  */
void mpiw__give_pending (struct libfts_mpi *m);

/* Wait (on M's talking thread) until no task is running, then close the
   root's descriptor.  */
void mpiw__end_tasks (struct libfts_mpi *m);

/* T as a TAG_TASK message: a buffer from malloc of *LEN bytes, or null
   (ENOMEM).  */
char *mpiw__encode_task (const struct task *t, size_t *len);

/* The task that the LEN bytes at BUF carry, from malloc; null when they
   carry none, or ENOMEM.  */
struct task *mpiw__decode_task (const char *buf, size_t len);

void mpiw__free_task (struct task *t);

/* ---- fts-mpi-order.c: rank 0's delivery in order --------------------------- */

/* The order of a new walk, the root task under way; null (ENOMEM).  */
struct order *mpiw__order_new (void);
void mpiw__order_free (struct order *o);

/* A piece (BUF, LEN bytes from malloc, owned from now on) from rank SRC:
   deliver whatever it makes ready to M's REPORT, acknowledge what is
   consumed.  Returns 0, or -1 with errno (ENOMEM, EPROTO).  */
int mpiw__order_add (struct libfts_mpi *m, char *buf, size_t len, int src);

/* Whether the root task's last piece was consumed: the walk is over.  */
bool mpiw__order_done (const struct order *o);

#endif /* LIBFTS_FTS_MPI_INT_H */
