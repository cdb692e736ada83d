#!/bin/sh
# mpi-du -x at -np 1, 2 and 4: what is on another file system than the
# operand (a tmpfs mounted inside the tree, below directories that other
# ranks take) is neither printed nor counted, as GNU du does; without -x
# it is, also as GNU du does.  The ranks that take a directory below the
# mount compare it with the operand's device, not their own root's.
# Root only (mount).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

gnu_du=/usr/bin/du
"$gnu_du" --version 2>/dev/null | grep '^du (GNU coreutils) ' > /dev/null \
  || skip_ "$gnu_du is not GNU du"
require_root_

for i in 1 2 3 4 5 6; do
  mkdir -p T/d$i/s && head -c 3000 /dev/zero > T/d$i/f \
    || framework_failure_ "cannot make T/d$i"
done
mkdir -p T/d3/m || framework_failure_ "cannot make T/d3/m"
mount_ -t tmpfs tmpfs T/d3/m || skip_ "cannot mount a tmpfs"
mkdir -p T/d3/m/x/y T/d3/m/z && head -c 9000 /dev/zero > T/d3/m/x/y/g \
  && : > T/d3/m/z/h || framework_failure_ "cannot fill the tmpfs"

for np in $mpi_np_list_; do
  for opts in '-x' '-x -a --inodes' '-a' '--one-file-system -s' '-x -a -k'; do
    # shellcheck disable=SC2086
    run_mpi_ $np du $opts T > _out 2> _err; echo "exit $?" >> _out
    # shellcheck disable=SC2086
    "$gnu_du" $opts T > _exp 2> _exp_err; echo "exit $?" >> _exp
    compare _exp _out || { echo "-np $np du $opts T: not GNU's lines" >&2
                           fail=1; }
    mpi_messages_ _err > _e
    compare _exp_err _e || fail=1
  done
done

exit $fail
