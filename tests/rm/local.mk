## tests/rm/local.mk: the rm tests.  One behaviour per script (see each
## script's head comment); they run the program named by $RM_UNDER_TEST,
## by default src/rm, so that RM_UNDER_TEST=/usr/bin/rm checks the tests
## themselves against GNU rm.  rm-init.sh is their shared set-up.

# Helpers: a PATH_MAX-defying directory chain, and the symlink-swap attacker.
# Plain C on libc: no gnulib headers (they want config.h first).
check_PROGRAMS += tests/rm/mkdeep tests/rm/swap-helper
tests_rm_mkdeep_SOURCES = tests/rm/mkdeep.c
tests_rm_mkdeep_CPPFLAGS =
tests_rm_swap_helper_SOURCES = tests/rm/swap-helper.c
tests_rm_swap_helper_CPPFLAGS =

rm_shell_tests = \
  tests/rm/cycle-bind-gnu.sh \
  tests/rm/cycle-bind-noproc.sh \
  tests/rm/cycle-remote.sh \
  tests/rm/declined-status.sh \
  tests/rm/deep-tree-1m.sh \
  tests/rm/deep-tree.sh \
  tests/rm/deep-tree-mem.sh \
  tests/rm/dir.sh \
  tests/rm/dot-dotdot.sh \
  tests/rm/double-dash.sh \
  tests/rm/enomem.sh \
  tests/rm/failed-rmdir.sh \
  tests/rm/force-missing.sh \
  tests/rm/force-overrides.sh \
  tests/rm/gnu-diff.sh \
  tests/rm/operands-gnu.sh \
  tests/rm/help.sh \
  tests/rm/inaccessible-dir.sh \
  tests/rm/interactive-always.sh \
  tests/rm/interactive-invalid.sh \
  tests/rm/interactive-never.sh \
  tests/rm/interactive-once.sh \
  tests/rm/invalid-option.sh \
  tests/rm/is-a-directory.sh \
  tests/rm/latfs.sh \
  tests/rm/latfs-fault-readdir.sh \
  tests/rm/latfs-fault-readdir-part.sh \
  tests/rm/latfs-fault-rmdir.sh \
  tests/rm/latfs-fault-stat.sh \
  tests/rm/latfs-fault-subtree.sh \
  tests/rm/latfs-fault-unlink.sh \
  tests/rm/latfs-stall.sh \
  tests/rm/long-abbrev.sh \
  tests/rm/missing-operand.sh \
  tests/rm/moved-ancestor.sh \
  tests/rm/no-preserve-root-abbrev.sh \
  tests/rm/no-such-file.sh \
  tests/rm/nofile-limit.sh \
  tests/rm/one-file-system.sh \
  tests/rm/parallel-order.sh \
  tests/rm/permute.sh \
  tests/rm/preserve-root-all.sh \
  tests/rm/preserve-root-arg.sh \
  tests/rm/preserve-root.sh \
  tests/rm/presume-input-tty.sh \
  tests/rm/prompt-descend.sh \
  tests/rm/prompt-file-types.sh \
  tests/rm/prompt-remove-dir.sh \
  tests/rm/prompt-write-protected.sh \
  tests/rm/readdir-error.sh \
  tests/rm/readonly-fs.sh \
  tests/rm/recursive.sh \
  tests/rm/small-walk.sh \
  tests/rm/symlink-race.sh \
  tests/rm/symlink.sh \
  tests/rm/unreadable-dir.sh \
  tests/rm/unwritable-dir.sh \
  tests/rm/verbose.sh \
  tests/rm/version.sh

# Each twice: with one thread and with four (see tests/local.mk).
TESTS += $(rm_shell_tests) $(rm_shell_tests:.sh=.sh.threads4)
EXTRA_DIST += $(rm_shell_tests) tests/rm/rm-init.sh
