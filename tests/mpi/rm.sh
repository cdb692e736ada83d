#!/bin/sh
# mpi-rm at mpirun -np 1, 2 and 4 removes as GNU rm does and says what it
# says, byte for byte, in its order: -v lines for a tree whose
# subdirectories other ranks take, hard links among them; as nobody, a
# read-only directory deep in a subtree another rank takes: its entries
# cannot be removed ("Permission denied", once each, in their place), and
# it and its ancestors are left without a word, on whichever rank they
# are; the same tree left behind as GNU rm leaves, the same exit status.
# Run as nobody when root.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

gnu_rm=/usr/bin/rm
"$gnu_rm" --version 2>/dev/null | grep '^rm (GNU coreutils) ' > /dev/null \
  || skip_ "$gnu_rm is not GNU rm"
mpi_rm=$abs_top_builddir/src/mpi-rm
test -x "$mpi_rm" || framework_failure_ "$mpi_rm is not built"
ln -s "$mpi_rm" "$mpi_bin_/rm" || framework_failure_ "cannot link mpi-rm"
require_unprivileged_

# make_tree_ DIR [ro]: DIR/dN/a/b/c, DIR/dN/e, files at each level, a
# hard link across directories, N = 0..9; with ro, DIR/d3/a/b read-only.
make_tree_ ()
{
  for i in 0 1 2 3 4 5 6 7 8 9; do
    as_user_ mkdir -p $1/d$i/a/b/c $1/d$i/e \
      && as_user_ touch $1/d$i/f $1/d$i/a/g $1/d$i/a/b/c/h \
      && as_user_ ln $1/d$i/f $1/d$i/e/l \
      || framework_failure_ "cannot make $1/d$i"
  done
  test "$2" != ro || as_user_ chmod a-w $1/d3/a/b \
    || framework_failure_ "cannot make $1/d3/a/b read-only"
}

for np in $mpi_np_list_; do
  for ro in '' ro; do
    make_tree_ G $ro
    as_user_ "$gnu_rm" -rv G > _exp 2> _exp_err; echo "exit $?" >> _exp
    sed "s|'G|'T|" _exp > _e && mv _e _exp
    sed "s|^/usr/bin/rm: |rm: |; s|'G|'T|" _exp_err > _exp.err
    find G 2>/dev/null | sed 's|^G|T|' | LC_ALL=C sort > _exp_left
    make_tree_ T $ro
    run_mpi_ $np rm -rv T > _out 2> _err; echo "exit $?" >> _out
    compare _exp _out \
      || { echo "-np $np rm -rv $ro: not GNU's lines" >&2; fail=1; }
    mpi_messages_ _err > _e
    compare _exp.err _e \
      || { echo "-np $np rm -rv $ro: not GNU's messages" >&2; fail=1; }
    find T 2>/dev/null | LC_ALL=C sort > _left
    compare _exp_left _left \
      || { echo "-np $np rm -rv $ro: not what GNU leaves" >&2; fail=1; }
    test -z "$ro" || cp _out _out_ro
    test -z "$ro" || cp _err _err_ro
    chmod -R u+w G T 2>/dev/null; rm -rf G T
  done
done

test "$(grep -c "^removed" _out_ro)" -gt 50 \
  || { echo "rm -rv ro: too few removals" >&2; fail=1; }
grep "cannot remove 'T/d3/a/b/c': Permission denied" _err_ro > /dev/null \
  || { echo "rm -rv ro: no Permission denied" >&2; fail=1; }

exit $fail
