#!/bin/sh
# Directories that cannot be read, in subtrees that different ranks take:
# mpi-du at -np 1, 2 and 4 says "cannot read directory" once for each,
# with its path, between the same lines as GNU du, prints GNU du's lines
# and exits with its status.  Where each message falls among the lines
# is checked on rank 0's standard output and standard error made one file
# (2>&1) by a wrapper of its own, with Open MPI (OMPI_COMM_WORLD_RANK):
# mpirun forwards the two apart.  Run as nobody when root.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

gnu_du=/usr/bin/du
"$gnu_du" --version 2>/dev/null | grep '^du (GNU coreutils) ' > /dev/null \
  || skip_ "$gnu_du is not GNU du"
require_unprivileged_

# T/dNN, NN = 00..11, each with a file and sub/x; closed: T/d03/sub,
# T/d07, T/d10/sub/x.
i=0
while test $i -lt 12; do
  d=$(printf 'T/d%02d' $i)
  as_user_ mkdir -p $d/sub/x && as_user_ sh -c "head -c 5000 /dev/zero > $d/f" \
    && as_user_ touch $d/sub/g $d/sub/x/h \
    || framework_failure_ "cannot make $d"
  i=$((i + 1))
done
as_user_ chmod 0 T/d03/sub T/d07 T/d10/sub/x \
  || framework_failure_ "cannot close directories"

# du-one: rank 0 with its standard output and standard error in _both.
cat > "$mpi_bin_/du-one" <<EOF && chmod 755 "$mpi_bin_/du-one" \
  || framework_failure_ "cannot write du-one"
#!/bin/sh
test "\$OMPI_COMM_WORLD_RANK" = 0 || exec "$mpi_bin_/du" "\$@"
exec "$mpi_bin_/du" "\$@" > "$PWD/_both" 2>&1
EOF

for np in $mpi_np_list_; do
  for opts in '' '-a' '-s' '-a --inodes -c'; do
    # shellcheck disable=SC2086
    run_mpi_ $np du $opts T > _out 2> _err; echo "exit $?" >> _out
    # shellcheck disable=SC2086
    (PATH=$mpi_bin_/../.gnu:$PATH; as_user_ "$gnu_du" $opts T) \
      > _exp 2> _exp_err
    echo "exit $?" >> _exp
    sed 's|^/usr/bin/du: |du: |' _exp_err > _exp.err
    compare _exp _out || { echo "-np $np du $opts T: not GNU's lines" >&2
                           fail=1; }
    mpi_messages_ _err > _e
    compare _exp.err _e || { echo "-np $np du $opts T: not GNU's messages" >&2
                             fail=1; }
    case $opts in ''|-a) ;; *) continue;; esac
    test -n "$mpirun_opts_" || continue
    # shellcheck disable=SC2086
    (PATH=$mpi_bin_/../.gnu:$PATH; as_user_ "$gnu_du" $opts T) > _exp 2>&1
    echo "exit $?" >> _exp
    sed 's|^/usr/bin/du: |du: |' _exp > _exp.both
    rm -f _both
    # shellcheck disable=SC2086
    run_mpi_ $np du-one $opts T > /dev/null 2>&1; echo "exit $?" >> _both
    sed "s|^$mpi_bin_/||" _both > _b
    compare _exp.both _b \
      || { echo "-np $np du $opts T 2>&1: not GNU's" >&2; fail=1; }
  done
done

exit $fail
