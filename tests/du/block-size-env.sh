#!/bin/sh
# The unit comes from --block-size (or -k, -m, -h...), else DU_BLOCK_SIZE,
# else BLOCK_SIZE, else BLOCKSIZE; else 512 with POSIXLY_CORRECT, else
# 1024.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

head -c 3000000 /dev/zero > f || framework_failure_ "cannot make f"

check_size ()
{
  expected=$1; shift
  printf '%s\tf\n' "$expected" > _exp
  env "$@" sh -c '(PATH=$1:$PATH; exec du --apparent-size f)' sh "$du_bin_" > _out 2> _err
  check_status_ 0 $? "$* du --apparent-size f"
  compare _exp _out || { echo "for: $* du --apparent-size f" >&2; fail=1; }
  compare /dev/null _err || fail=1
}

check_size 2930
check_size 5860 POSIXLY_CORRECT=1
check_size 3000000 BLOCKSIZE=1
check_size 3000000 BLOCKSIZE=1 POSIXLY_CORRECT=1
check_size 3000kB BLOCK_SIZE=kB BLOCKSIZE=1
check_size 3 DU_BLOCK_SIZE=1M BLOCK_SIZE=kB BLOCKSIZE=1
check_size 2.9M DU_BLOCK_SIZE=human-readable
check_size 3.0M DU_BLOCK_SIZE=si
check_size 3000000 DU_BLOCK_SIZE=1 POSIXLY_CORRECT=1

# Options win over the environment.
printf '2930\tf\n' > _exp
DU_BLOCK_SIZE=1 run_du --apparent-size -k f > _out 2> _err; check_status_ 0 $? "DU_BLOCK_SIZE=1 du -k"
compare _exp _out || fail=1
printf '3\tf\n' > _exp
BLOCK_SIZE=1 run_du --apparent-size --block-size=1M f > _out 2> _err
check_status_ 0 $? "BLOCK_SIZE=1 du --block-size=1M"
compare _exp _out || fail=1

exit $fail
