#!/bin/sh
# -B/--block-size: every spelling gnulib's human accepts (K, KiB, 1K, kB,
# KB, M, MB, a number, "'" for thousands separators), the last one given
# winning; a unit without a number is printed after each size; -k and -m
# are -B1K and -B1M.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

head -c 3000000 /dev/zero > f || framework_failure_ "cannot make f"

check_size ()
{
  expected=$1; shift
  printf '%s\tf\n' "$expected" > _exp
  run_du --apparent-size "$@" f > _out 2> _err; check_status_ 0 $? "du --apparent-size $*"
  compare _exp _out || { echo "for: du --apparent-size $*" >&2; fail=1; }
  compare /dev/null _err || fail=1
}

check_size 3000000 -B1
check_size 3000000 --block-size=1
check_size 3000000 "-B'1"
check_size 2930K -BK
check_size 2930KiB -B KiB
check_size 2930 --block-size=1K
check_size 2930 -k
check_size 3000kB -BkB
check_size 3000kB -B KB
check_size 3M -B M
check_size 3MB --block-size=MB
check_size 3 -B 1M
check_size 3 -m
check_size 3 -B 1MB
check_size 5860 -B 512
check_size 2930 -m -k
check_size 3 -k -BM -m
check_size 1G -BG

exit $fail
