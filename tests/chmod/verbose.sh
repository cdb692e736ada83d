#!/bin/sh
# -v says what happened to every file, -c only what changed: "mode of 'f'
# changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)", "mode of 'f'
# retained as 0755 (rwxr-xr-x)"; with -R, in walk order, directories
# before their contents.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

umask 022
mkdir d && : > d/f && : > g && chmod 755 d/f || framework_failure_ "set-up"

cat > _exp <<'X'
mode of 'd' retained as 0755 (rwxr-xr-x)
mode of 'd/f' retained as 0755 (rwxr-xr-x)
mode of 'g' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)
X
run_chmod -R -v 755 d g > _out 2> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1

cat > _exp <<'X'
mode of 'd/f' changed from 0755 (rwxr-xr-x) to 4711 (rws--x--x)
mode of 'g' changed from 0755 (rwxr-xr-x) to 4711 (rws--x--x)
X
run_chmod -c 4711 d/f g > _out 2> _err || fail=1
compare _exp _out || fail=1

run_chmod --changes 4711 d/f g > _out 2> _err || fail=1
compare /dev/null _out || fail=1
run_chmod --verbose 4711 g > _out 2> _err || fail=1
echo "mode of 'g' retained as 4711 (rws--x--x)" > _exp
compare _exp _out || fail=1

exit $fail
