#!/bin/sh
# mpi-chmod -R at mpirun -np 1, 2 and 4 changes modes as GNU chmod does
# and says what it says, byte for byte, in its order (-v, -c), on a tree
# whose subdirectories other ranks take; as nobody, files it does not own
# deep in those subtrees: "Operation not permitted" once each, in its
# place, exit 1, the same modes left.  Run as nobody when root.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

gnu_chmod=/usr/bin/chmod
"$gnu_chmod" --version 2>/dev/null | grep '^chmod (GNU coreutils) ' \
  > /dev/null || skip_ "$gnu_chmod is not GNU chmod"
mpi_chmod=$abs_top_builddir/src/mpi-chmod
test -x "$mpi_chmod" || framework_failure_ "$mpi_chmod is not built"
ln -s "$mpi_chmod" "$mpi_bin_/chmod" || framework_failure_ "cannot link mpi-chmod"
require_unprivileged_

# make_tree_ DIR: DIR/dN/a/b, DIR/dN/c, files at each level, N = 0..9,
# the programs' user's; as root, DIR/d3/a/b/theirs and DIR/d7/t root's.
make_tree_ ()
{
  for i in 0 1 2 3 4 5 6 7 8 9; do
    as_user_ mkdir -p $1/d$i/a/b $1/d$i/c \
      && as_user_ touch $1/d$i/f $1/d$i/a/b/g \
      || framework_failure_ "cannot make $1/d$i"
  done
  as_user_ chmod 700 $1/d2/a || framework_failure_ "cannot chmod $1/d2/a"
  if test -n "$unpriv_"; then
    touch $1/d3/a/b/theirs $1/d7/t || framework_failure_ "cannot make root's"
  fi
}

for np in $mpi_np_list_; do
  for opts in '-Rv u-w,g+w,o=rx' '-Rc go-rx' '-R 755'; do
    make_tree_ G
    # shellcheck disable=SC2086
    as_user_ "$gnu_chmod" $opts G > _exp 2> _exp_err; echo "exit $?" >> _exp
    sed "s|'G|'T|" _exp > _e && mv _e _exp
    sed "s|^/usr/bin/chmod: |chmod: |; s|'G|'T|" _exp_err > _exp.err
    find G -printf '%m %p\n' | sed 's| G| T|' | LC_ALL=C sort > _exp_modes
    make_tree_ T
    # shellcheck disable=SC2086
    run_mpi_ $np chmod $opts T > _out 2> _err; echo "exit $?" >> _out
    compare _exp _out \
      || { echo "-np $np chmod $opts: not GNU's lines" >&2; fail=1; }
    mpi_messages_ _err > _e
    compare _exp.err _e \
      || { echo "-np $np chmod $opts: not GNU's messages" >&2; fail=1; }
    find T -printf '%m %p\n' | LC_ALL=C sort > _modes
    compare _exp_modes _modes \
      || { echo "-np $np chmod $opts: not GNU's modes" >&2; fail=1; }
    chmod -R u+rwx G T; rm -rf G T
  done
done

exit $fail
