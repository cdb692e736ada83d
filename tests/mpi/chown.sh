#!/bin/sh
# mpi-chown and mpi-chgrp -R at mpirun -np 1, 2 and 4 change owners and
# groups as GNU chown and chgrp do and say what they say, byte for byte,
# in their order (-v, -c, --from), on a tree whose subdirectories other
# ranks take.  Root only (chown to another user).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_root_
for p in chown chgrp; do
  /usr/bin/$p --version 2>/dev/null | grep "^$p (GNU coreutils) " \
    > /dev/null || skip_ "/usr/bin/$p is not GNU $p"
done
mpi_programs_ chown chgrp
group=$(id -gn nobody 2>/dev/null) || skip_ "no user nobody"

# make_tree_ DIR: DIR/dN/a/b, DIR/dN/c, files at each level, N = 0..9;
# DIR/d4/a nobody's already.
make_tree_ ()
{
  for i in 0 1 2 3 4 5 6 7 8 9; do
    mkdir -p $1/d$i/a/b $1/d$i/c && touch $1/d$i/f $1/d$i/a/b/g \
      || framework_failure_ "cannot make $1/d$i"
  done
  chown nobody $1/d4/a || framework_failure_ "cannot chown $1/d4/a"
}

for np in $mpi_np_list_; do
  while IFS='|' read -r prog opts; do
    make_tree_ G
    # shellcheck disable=SC2086
    "/usr/bin/$prog" $opts G > _exp 2> _exp_err; echo "exit $?" >> _exp
    sed "s|'G|'T|" _exp > _e && mv _e _exp
    sed "s|^/usr/bin/$prog: |$prog: |; s|'G|'T|" _exp_err > _exp.err
    find G -printf '%u:%g %p\n' | sed 's| G| T|' | LC_ALL=C sort > _exp_own
    make_tree_ T
    # shellcheck disable=SC2086
    run_mpi_ $np $prog $opts T > _out 2> _err; echo "exit $?" >> _out
    compare _exp _out \
      || { echo "-np $np $prog $opts: not GNU's lines" >&2; fail=1; }
    mpi_messages_ _err > _e
    compare _exp.err _e \
      || { echo "-np $np $prog $opts: not GNU's messages" >&2; fail=1; }
    find T -printf '%u:%g %p\n' | LC_ALL=C sort > _own
    compare _exp_own _own \
      || { echo "-np $np $prog $opts: not GNU's owners" >&2; fail=1; }
    rm -rf G T
  done <<X
chown|-Rv nobody:$group
chown|-Rc --from=root nobody
chgrp|-Rv $group
X
done

exit $fail
