## tests/du/local.mk: the du tests.  One behaviour per script (see each
## script's head comment); they run the program named by $DU_UNDER_TEST,
## by default src/du, so that DU_UNDER_TEST=/usr/bin/du checks the tests
## themselves against GNU du (those where later GNU du differs from 9.1
## say so, naming the version, and fail with 9.1).  du-init.sh is their
## shared set-up.

du_shell_tests = \
  tests/du/all.sh \
  tests/du/apparent-size.sh \
  tests/du/block-size-env.sh \
  tests/du/block-size-invalid.sh \
  tests/du/block-size.sh \
  tests/du/bytes.sh \
  tests/du/cycle-bind-gnu.sh \
  tests/du/cycle-bind-mount.sh \
  tests/du/cycle-warning.sh \
  tests/du/dangling-symlink.sh \
  tests/du/deep-tree-mem.sh \
  tests/du/dereference-args.sh \
  tests/du/dereference-symlink-limit.sh \
  tests/du/dereference.sh \
  tests/du/errors-between-lines.sh \
  tests/du/exclude.sh \
  tests/du/exclude-unsearchable.sh \
  tests/du/files0-from-counted.sh \
  tests/du/files0-from-endless.sh \
  tests/du/files0-from-memory.sh \
  tests/du/files0-from-stdin-dash.sh \
  tests/du/files0-from-stdin-read-error.sh \
  tests/du/files0-from-stdin.sh \
  tests/du/files0-from.sh \
  tests/du/full-stdout.sh \
  tests/du/gnu-diff.sh \
  tests/du/operands-bind.sh \
  tests/du/operands-gnu.sh \
  tests/du/files0-from-pipe-open.sh \
  tests/du/files0-from-many.sh \
  tests/du/hard-links-operands.sh \
  tests/du/hard-links.sh \
  tests/du/hard-links-spread.sh \
  tests/du/help.sh \
  tests/du/human.sh \
  tests/du/inodes.sh \
  tests/du/invalid-option.sh \
  tests/du/latfs.sh \
  tests/du/latfs-fault-readdir.sh \
  tests/du/latfs-fault-readdir-part.sh \
  tests/du/latfs-fault-stat.sh \
  tests/du/latfs-fault-subtree.sh \
  tests/du/latfs-inflight.sh \
  tests/du/latfs-nofile.sh \
  tests/du/latfs-stall.sh \
  tests/du/latfs-vanished.sh \
  tests/du/logical-empty-slash.sh \
  tests/du/max-depth-invalid.sh \
  tests/du/max-depth.sh \
  tests/du/moved-ancestor.sh \
  tests/du/moved-dir.sh \
  tests/du/no-dereference.sh \
  tests/du/no-such-file.sh \
  tests/du/null.sh \
  tests/du/one-file-system.sh \
  tests/du/operands-order.sh \
  tests/du/quoting-style.sh \
  tests/du/separate-dirs.sh \
  tests/du/sparse.sh \
  tests/du/summarize.sh \
  tests/du/terminal-quoting.sh \
  tests/du/threshold-invalid.sh \
  tests/du/threshold.sh \
  tests/du/time-style.sh \
  tests/du/time-word.sh \
  tests/du/time.sh \
  tests/du/total-time-none.sh \
  tests/du/total.sh \
  tests/du/unreadable-dir.sh \
  tests/du/vanished.sh \
  tests/du/version.sh

# Each twice: with one thread and with four (see tests/local.mk).
TESTS += $(du_shell_tests) $(du_shell_tests:.sh=.sh.threads4)
EXTRA_DIST += $(du_shell_tests) tests/du/du-init.sh
