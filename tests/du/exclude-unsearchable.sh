#!/bin/sh
# --exclude with several operands, where an excluded name sits in a
# directory that can be read but not searched (its entries cannot be
# stat'ed): the excluded entry is left out without its stat, and du
# says what GNU du 9.1 says about the others, with its exit status.
# Ours crashed here once (du --exclude=xf a b, as a user).  Run as
# nobody when root.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_du_
require_unprivileged_
as_user_ mkdir -p a/d b/e && as_user_ touch a/d/xf a/d/yf a/g b/e/xf b/h \
  && as_user_ chmod a-x a/d || framework_failure_ "cannot make a and b"

for args in '--exclude=xf a b' '--exclude=xf -a a b' '--exclude=xf --inodes b a' \
            '--exclude=yf -s a b a/d'; do
  run_gnu_du_ $args > _exp 2> _exp.err; gnu_st=$?
  run_du $args > _out 2> _err; st=$?
  test $st = $gnu_st || { echo "du $args: exit $st, GNU du $gnu_st"; fail=1; }
  compare _exp _out || fail=1
  compare _exp.err _err || fail=1
done
test -s _exp.err || framework_failure_ "GNU du said nothing of a/d"

exit $fail
