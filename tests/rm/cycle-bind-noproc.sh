#!/bin/sh
# A directory bind-mounted below itself, where /proc cannot be read (a
# container without it, here a tmpfs over it in a mount namespace of the
# test's own): rm cannot tell from the mounts that no cycle is there, so
# it walks as GNU rm does, whatever the threads: same stdout, stderr, exit
# status and tree left as GNU rm on each shape of bind_cycle_tree_
# (tests/init.sh).  It ran the parallel walk there, which found the cycle
# at its first repeat and kept its ancestors without a word: no "cannot
# remove 'a': Directory not empty", and the file after the cycle removed.
# Root only.

if test "$(id -u)" = 0 && test -z "$rm_test_private_ns_"; then
  if unshare -m --propagation private true 2> /dev/null; then
    rm_test_private_ns_=1 exec unshare -m --propagation private \
      "${SHELL:-/bin/sh}" "$0" "$@"
  fi
  echo "$(basename "$0" .sh): skipped test: cannot unshare the mounts" >&2
  exit 77
fi

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_root_
require_gnu_ rm
mount -t tmpfs none /proc && umount /proc || skip_ "cannot hide /proc"
is_sanitized_ "$rm_" \
  && skip_ "built with a sanitizer: its runtime needs /proc, which the test hides"

hide_proc_=yes
compare_cycles_with_gnu_ rm -rf
compare_cycles_with_gnu_ rm -rfv

exit $fail
