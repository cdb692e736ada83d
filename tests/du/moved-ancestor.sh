#!/bin/sh
# Issue 12, item 2: T/U/3/a/b/c holds 99 chains of 24 directories; while du
# opens T/U/3/a/b, T/U/3/a moves to T/U/a.  du lists the subtree (under the
# names it had), then, climbing out of T/U/3/a, finds its ".." is no longer
# T/U/3: as GNU du 9.1, it says "fts_read failed" naming T/U/3/a, lists
# none of T/U/3/a, T/U/3, T/U, T, goes on with the next operand and exits
# 1.  The parallel walk walks several operands at once, and ends where one
# fails: the operands after T are listed by the sequential walk
# (LIBFTS_THREADS=1) alone, and not looked at with threads (a race with
# another process's rename: NEWS).  The chains are deep enough that GNU's walk has no descriptor of
# T/U/3 left when it climbs back; ours keeps more and must check anyway.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_strace_inject_
chain=d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z
n=1
while test $n -le 99; do
  mkdir -p T/U/3/a/b/c/$n/$chain || framework_failure_ "cannot make T"
  n=$((n + 1))
done
mkdir d1 d2 || framework_failure_ "cannot make d1 and d2"
# What du lists: T/U/3/a/b and below, named as before the move, then d2.
{ (cd T/U/3/a && find b -type d) | sed 's|^|T/U/3/a/|'; echo d1
  test "$LIBFTS_THREADS" = 1 && echo d2; } | LC_ALL=C sort > _exp

hold_at_open_ b 'mv T/U/3/a T/U/a' \
  env PATH="$du_bin_:$PATH" du -a d1 T d2 > _out 2> _err
check_status_ 1 $? "du"
cut -f2 _out | LC_ALL=C sort > _paths
test "$LIBFTS_THREADS" = 1 || sed -i '/^d2$/d' _paths
compare _exp _paths || fail=1
echo 'du: fts_read failed: T/U/3/a: No such file or directory' > _exp.err
compare _exp.err _err || fail=1

exit $fail
