# tests/chown/chown-init.sh: the chown and chgrp tests share the chmod
# tests' helpers (run_chown, run_chgrp, list_...): see chmod-init.sh.
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"
