#!/bin/sh
# --preserve-root: chmod -R refuses '/' (or an operand that resolves to
# it) with "it is dangerous to operate recursively on '/'" and "use
# --no-preserve-root to override this failsafe", exit 1.
#
# Safety: never as root, and with a mode that changes nothing (u+, which
# adds no permission): run as nobody, under timeout 10, so that even a
# program that failed to refuse could change nothing.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_root_
command -v setpriv > /dev/null || skip_ "setpriv not found"
command -v timeout > /dev/null || skip_ "timeout not found"
require_unprivileged_
ln -s / rootlink || framework_failure_ "set-up"

check ()
{
  printf '%s\n' "$1" > _exp.err; shift
  timeout 10 setpriv --reuid=65534 --regid=65534 --clear-groups \
    sh -c 'PATH=$0:$PATH exec chmod "$@"' "$prog_bin_" "$@" \
    > _out 2> _err < /dev/null; check_status_ 1 $? "chmod $*"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
}

check "chmod: it is dangerous to operate recursively on '/'
chmod: use --no-preserve-root to override this failsafe" -R --preserve-root u+ /
check "chmod: it is dangerous to operate recursively on '/'
chmod: use --no-preserve-root to override this failsafe" \
  -Rc --no-preserve-root --preserve-root u+ /
check "chmod: it is dangerous to operate recursively on 'rootlink' (same as '/')
chmod: use --no-preserve-root to override this failsafe" -R --preserve-root u+ rootlink

exit $fail
