#!/bin/sh
# The id 4294967295 is (gid_t) -1, which fchownat takes as "no change".
# GNU chgrp accepts it as a group number: exit 0, nothing changed, and with
# -v "group of 'f' retained as G" for each file, G the group it has.  GNU
# chown rejects it, as user and as group ("invalid group: ':4294967295'").
# A number over the range of gid_t is an invalid group for both.  Checked
# against GNU coreutils 9.1 (CHGRP_UNDER_TEST=/usr/bin/chgrp and
# CHOWN_UNDER_TEST=/usr/bin/chown).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

mkdir -p d/e && : > d/e/f && : > g || framework_failure_ "set-up"
list_ . > _exp.tree
gf=$(stat -c %G d/e/f) && gg=$(stat -c %G g) || framework_failure_ "stat"

for n in 4294967295 +4294967295; do
  run_chgrp $n g > _out 2> _err; check_status_ 0 $? "chgrp $n"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
done
run_chgrp -c 4294967295 g > _out 2> _err || fail=1
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1

cat > _exp <<EOT
group of 'd/e/f' retained as $gf
group of 'd/e' retained as $(stat -c %G d/e)
group of 'd' retained as $(stat -c %G d)
group of 'g' retained as $gg
EOT
run_chgrp -R -v 4294967295 d g > _out 2> _err || fail=1
compare _exp _out || fail=1
compare /dev/null _err || fail=1
list_ . > _tree
compare _exp.tree _tree || fail=1

# Rejected: exit 1, the message, nothing changed.
check ()
{
  printf '%s\n' "$1" > _exp.err; shift
  "$@" g > _out 2> _err; check_status_ 1 $? "$*"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
}
check "chgrp: invalid group: '4294967296'" run_chgrp 4294967296
check "chown: invalid group: ':4294967295'" run_chown :4294967295
check "chown: invalid user: '4294967295'" run_chown 4294967295
check "chown: invalid group: '0:4294967295'" run_chown 0:4294967295
list_ . > _tree
compare _exp.tree _tree || fail=1

exit $fail
