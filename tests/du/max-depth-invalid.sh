#!/bin/sh
# -d N must be a nonnegative integer: "invalid maximum depth", a usage
# error (a negative one too, as in GNU du before 9.4 and after 9.11; 9.4
# to 9.11 take it for 0).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir d || framework_failure_ "cannot make d"

for n in -1 x 1x ''; do
  printf "du: invalid maximum depth '%s'\nTry 'du --help' for more information.\n" "$n" > _exp
  run_du -d "$n" d > _out 2> _err; check_status_ 1 $? "du -d '$n'"
  compare /dev/null _out || fail=1
  compare _exp _err || fail=1
done

exit $fail
