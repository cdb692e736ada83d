#!/bin/sh
# Run as nobody: the entries of a directory it cannot write cannot be
# removed, "cannot remove 'X': Permission denied", exit 1; what can be
# removed still is, and the ancestors of a failure are kept silently.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_unprivileged_

as_user_ sh -c 'mkdir -p t/ro/sub t/b/c && : > t/ro/f1 && : > t/ro/sub/x \
  && : > t/b/c/z && : > t/y && chmod 555 t/ro' || framework_failure_ "cannot make t"

cat > _exp.err <<'X'
rm: cannot remove 't/ro/f1': Permission denied
rm: cannot remove 't/ro/sub': Permission denied
X
cat > _exp.tree <<'X'
d 555 t/ro
d 755 t
d 755 t/ro/sub
f 644 t/ro/f1
X
for opt in -rf -r; do
  run_rm $opt t < /dev/null > _out 2> _err; check_status_ 1 $? "rm $opt t"
  compare /dev/null _out || fail=1
  # In the directory's read order, which is the file system's business.
  LC_ALL=C sort _err > _err.sorted
  compare _exp.err _err.sorted || fail=1
  list_ > _tree
  compare _exp.tree _tree || fail=1
done

# Named directly.
echo "rm: cannot remove 't/ro/f1': Permission denied" > _exp.err
run_rm -f t/ro/f1 > _out 2> _err; check_status_ 1 $? "rm -f t/ro/f1"
compare _exp.err _err || fail=1

exit $fail
