## tests/local.mk: make check.  Check suites (one per lib/ file, each test
## in its own process) and shell tests (one behaviour per script; 77 means
## skipped, with the reason on stderr).

# LIBFTS_THREADS (the programs' thread count) comes from here, never from
# the caller's environment: 1, the sequential path, for the shell tests;
# 4 for the programs' tests run again (.threads4, below); unset for the
# unit suites, which set the threads of their walks themselves.
TEST_EXTENSIONS = .sh .threads4
SH_LOG_COMPILER = env LIBFTS_THREADS=1 $(SHELL)
AM_TESTS_ENVIRONMENT = \
  unset LIBFTS_THREADS; \
  export abs_top_srcdir='$(abs_top_srcdir)' abs_top_builddir='$(abs_top_builddir)' \
    TCLSH='$(TCLSH)' CC='$(CC)' MPIRUN='$(MPIRUN)' LC_ALL=C CK_FORK=yes;

# Whether configure found MPI, for the tests that read this Makefile:
# make install installs more then (tests/lib/install.sh).
if HAVE_MPI
tests_with_mpi = yes
else
tests_with_mpi = no
endif

# ---- the programs' tests again, with four threads ---------------------------
# rm, du, chmod, chown and chgrp walk with worker threads unless
# LIBFTS_THREADS=1.  Each of their scripts, say tests/rm/dir.sh, runs a
# second time as tests/rm/dir.sh.threads4, with LIBFTS_THREADS=4: a result
# of its own in test-suite.log.  Such a name is no file, only a label: its
# log compiler strips the .threads4 and runs the script (by hand:
# LIBFTS_THREADS=4 sh tests/rm/dir.sh).  Each tests/PROGRAM/local.mk puts
# both runs of its scripts in TESTS.
THREADS4_LOG_COMPILER = env LIBFTS_THREADS=4 \
  $(SHELL) -c 'exec "$$0" "$${1%.threads4}"' '$(SHELL)'
program_shell_tests = $(rm_shell_tests) $(du_shell_tests) \
  $(chmod_shell_tests) $(chown_shell_tests)
program_threads4_tests = $(program_shell_tests:.sh=.sh.threads4)
# Nothing to make: the label's script is the test.
$(program_threads4_tests):
	@:

# ---- Check unit suites ------------------------------------------------------
unit_suites = \
  tests/unit/check-fts \
  tests/unit/check-fts-dir \
  tests/unit/check-fts-fd \
  tests/unit/check-fts-cycle \
  tests/unit/check-fs-policy \
  tests/unit/check-fts-tune \
  tests/unit/check-fts-report \
  tests/unit/check-fts-walk \
  tests/unit/check-fts-walk-rm \
  tests/unit/check-fts-walk-hold \
  tests/unit/check-fts-walk-threads \
  tests/unit/check-fts-walk-emit \
  tests/unit/check-fts-walk-roots \
  tests/unit/check-fts-walk-fd

if HAVE_CHECK
check_PROGRAMS += $(unit_suites)
TESTS += $(unit_suites)
endif

unit_cppflags = -I$(top_builddir) -I$(top_srcdir)/lib -I$(top_srcdir)/tests/unit \
  -I$(top_srcdir)/tests/lib
# What every suite links: unit.c's helpers and the names of fts_info and
# errno values that every test program prints (tests/lib/fts-names.c).
unit_harness = tests/unit/unit.h tests/unit/unit.c $(fts_names)
fts_names = tests/lib/fts-names.h tests/lib/fts-names.c
unit_cflags = $(WARN_CFLAGS) $(SANITIZE_CFLAGS) $(CHECK_CFLAGS)
unit_ldadd = lib/libfts-core.la $(CHECK_LIBS) $(PTHREAD_LIBS)

tests_unit_check_fts_SOURCES = tests/unit/check-fts.c $(unit_harness)
tests_unit_check_fts_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_CFLAGS = $(unit_cflags)
tests_unit_check_fts_LDADD = $(unit_ldadd)

tests_unit_check_fts_dir_SOURCES = tests/unit/check-fts-dir.c $(unit_harness)
tests_unit_check_fts_dir_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_dir_CFLAGS = $(unit_cflags)
tests_unit_check_fts_dir_LDADD = $(unit_ldadd)

tests_unit_check_fts_fd_SOURCES = tests/unit/check-fts-fd.c $(unit_harness)
tests_unit_check_fts_fd_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_fd_CFLAGS = $(unit_cflags)
tests_unit_check_fts_fd_LDADD = $(unit_ldadd)

tests_unit_check_fts_cycle_SOURCES = tests/unit/check-fts-cycle.c $(unit_harness)
tests_unit_check_fts_cycle_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_cycle_CFLAGS = $(unit_cflags)
tests_unit_check_fts_cycle_LDADD = $(unit_ldadd)

tests_unit_check_fs_policy_SOURCES = tests/unit/check-fs-policy.c $(unit_harness)
tests_unit_check_fs_policy_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fs_policy_CFLAGS = $(unit_cflags)
tests_unit_check_fs_policy_LDADD = $(unit_ldadd)

tests_unit_check_fts_tune_SOURCES = tests/unit/check-fts-tune.c $(unit_harness)
tests_unit_check_fts_tune_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_tune_CFLAGS = $(unit_cflags)
tests_unit_check_fts_tune_LDADD = $(unit_ldadd)

tests_unit_check_fts_report_SOURCES = tests/unit/check-fts-report.c $(unit_harness)
tests_unit_check_fts_report_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_report_CFLAGS = $(unit_cflags)
tests_unit_check_fts_report_LDADD = $(unit_ldadd)

# The walk's two suites share a harness (trees, the reference walk, the
# callbacks' log).
walk_harness = tests/unit/walk-harness.h tests/unit/walk-harness.c

tests_unit_check_fts_walk_SOURCES = tests/unit/check-fts-walk.c \
  $(walk_harness) $(unit_harness)
tests_unit_check_fts_walk_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_walk_CFLAGS = $(unit_cflags)
tests_unit_check_fts_walk_LDADD = $(unit_ldadd)

tests_unit_check_fts_walk_rm_SOURCES = tests/unit/check-fts-walk-rm.c \
  $(walk_harness) $(unit_harness)
tests_unit_check_fts_walk_rm_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_walk_rm_CFLAGS = $(unit_cflags)
tests_unit_check_fts_walk_rm_LDADD = $(unit_ldadd)

tests_unit_check_fts_walk_hold_SOURCES = tests/unit/check-fts-walk-hold.c \
  $(walk_harness) $(unit_harness)
tests_unit_check_fts_walk_hold_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_walk_hold_CFLAGS = $(unit_cflags)
tests_unit_check_fts_walk_hold_LDADD = $(unit_ldadd)

tests_unit_check_fts_walk_threads_SOURCES = \
  tests/unit/check-fts-walk-threads.c $(walk_harness) $(unit_harness)
tests_unit_check_fts_walk_threads_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_walk_threads_CFLAGS = $(unit_cflags)
tests_unit_check_fts_walk_threads_LDADD = $(unit_ldadd)

tests_unit_check_fts_walk_emit_SOURCES = tests/unit/check-fts-walk-emit.c \
  $(walk_harness) $(unit_harness)
tests_unit_check_fts_walk_emit_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_walk_emit_CFLAGS = $(unit_cflags)
tests_unit_check_fts_walk_emit_LDADD = $(unit_ldadd)

tests_unit_check_fts_walk_roots_SOURCES = \
  tests/unit/check-fts-walk-roots.c $(walk_harness) $(unit_harness)
tests_unit_check_fts_walk_roots_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_walk_roots_CFLAGS = $(unit_cflags)
tests_unit_check_fts_walk_roots_LDADD = $(unit_ldadd)

tests_unit_check_fts_walk_fd_SOURCES = tests/unit/check-fts-walk-fd.c $(unit_harness)
tests_unit_check_fts_walk_fd_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_walk_fd_CFLAGS = $(unit_cflags)
tests_unit_check_fts_walk_fd_LDADD = $(unit_ldadd)

# ---- helpers for the shell tests ---------------------------------------------
# One source, built twice: against libfts and against glibc's own fts.
check_PROGRAMS += tests/lib/fts-print-ours tests/lib/fts-print-glibc
tests_lib_fts_print_ours_SOURCES = tests/lib/fts-print.c $(fts_names)
tests_lib_fts_print_ours_CPPFLAGS = -I$(top_srcdir)/lib -DUSE_LIBFTS=1
tests_lib_fts_print_ours_LDADD = lib/libfts.la
tests_lib_fts_print_glibc_SOURCES = tests/lib/fts-print.c $(fts_names)
tests_lib_fts_print_glibc_CPPFLAGS =

# ---- shell tests --------------------------------------------------------------
lib_shell_tests = \
  tests/lib/abi-layout.sh \
  tests/lib/exports.sh \
  tests/lib/glibc-diff.sh \
  tests/lib/inode-order-ext4.sh \
  tests/lib/inode-order-tmpfs.sh \
  tests/lib/install.sh \
  tests/lib/install-transform.sh \
  tests/lib/nlink-ext4.sh \
  tests/lib/no-circle.sh \
  tests/lib/pkg-config.sh \
  tests/lib/walk-cycle.sh \
  tests/lib/walk-demo.sh \
  tests/lib/walk-example.sh
preload_shell_tests = \
  tests/preload/tcl-delete.sh \
  tests/preload/tcl-copy.sh \
  tests/preload/libfts-run-sort.sh \
  tests/preload/libfts-run-file.sh \
  tests/preload/libfts-run-usage.sh

TESTS += $(lib_shell_tests) $(preload_shell_tests)
EXTRA_DIST += $(lib_shell_tests) $(preload_shell_tests) tests/init.sh \
  tests/gnu-diff-lib.sh tests/operands-lib.sh tests/no-circle-lib.sh \
  tests/latfs-faults-lib.sh tests/preload/tcl-init.sh

# ---- the sanitizer legs: make check-sanitizers, make check-tsan ---------------
# Each configures a build of its own under _sanitize/ (CFLAGS='-g -O1'),
# builds the library, the programs and the test programs there, and runs
# make check there on a list of tests:
#   check-sanitizers  ASan and UBSan (--enable-sanitizers): the unit suites,
#                     then the programs' shell tests with one thread and
#                     with four (tests/rm, du, chmod, chown);
#   check-tsan        ThreadSanitizer (--enable-sanitizers=thread): the
#                     walk's unit suites with LIBFTS_THREADS=4, and the
#                     programs' shell tests with four threads.
# Any report fails the test it came from, also when a shell test's program
# made it (tests/init.sh has reports written to files, and looks), and
# the failing tests' logs are printed.  The builds are configured from a
# copy of the sources made by make distdir (a source tree configured in
# place cannot host another build), and are kept: the next run rebuilds
# what changed.  make clean removes them.
san_top = $(abs_top_builddir)/_sanitize
san_srcdir = $(san_top)/src
san_configure = '$(san_srcdir)/configure' -q CFLAGS='-g -O1'
# The sanitized programs' tests: rm, du, chmod, chown and chgrp.
san_program_tests = $(program_shell_tests) $(program_threads4_tests)
if HAVE_CHECK
san_unit_tests = $(unit_suites)
tsan_unit_tests = tests/unit/check-fts-walk tests/unit/check-fts-walk-rm \
  tests/unit/check-fts-walk-hold tests/unit/check-fts-walk-threads \
  tests/unit/check-fts-walk-emit tests/unit/check-fts-walk-roots
endif

.PHONY: sanitize-srcdir check-sanitizers check-tsan clean-sanitize
sanitize-srcdir:
	@$(MKDIR_P) '$(san_top)'
	$(AM_V_GEN)$(MAKE) $(AM_MAKEFLAGS) distdir distdir='$(san_srcdir)' \
	  top_distdir='$(san_srcdir)' > /dev/null

# LeakSanitizer watches the unit suites, not the programs: these keep what
# main allocates (a compiled mode, user and group names, a time zone) to
# the end, as GNU's do; and it cannot run under strace (the threads tests).
check-sanitizers: sanitize-srcdir
	@$(MKDIR_P) '$(san_top)/asan'
	@cd '$(san_top)/asan' \
	  && { test -f config.status || $(san_configure) --enable-sanitizers; } \
	  && $(MAKE) $(AM_MAKEFLAGS) all \
	  && { UBSAN_OPTIONS=print_stacktrace=1; export UBSAN_OPTIONS; \
	       $(MAKE) $(AM_MAKEFLAGS) check VERBOSE=yes \
	         TESTS='$(san_unit_tests)' TEST_SUITE_LOG=unit-suite.log; \
	       unit=$$?; \
	       ASAN_OPTIONS=detect_leaks=0 $(MAKE) $(AM_MAKEFLAGS) check VERBOSE=yes \
	         TESTS='$(san_program_tests)' TEST_SUITE_LOG=program-suite.log \
	       && test $$unit = 0; }

# halt_on_error: the first report ends the program, with status 66.  gcc
# 12's TSan cannot start when ASLR may place the program where it wants
# its shadow memory.  Measured on Linux 6.18: a TSan program failed to
# start 0 times in 300 with vm.mmap_rnd_bits=28, 23 in 40 with 29, 32 in
# 40 with 30, every time with 31 and 32; with setarch -R (ASLR off),
# never.  So the tests run under setarch -R where the kernel randomizes
# more than 28 bits, or where a TSan program fails to start.
check-tsan: sanitize-srcdir
	@$(MKDIR_P) '$(san_top)/tsan'
	@cd '$(san_top)/tsan' \
	  && { test -f config.status || $(san_configure) --enable-sanitizers=thread; } \
	  && $(MAKE) $(AM_MAKEFLAGS) all \
	  && bits=$$(cat /proc/sys/vm/mmap_rnd_bits 2> /dev/null || echo 28) \
	  && if test "$$bits" -le 28 && src/rm --version > /dev/null 2>&1; then \
	       norandom=; \
	     else \
	       norandom="setarch $$(uname -m) -R"; \
	       echo "check-tsan: vm.mmap_rnd_bits=$$bits: ASLR off ($$norandom)"; \
	       $$norandom src/rm --version > /dev/null || exit 1; \
	     fi \
	  && TSAN_OPTIONS='halt_on_error=1 exitcode=66 second_deadlock_stack=1' \
	     $$norandom $(MAKE) $(AM_MAKEFLAGS) check VERBOSE=yes \
	       TESTS='$(tsan_unit_tests) $(program_threads4_tests)' \
	       TESTS_ENVIRONMENT='LIBFTS_THREADS=4; export LIBFTS_THREADS;'

clean-local: clean-sanitize
clean-sanitize:
	-test ! -d '$(san_top)' || { chmod -R u+w '$(san_top)' && rm -rf '$(san_top)'; }

# ---- the parallel walk's races, at length ---------------------------------------
# (make check-stress: the walk's suite with LIBFTS_STRESS_ROUNDS rounds of its
# symlink-swap race per thread count; make check runs a hundred or ten.)
STRESS_ROUNDS = 2000
.PHONY: check-stress
if HAVE_CHECK
check-stress: tests/unit/check-fts-walk-rm
	CK_FORK=yes LC_ALL=C CK_TIMEOUT_MULTIPLIER=20 \
	  LIBFTS_STRESS_ROUNDS=$(STRESS_ROUNDS) tests/unit/check-fts-walk-rm
else
check-stress:
	@echo "check-stress: needs Check, which configure did not find" >&2; exit 1
endif
