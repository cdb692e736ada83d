#!/bin/sh
# Run as nobody: a non-empty directory it cannot read (mode 300 or 000) is
# reported as "cannot remove 'X': Permission denied", exit 1, and the rest of
# the tree is still removed.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_unprivileged_

for opt in -rf -r; do
  as_user_ sh -c 'mkdir -p t/nr t/nr0 t/b/c && : > t/nr/f && : > t/nr0/f \
    && : > t/b/c/z && : > t/y && chmod 300 t/nr && chmod 0 t/nr0' \
    || framework_failure_ "cannot make t"
  cat > _exp.err <<'X'
rm: cannot remove 't/nr': Permission denied
rm: cannot remove 't/nr0': Permission denied
X
  cat > _exp.tree <<'X'
d 700 t/nr
d 700 t/nr0
d 755 t
f 644 t/nr/f
f 644 t/nr0/f
X
  run_rm $opt t < /dev/null > _out 2> _err; check_status_ 1 $? "rm $opt t"
  compare /dev/null _out || fail=1
  # In the directory's read order, which is the file system's business.
  LC_ALL=C sort _err > _err.sorted
  compare _exp.err _err.sorted || fail=1
  # Opened up so that find can list them, whoever runs the test.
  chmod 700 t/nr t/nr0 || framework_failure_ "cannot chmod t/nr t/nr0"
  list_ > _tree
  compare _exp.tree _tree || fail=1
  rm -rf t
done

exit $fail
