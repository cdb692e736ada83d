#!/bin/sh
# --apparent-size and its short form -A (GNU du 9.10 and later; 9.1 has
# no -A): the sum of the apparent sizes of regular files and symlinks;
# directories, FIFOs and the like count 0 (GNU du 9.2 and later; 9.1
# counted each directory's st_size too, 4096 on ext4).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s && printf 12345 > d/f && printf 1234567 > d/s/g \
  && ln -s f d/l && mkfifo d/p || framework_failure_ "cannot make d"

printf '7\td/s\n13\td\n' > _exp
run_du --apparent-size -B1 d > _out 2> _err; check_status_ 0 $? "du --apparent-size"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du -A -B1 d > _out 2> _err; check_status_ 0 $? "du -A"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

# In 1024-byte units, rounded up.
printf '1\td/s\n1\td\n' > _exp
run_du -A d > _out 2> _err; check_status_ 0 $? "du -A (KiB)"
compare _exp _out || fail=1

exit $fail
