## tests/chown/local.mk: the chown and chgrp tests.  One behaviour per
## script (see each script's head comment); they run the programs named by
## $CHOWN_UNDER_TEST and $CHGRP_UNDER_TEST, by default src/chown and
## src/chgrp, so that setting them to /usr/bin/chown and /usr/bin/chgrp
## checks the tests themselves against GNU's.  chown-init.sh (which sources
## tests/chmod/chmod-init.sh) is their shared set-up.

chown_shell_tests = \
  tests/chown/changes.sh \
  tests/chown/chgrp-verbose.sh \
  tests/chown/contents-first.sh \
  tests/chown/cycle-bind-gnu.sh \
  tests/chown/deep-tree.sh \
  tests/chown/deref-denied.sh \
  tests/chown/from-chgrp.sh \
  tests/chown/from.sh \
  tests/chown/gnu-diff.sh \
  tests/chown/operands-gnu.sh \
  tests/chown/hard-links.sh \
  tests/chown/help.sh \
  tests/chown/invalid-spec.sh \
  tests/chown/latfs.sh \
  tests/chown/latfs-fault-chown.sh \
  tests/chown/latfs-fault-readdir.sh \
  tests/chown/latfs-fault-readdir-part.sh \
  tests/chown/latfs-fault-stat.sh \
  tests/chown/latfs-fault-subtree.sh \
  tests/chown/latfs-stall.sh \
  tests/chown/logical-nostat.sh \
  tests/chown/minus-one.sh \
  tests/chown/overlap-big-dir.sh \
  tests/chown/no-stat.sh \
  tests/chown/parallel-order.sh \
  tests/chown/permission-denied.sh \
  tests/chown/preserve-root.sh \
  tests/chown/quiet.sh \
  tests/chown/reference.sh \
  tests/chown/repeated-links.sh \
  tests/chown/symlink-aliases.sh \
  tests/chown/symlink-race.sh \
  tests/chown/symlinks.sh \
  tests/chown/threads.sh \
  tests/chown/usage-errors.sh \
  tests/chown/vanished.sh \
  tests/chown/verbose.sh

# Each twice: with one thread and with four (see tests/local.mk).
TESTS += $(chown_shell_tests) $(chown_shell_tests:.sh=.sh.threads4)
EXTRA_DIST += $(chown_shell_tests) tests/chown/chown-init.sh
