## tests/mpi/local.mk: the tests of the MPI walk and the mpi-* programs.
## Each script runs its program under mpirun at -np 1, 2, 4 and 8 itself
## (1, 2 and 4 for those that give each rank a mount of its own)
## (tests/mpi/mpi-init.sh); they are in the test list only where MPI was
## configured, and skip (77) when mpirun is missing.

mpi_shell_tests = \
  tests/mpi/chmod.sh \
  tests/mpi/chmod-operands.sh \
  tests/mpi/clients.sh \
  tests/mpi/cycle-task.sh \
  tests/mpi/chown.sh \
  tests/mpi/deep-tree.sh \
  tests/mpi/du.sh \
  tests/mpi/du-errors.sh \
  tests/mpi/du-one-file-system.sh \
  tests/mpi/du-operands.sh \
  tests/mpi/inflight.sh \
  tests/mpi/memory.sh \
  tests/mpi/progress.sh \
  tests/mpi/rm.sh \
  tests/mpi/rm-operands.sh \
  tests/mpi/rm-cut.sh \
  tests/mpi/rank-dies.sh \
  tests/mpi/symlink-race.sh \
  tests/mpi/task-cap.sh \
  tests/mpi/trace.sh \
  tests/mpi/vanished.sh \
  tests/mpi/walk-order.sh \
  tests/mpi/walk-rm.sh \
  tests/mpi/walk-rm-kept.sh

if HAVE_MPI
TESTS += $(mpi_shell_tests)
endif
EXTRA_DIST += $(mpi_shell_tests) tests/mpi/mpi-init.sh \
  tests/mpi/hold-preload.c

# no-circle.sh: mpi/'s files call each other in no circle.  In the list
# with MPI or without: without, it says why it skips (77).
TESTS += tests/mpi/no-circle.sh
EXTRA_DIST += tests/mpi/no-circle.sh

# walk-print: the MPI walk's reports, one line per entry, as fts-print
# prints fts_read's.
if HAVE_MPI
check_PROGRAMS += tests/mpi/walk-print
endif
tests_mpi_walk_print_SOURCES = tests/mpi/walk-print.c $(fts_names)
tests_mpi_walk_print_CPPFLAGS = -I$(top_srcdir)/lib -I$(top_srcdir)/mpi \
  -I$(top_srcdir)/tests/lib
tests_mpi_walk_print_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
tests_mpi_walk_print_LDADD = mpi/libfts-mpi-core.la lib/libfts-core.la \
  $(MPI_LIBS) $(PTHREAD_LIBS)

# make check-mpich: the MPI programs and their tests again on MPICH
# (configure --with-mpi=mpich), whichever MPI this build has: a build of
# its own in _sanitize/mpich, configured from the sanitizers' copy of the
# sources (tests/local.mk), kept for the next run; make clean removes it.
# Fails where configure finds no MPICH.
.PHONY: check-mpich
check-mpich: sanitize-srcdir
	@$(MKDIR_P) '$(san_top)/mpich'
	@cd '$(san_top)/mpich' \
	  && { test -f config.status || $(san_configure) --with-mpi=mpich; } \
	  && $(MAKE) $(AM_MAKEFLAGS) all \
	  && $(MAKE) $(AM_MAKEFLAGS) check VERBOSE=yes TESTS='$(mpi_shell_tests)'
