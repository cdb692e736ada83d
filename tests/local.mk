## tests/local.mk: make check.  Check suites (one per lib/ file, each test
## in its own process) and shell tests (one behaviour per script; 77 means
## skipped, with the reason on stderr).

TEST_EXTENSIONS = .sh
SH_LOG_COMPILER = $(SHELL)
AM_TESTS_ENVIRONMENT = \
  export abs_top_srcdir='$(abs_top_srcdir)' abs_top_builddir='$(abs_top_builddir)' \
    TCLSH='$(TCLSH)' CC='$(CC)' LC_ALL=C CK_FORK=yes;

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
  tests/unit/check-fts-walk-fd

if HAVE_CHECK
check_PROGRAMS += $(unit_suites)
TESTS += $(unit_suites)
endif

unit_cppflags = -I$(top_builddir) -I$(top_srcdir)/lib -I$(top_srcdir)/tests/unit
unit_cflags = $(WARN_CFLAGS) $(SANITIZE_CFLAGS) $(CHECK_CFLAGS)
unit_ldadd = lib/libfts-core.la $(CHECK_LIBS) $(PTHREAD_LIBS)

tests_unit_check_fts_SOURCES = tests/unit/check-fts.c tests/unit/unit.h tests/unit/unit.c
tests_unit_check_fts_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_CFLAGS = $(unit_cflags)
tests_unit_check_fts_LDADD = $(unit_ldadd)

tests_unit_check_fts_dir_SOURCES = tests/unit/check-fts-dir.c tests/unit/unit.h tests/unit/unit.c
tests_unit_check_fts_dir_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_dir_CFLAGS = $(unit_cflags)
tests_unit_check_fts_dir_LDADD = $(unit_ldadd)

tests_unit_check_fts_fd_SOURCES = tests/unit/check-fts-fd.c tests/unit/unit.h tests/unit/unit.c
tests_unit_check_fts_fd_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_fd_CFLAGS = $(unit_cflags)
tests_unit_check_fts_fd_LDADD = $(unit_ldadd)

tests_unit_check_fts_cycle_SOURCES = tests/unit/check-fts-cycle.c tests/unit/unit.h tests/unit/unit.c
tests_unit_check_fts_cycle_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_cycle_CFLAGS = $(unit_cflags)
tests_unit_check_fts_cycle_LDADD = $(unit_ldadd)

tests_unit_check_fs_policy_SOURCES = tests/unit/check-fs-policy.c tests/unit/unit.h tests/unit/unit.c
tests_unit_check_fs_policy_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fs_policy_CFLAGS = $(unit_cflags)
tests_unit_check_fs_policy_LDADD = $(unit_ldadd)

tests_unit_check_fts_tune_SOURCES = tests/unit/check-fts-tune.c tests/unit/unit.h tests/unit/unit.c
tests_unit_check_fts_tune_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_tune_CFLAGS = $(unit_cflags)
tests_unit_check_fts_tune_LDADD = $(unit_ldadd)

tests_unit_check_fts_report_SOURCES = tests/unit/check-fts-report.c tests/unit/unit.h tests/unit/unit.c
tests_unit_check_fts_report_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_report_CFLAGS = $(unit_cflags)
tests_unit_check_fts_report_LDADD = $(unit_ldadd)

tests_unit_check_fts_walk_SOURCES = tests/unit/check-fts-walk.c tests/unit/unit.h tests/unit/unit.c
tests_unit_check_fts_walk_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_walk_CFLAGS = $(unit_cflags)
tests_unit_check_fts_walk_LDADD = $(unit_ldadd)

tests_unit_check_fts_walk_fd_SOURCES = tests/unit/check-fts-walk-fd.c tests/unit/unit.h tests/unit/unit.c
tests_unit_check_fts_walk_fd_CPPFLAGS = $(unit_cppflags)
tests_unit_check_fts_walk_fd_CFLAGS = $(unit_cflags)
tests_unit_check_fts_walk_fd_LDADD = $(unit_ldadd)

# ---- helpers for the shell tests ---------------------------------------------
# One source, built twice: against libfts and against glibc's own fts.
check_PROGRAMS += tests/lib/fts-print-ours tests/lib/fts-print-glibc
tests_lib_fts_print_ours_SOURCES = tests/lib/fts-print.c
tests_lib_fts_print_ours_CPPFLAGS = -I$(top_srcdir)/lib -DUSE_LIBFTS=1
tests_lib_fts_print_ours_LDADD = lib/libfts.la
tests_lib_fts_print_glibc_SOURCES = tests/lib/fts-print.c
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
  tests/lib/pkg-config.sh \
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
  tests/preload/tcl-init.sh

# ---- the unit suites again, under ASan and UBSan, in a build of their own -----
# (make check-sanitizers; ./configure --enable-sanitizers does the same for
# the whole tree.)
san_dir = $(abs_top_builddir)/_sanitize
san_flags = -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
  -fno-omit-frame-pointer
.PHONY: check-sanitizers
check-sanitizers:
	@rm -rf '$(san_dir)' && mkdir -p '$(san_dir)'
	@fail=0; for s in $(unit_suites); do \
	  b=$$(basename $$s); \
	  $(CC) $(san_flags) -D_GNU_SOURCE -I$(top_builddir) -I$(top_srcdir)/lib \
	    -I$(top_srcdir)/tests/unit $(CHECK_CFLAGS) \
	    $(top_srcdir)/$$s.c $(top_srcdir)/tests/unit/unit.c \
	    $(addprefix $(top_srcdir)/,$(filter %.c,$(lib_libfts_core_la_SOURCES))) \
	    $(CHECK_LIBS) -o '$(san_dir)'/$$b || exit 1; \
	  if (cd '$(san_dir)' && CK_FORK=yes LC_ALL=C ./$$b) >'$(san_dir)'/$$b.log 2>&1; \
	  then echo "PASS (sanitizers): $$b"; \
	  else echo "FAIL (sanitizers): $$b"; sed 's/^/  /' '$(san_dir)'/$$b.log | tail -40; fail=1; fi; \
	done; exit $$fail
MOSTLYCLEANDIRS += _sanitize

# ---- the parallel walk's races, at length ---------------------------------------
# (make check-stress: the walk's suite with LIBFTS_STRESS_ROUNDS rounds of its
# symlink-swap race per thread count; make check runs a hundred or ten.)
STRESS_ROUNDS = 2000
.PHONY: check-stress
if HAVE_CHECK
check-stress: tests/unit/check-fts-walk
	CK_FORK=yes LC_ALL=C CK_TIMEOUT_MULTIPLIER=20 \
	  LIBFTS_STRESS_ROUNDS=$(STRESS_ROUNDS) tests/unit/check-fts-walk
else
check-stress:
	@echo "check-stress: needs Check, which configure did not find" >&2; exit 1
endif
