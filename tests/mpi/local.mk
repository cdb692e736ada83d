## tests/mpi/local.mk: the tests of the MPI walk and the mpi-* programs.
## Each script runs its program under mpirun at -np 1, 2 and 4 itself
## (tests/mpi/mpi-init.sh); they are in the test list only where MPI was
## configured, and skip (77) when mpirun is missing.

mpi_shell_tests = \
  tests/mpi/du.sh \
  tests/mpi/du-errors.sh \
  tests/mpi/du-one-file-system.sh \
  tests/mpi/rank-dies.sh

if HAVE_MPI
TESTS += $(mpi_shell_tests)
endif
EXTRA_DIST += $(mpi_shell_tests) tests/mpi/mpi-init.sh
