#!/bin/sh
# -t/--threshold=SIZE: only entries of at least SIZE bytes, or, when SIZE
# is negative, of at most -SIZE; suffixes as for sizes (1K = 1024).  With
# --inodes, SIZE is a number of inodes.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

head -c 100 /dev/zero > a && head -c 3000 /dev/zero > b \
  || framework_failure_ "cannot make files"

check ()
{
  printf "$1" > _exp; shift
  run_du -b "$@" a b > _out 2> _err; check_status_ 0 $? "du -b $*"
  compare _exp _out || { echo "for: du -b $*" >&2; fail=1; }
  compare /dev/null _err || fail=1
}

check '3000\tb\n' -t 1000
check '3000\tb\n' --threshold=1K
check '3000\tb\n' -t 3000
check '' -t 3001
check '100\ta\n' -t -1000
check '100\ta\n' -t -100
check '' -t -99
check '100\ta\n3000\tb\n' -t 0

mkdir -p d/s && : > d/f || framework_failure_ "cannot make d"
printf '3\td\n' > _exp
run_du --inodes -t 2 d > _out 2> _err; check_status_ 0 $? "du --inodes -t 2"
compare _exp _out || fail=1

exit $fail
