#!/bin/sh
# POSIX: an operand whose last component is '.' or '..' is refused with -r:
# "refusing to remove '.' or '..' directory: skipping 'X'", exit 1, nothing
# under it removed.  Without -r it is just a directory (Is a directory / not
# empty).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdir -p d/s && : > d/f && : > d/s/g || framework_failure_ "cannot make d"
list_ > _exp.tree

for opt in -r -rf -R --recursive -rd '-r --interactive=never'; do
  cat > _exp.err <<'X'
rm: refusing to remove '.' or '..' directory: skipping '.'
rm: refusing to remove '.' or '..' directory: skipping '..'
rm: refusing to remove '.' or '..' directory: skipping 'd/.'
rm: refusing to remove '.' or '..' directory: skipping 'd/..'
rm: refusing to remove '.' or '..' directory: skipping './'
rm: refusing to remove '.' or '..' directory: skipping 'd/s/../'
rm: refusing to remove '.' or '..' directory: skipping 'd/./'
rm: refusing to remove '.' or '..' directory: skipping 'd///..'
X
  run_rm $opt . .. d/. d/.. ./ d/s/../ d/.// d///.. < /dev/null > _out 2> _err
  check_status_ 1 $? "rm $opt"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
  list_ > _tree
  compare _exp.tree _tree || fail=1
done

# Without -r: a directory like any other.
cat > _exp.err <<'X'
rm: cannot remove '.': Is a directory
rm: cannot remove '..': Is a directory
rm: cannot remove 'd/..': Is a directory
X
run_rm -f . .. d/.. > _out 2> _err; check_status_ 1 $? "rm -f . .."
compare _exp.err _err || fail=1
cat > _exp.err <<'X'
rm: cannot remove 'd/.': Directory not empty
rm: cannot remove 'd/..': Directory not empty
X
run_rm -d d/. d/.. > _out 2> _err; check_status_ 1 $? "rm -d d/. d/.."
compare _exp.err _err || fail=1
list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
