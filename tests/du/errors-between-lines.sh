#!/bin/sh
# Messages come between the same lines as GNU du's when stdout and stderr
# are one file (2>&1): with threads, du writes a run of lines at once, and
# must write what it holds before each message.  Directories that cannot
# be read, among directories of many files, at several depths.  Run as
# nobody when root.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

gnu_du=/usr/bin/du
"$gnu_du" --version 2>/dev/null | grep -q 'GNU coreutils' \
  || skip_ "GNU du is not $gnu_du"
require_unprivileged_

# T/dN (N = 0..11), each with 150 files and dN/sub with 40; every third
# dN/sub, and T/d5 itself, closed (mode 0).
for i in 0 1 2 3 4 5 6 7 8 9 10 11; do
  as_user_ mkdir -p T/d$i/sub \
    && (cd T/d$i && as_user_ sh -c 'seq -f f%03g 1 150 | xargs touch' \
        && cd sub && as_user_ sh -c 'seq -f g%02g 1 40 | xargs touch') \
    || framework_failure_ "cannot make T/d$i"
done
for d in T/d0/sub T/d3/sub T/d6/sub T/d9/sub T/d5; do
  as_user_ chmod 0 $d || framework_failure_ "cannot close $d"
done

for opts in '-a' '' '-a --inodes'; do
  # shellcheck disable=SC2086
  run_du $opts T > _out 2>&1; echo "exit $?" >> _out
  # shellcheck disable=SC2086
  (PATH=${gnu_du%/du}:$PATH LC_ALL=C; exec $unpriv_ du $opts T) > _exp 2>&1
  echo "exit $?" >> _exp
  test "$(grep -c 'cannot read directory' _exp)" = 5 \
    || framework_failure_ "GNU du did not fail 5 times on du $opts"
  compare _exp _out || { echo "du $opts T 2>&1 differs" >&2; fail=1; }
done

exit $fail
