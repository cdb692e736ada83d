## tests/chmod/local.mk: the chmod tests.  One behaviour per script (see
## each script's head comment); they run the program named by
## $CHMOD_UNDER_TEST, by default src/chmod, so that
## CHMOD_UNDER_TEST=/usr/bin/chmod checks the tests themselves against GNU
## chmod.  chmod-init.sh is their shared set-up (the chown tests use it
## too).  The symlink-swap attacker is tests/rm/swap-helper.

chmod_shell_tests = \
  tests/chmod/gnu-diff.sh

TESTS += $(chmod_shell_tests)
EXTRA_DIST += $(chmod_shell_tests) tests/chmod/chmod-init.sh
