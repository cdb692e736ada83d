#!/bin/sh
# A directory keeps its set-user-ID and set-group-ID bits when a numeric
# mode of up to four digits leaves them out (chmod 755, 0755), as GNU's:
# they go only when asked, by a symbolic mode (g-s) or five digits (00755).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

mkdir d && chmod 2755 d || framework_failure_ "cannot make d"
: > f && chmod 2755 f || framework_failure_ "cannot make f"

cat > _exp <<'X'
mode of 'd' retained as 2755 (rwxr-sr-x)
mode of 'd' retained as 2755 (rwxr-sr-x)
mode of 'd' changed from 2755 (rwxr-sr-x) to 6711 (rws--s--x)
mode of 'd' changed from 6711 (rws--s--x) to 0711 (rwx--x--x)
mode of 'd' changed from 0711 (rwx--x--x) to 2711 (rwx--s--x)
mode of 'd' changed from 2711 (rwx--s--x) to 0711 (rwx--x--x)
mode of 'f' changed from 2755 (rwxr-sr-x) to 0755 (rwxr-xr-x)
X
for m in 755 0755 u+s,go-r 00711 g+s g-s; do
  run_chmod -v $m d || fail=1
done > _out 2> _err
run_chmod -v 755 f >> _out 2>> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
