#!/bin/sh
# Owner specs that name no user or group: "chown: invalid user: 'nosuch'",
# "invalid group: ':nosuch'", "invalid spec: '0:'" (a number has no login
# group), exit 1 and nothing changed; "root.root" works, with "chown:
# warning: '.' should be ':': 'root.root'".  chgrp: "chgrp: invalid
# group: 'nosuch'".

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
: > f || framework_failure_ "set-up"
check ()
{
  printf '%s\n' "$1" > _exp.err; shift
  "$@" f > _out 2> _err; check_status_ 1 $? "$*"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
}
check "chown: invalid user: 'nosuch'" run_chown nosuch
check "chown: invalid group: ':nosuch'" run_chown :nosuch
check "chown: invalid group: 'root:nosuch'" run_chown root:nosuch
check "chown: invalid user: 'a:b:c'" run_chown a:b:c
check "chown: invalid spec: '0:'" run_chown 0:
check "chown: invalid user: '4294967295'" run_chown 4294967295
check "chown: invalid user: 'root.x'" run_chown root.x
check "chown: invalid user: 'nosuch'" run_chown --from=nosuch 0
check "chgrp: invalid group: 'nosuch'" run_chgrp nosuch
check "chgrp: invalid group: '5x'" run_chgrp 5x
test "$(stat -c %u:%g f)" = 0:0 || fail=1

chown 1:1 f
echo "chown: warning: '.' should be ':': 'root.root'" > _exp.err
run_chown root.root f > _out 2> _err || fail=1
compare _exp.err _err || fail=1
test "$(stat -c %u:%g f)" = 0:0 || fail=1

exit $fail
