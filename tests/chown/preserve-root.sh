#!/bin/sh
# --preserve-root: chown -R and chgrp -R refuse '/' (or an operand that
# resolves to it) with "it is dangerous to operate recursively on '/'" and
# "use --no-preserve-root to override this failsafe", exit 1.
#
# Safety: never as root, and with a change that changes nothing (the
# empty owner spec, the empty group): run as nobody, under timeout 10, so
# that even a program that failed to refuse could change nothing.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
command -v setpriv > /dev/null || skip_ "setpriv not found"
command -v timeout > /dev/null || skip_ "timeout not found"
require_unprivileged_
ln -s / rootlink || framework_failure_ "set-up"

check ()
{
  printf '%s\n' "$1" > _exp.err; shift
  timeout 10 setpriv --reuid=65534 --regid=65534 --clear-groups \
    sh -c 'PATH=$0:$PATH exec "$@"' "$prog_bin_" "$@" \
    > _out 2> _err < /dev/null; check_status_ 1 $? "$*"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
}

for p in chown chgrp; do
  check "$p: it is dangerous to operate recursively on '/'
$p: use --no-preserve-root to override this failsafe" $p -R --preserve-root '' /
  check "$p: it is dangerous to operate recursively on '/'
$p: use --no-preserve-root to override this failsafe" \
    $p -Rc --no-preserve-root --preserve-root '' /
  check "$p: it is dangerous to operate recursively on 'rootlink' (same as '/')
$p: use --no-preserve-root to override this failsafe" \
    $p -RH --preserve-root '' rootlink
done

exit $fail
