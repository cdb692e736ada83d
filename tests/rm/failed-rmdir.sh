#!/bin/sh
# Run as nobody: when rmdir of a directory fails (here because its parent is
# not writable), rm reports it and goes on: every later file and directory
# is still visited, none is skipped.  (GNU has guaranteed this since 9.0,
# "rm no longer skips an extra file when the removal of an empty directory
# fails": 9.1 passes too.)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_unprivileged_

# t/ro (read-only) holds d00..d49, each holding one file; t also holds
# a00..a09 and z00..z09.
as_user_ sh -c '
  mkdir -p t/ro && i=0
  while test $i -lt 50; do
    n=$(printf %02d $i); mkdir t/ro/d$n && : > t/ro/d$n/f || exit 1
    i=$((i + 1))
  done
  i=0
  while test $i -lt 10; do
    mkdir t/a0$i && : > t/a0$i/f && : > t/z0$i || exit 1
    i=$((i + 1))
  done
  chmod 555 t/ro' || framework_failure_ "cannot make t"

i=0; : > _exp.err; echo 'd 755 t' > _exp.tree; echo 'd 555 t/ro' >> _exp.tree
while test $i -lt 50; do
  n=$(printf %02d $i)
  echo "rm: cannot remove 't/ro/d$n': Permission denied" >> _exp.err
  echo "d 755 t/ro/d$n" >> _exp.tree
  i=$((i + 1))
done
LC_ALL=C sort -o _exp.tree _exp.tree

run_rm -r t < /dev/null > _out 2> _err; check_status_ 1 $? "rm -r t"
compare /dev/null _out || fail=1
LC_ALL=C sort _err > _err.sorted   # in the directory's read order
compare _exp.err _err.sorted || fail=1
list_ > _tree
compare _exp.tree _tree || fail=1

# And as operands: the failure on the first does not stop the others.
as_user_ sh -c 'chmod 755 t/ro && : > t/ro/d00/f && : > t/ro/d49/f && chmod 555 t/ro' \
  || framework_failure_ "cannot refill t/ro"
cat > _exp.err <<'X'
rm: cannot remove 't/ro/d00': Permission denied
rm: cannot remove 't/ro/d49': Permission denied
X
run_rm -r t/ro/d00 t/ro/d49 < /dev/null > _out 2> _err
check_status_ 1 $? "rm -r t/ro/d00 t/ro/d49"
compare _exp.err _err || fail=1
list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
