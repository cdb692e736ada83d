# tests/chown/chown-init.sh: the chown and chgrp tests share the chmod
# tests' helpers (run_chown, run_chgrp, list_...): see chmod-init.sh.
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

# compare_chown_gnu_ OPERANDS ARGS...: for each ARGS (words, split) and
# each of chown and chgrp, GNU's program and ours at 1 and 4 threads,
# given ARGS and then OPERANDS (words, split) and run as $unpriv_ if set,
# print the same stdout and stderr and exit with the same status.  chgrp
# --from is left out: it is newer GNU's, not 9.1's (from-chgrp.sh).
# Sets fail=1 on a difference.
compare_chown_gnu_ ()
{
  ops_=$1; shift
  for args_ in "$@"; do
    for p_ in chown chgrp; do
      case $p_:$args_ in chgrp:*--from*) continue;; esac
      (PATH=$gnu_bin:$PATH && exec $unpriv_ $p_ $args_ $ops_) \
        > _exp 2> _exp.err
      echo "exit $?" >> _exp
      for n_ in 1 4; do
        (LIBFTS_THREADS=$n_ && export LIBFTS_THREADS \
           && run_$p_ $args_ $ops_) > _out 2> _err
        echo "exit $?" >> _out
        compare _exp _out || { echo "differs: $p_ $args_"; fail=1; }
        compare _exp.err _err || { echo "differs: $p_ $args_"; fail=1; }
      done
    done
  done
}

# sides_mount_ MAKE: gnu/src and ours/src each get the tree that MAKE DIR
# makes in DIR, and gnu/mnt and ours/mnt a bench/latfs mount of them (200
# us a request, names looked up in parallel), for compare_fresh_gnu_.
# sides_umount_ unmounts them.
sides_mount_ ()
{
  for side_ in gnu ours; do
    mkdir -p $side_/src $side_/mnt || framework_failure_ "cannot make $side_"
    $1 $side_/src
    latfs_mount_ $side_/src $side_/mnt delay_us=200,parallel_lookups
  done
}

sides_umount_ ()
{
  for side_ in gnu ours; do
    latfs_umount_ $side_/mnt || framework_failure_ "cannot unmount $side_/mnt"
  done
}

# compare_fresh_gnu_ MAKE WHERE ARGS...: on a fresh tree t that MAKE
# makes again below gnu/src and ours/src, GNU's ARGS and ours (with
# LIBFTS_THREADS as it is), run on t from gnu/WHERE and ours/WHERE (src,
# or mnt: sides_mount_), print the same stdout and stderr, exit with the
# same status and leave the same modes and owners.  Sets fail=1 on a
# difference.
compare_fresh_gnu_ ()
{
  make_=$1 where_=$2; shift 2
  for side_ in gnu ours; do
    rm -rf $side_/src/t && $make_ $side_/src
  done
  (cd gnu/$where_ && PATH=$gnu_bin:$PATH && exec "$@" t) > _exp 2> _exp.err
  echo "exit $?" >> _exp
  (cd ours/$where_ && PATH=$prog_bin_:$PATH && exec "$@" t) > _out 2> _err
  echo "exit $?" >> _out
  compare _exp _out \
    || { echo "differs: $where_: $* (LIBFTS_THREADS=$LIBFTS_THREADS)"; fail=1; }
  compare _exp.err _err || fail=1
  for side_ in gnu ours; do
    (cd $side_/src && find t -printf '%m %U:%G %p\n' | sort) > _left.$side_
  done
  compare _left.gnu _left.ours || fail=1
}
