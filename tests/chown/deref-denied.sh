#!/bin/sh
# As nobody, chown and chgrp -R -L (and -H for the operands) say "cannot
# access 'X': Permission denied" for a symlink whose target cannot be
# stat-ed for any reason but its absence (EACCES, ELOOP, ENOTDIR), as
# GNU's do (gnulib's fts gives FTS_NS there, FTS_SLNONE only for ENOENT),
# and "cannot dereference 'X'" for one that dangles, also below the
# operands (it did not vanish).  chmod -L (not in GNU 9.1) says the same
# "cannot access".  The tree is root's, so nothing changes: GNU's and ours
# run on the same one.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown chgrp
require_unprivileged_

mkdir -p t/closed && touch t/closed/x t/file && ln -s closed/x t/l \
  && ln -s loop2 t/loop1 && ln -s loop1 t/loop2 && ln -s nowhere t/dang \
  && ln -s file/x t/nd && chmod 700 t/closed \
  || framework_failure_ "cannot make the tree"

ops='t t/l t/loop1 t/dang t/nd'
for args in '-R -L -c --from=0:0 1234' '-R -L 1234' '-R -H -v 1234' \
            '-L 1234' '-R -L -f 1234'; do
  for p in chown chgrp; do
    # chgrp --from: newer GNU's (from-chgrp.sh), not 9.1's.
    case $p:$args in chgrp:*--from*) continue;; esac
    (PATH=$gnu_bin:$PATH && exec $unpriv_ $p $args $ops) > _exp 2> _exp.err
    echo "exit $?" >> _exp
    for n in 1 4; do
      (LIBFTS_THREADS=$n && export LIBFTS_THREADS && run_$p $args $ops) \
        > _out 2> _err
      echo "exit $?" >> _out
      compare _exp _out || { echo "differs: $p $args"; fail=1; }
      compare _exp.err _err || { echo "differs: $p $args"; fail=1; }
    done
  done
done

cat > _exp.err <<'EOT'
chmod: cannot access 't/l': Permission denied
chmod: cannot access 't/loop1': Too many levels of symbolic links
chmod: cannot operate on dangling symlink 't/dang'
chmod: cannot access 't/nd': Not a directory
EOT
run_chmod -L 755 t/l t/loop1 t/dang t/nd > _out 2> _err
check_status_ 1 $? "chmod -L"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

exit $fail
