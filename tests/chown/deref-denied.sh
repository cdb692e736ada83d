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

compare_chown_gnu_ 't t/l t/loop1 t/dang t/nd' '-R -L -c --from=0:0 1234' \
  '-R -L 1234' '-R -H -v 1234' '-L 1234' '-R -L -f 1234'

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
