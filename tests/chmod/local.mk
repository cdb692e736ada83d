## tests/chmod/local.mk: the chmod tests.  One behaviour per script (see
## each script's head comment); they run the program named by
## $CHMOD_UNDER_TEST, by default src/chmod, so that
## CHMOD_UNDER_TEST=/usr/bin/chmod checks the tests themselves against GNU
## chmod.  chmod-init.sh is their shared set-up (the chown tests use it
## too).  The symlink-swap attacker is tests/rm/swap-helper.

chmod_shell_tests = \
  tests/chmod/cycle-bind-gnu.sh \
  tests/chmod/cycle-bind-noproc.sh \
  tests/chmod/dangling.sh \
  tests/chmod/gnu-diff.sh \
  tests/chmod/operands-gnu.sh \
  tests/chmod/help.sh \
  tests/chmod/latfs.sh \
  tests/chmod/latfs-fault-chmod.sh \
  tests/chmod/latfs-fault-readdir.sh \
  tests/chmod/latfs-fault-readdir-part.sh \
  tests/chmod/latfs-fault-stat.sh \
  tests/chmod/latfs-fault-subtree.sh \
  tests/chmod/latfs-stall.sh \
  tests/chmod/mode-as-option.sh \
  tests/chmod/no-such-file.sh \
  tests/chmod/parallel-order.sh \
  tests/chmod/permission-denied.sh \
  tests/chmod/preserve-root.sh \
  tests/chmod/quiet.sh \
  tests/chmod/reference.sh \
  tests/chmod/setgid-dir.sh \
  tests/chmod/symlink-operand.sh \
  tests/chmod/symlink-race.sh \
  tests/chmod/symlink-recursive.sh \
  tests/chmod/threads.sh \
  tests/chmod/umask-warning.sh \
  tests/chmod/unreadable-dir.sh \
  tests/chmod/unreadable-tree.sh \
  tests/chmod/usage-errors.sh \
  tests/chmod/vanished.sh \
  tests/chmod/verbose.sh \
  tests/chmod/version.sh

# Each twice: with one thread and with four (see tests/local.mk).
TESTS += $(chmod_shell_tests) $(chmod_shell_tests:.sh=.sh.threads4)
EXTRA_DIST += $(chmod_shell_tests) tests/chmod/chmod-init.sh
