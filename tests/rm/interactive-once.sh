#!/bin/sh
# -I and --interactive=once prompt once, before removing more than three
# files or before removing recursively; three files or fewer go unasked.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

for opt in -I --interactive=once --interactive=o; do
  : > 1 && : > 2 && : > 3 && : > 4 && mkdir -p d/s && : > d/s/f \
    || framework_failure_ "cannot make files"

  # Three: no prompt.
  run_rm $opt 1 2 3 < /dev/null > _out 2> _err
  check_status_ 0 $? "rm $opt 1 2 3"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1

  # Four, declined then accepted.
  : > 1 && : > 2 && : > 3 || framework_failure_ "cannot make files"
  printf 'n\n' | run_rm $opt 1 2 3 4 > _out 2> _err
  check_status_ 0 $? "rm $opt 1 2 3 4 (n)"
  printf "rm: remove 4 arguments? " > _exp.err
  compare _exp.err _err || fail=1
  test -f 1 && test -f 4 || { echo "rm $opt: removed though declined" >&2; fail=1; }
  printf 'y\n' | run_rm $opt 1 2 3 4 > _out 2> _err
  check_status_ 0 $? "rm $opt 1 2 3 4 (y)"
  compare _exp.err _err || fail=1

  # Recursive, one argument, declined then accepted: one prompt only.
  printf 'n\n' | run_rm $opt -r d > _out 2> _err
  check_status_ 0 $? "rm $opt -r d (n)"
  printf "rm: remove 1 argument recursively? " > _exp.err
  compare _exp.err _err || fail=1
  printf 'y\n' | run_rm $opt -r d > _out 2> _err
  check_status_ 0 $? "rm $opt -r d (y)"
  compare _exp.err _err || fail=1
  compare /dev/null _out || fail=1

  list_ > _tree
  compare /dev/null _tree || fail=1
done

# Recursive with two arguments, even files.
: > a && mkdir b || framework_failure_ "cannot make a, b"
printf 'y\n' | run_rm -I -R a b > _out 2> _err
check_status_ 0 $? "rm -I -R a b"
printf "rm: remove 2 arguments recursively? " > _exp.err
compare _exp.err _err || fail=1
list_ > _tree
compare /dev/null _tree || fail=1

exit $fail
