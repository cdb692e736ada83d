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
