#!/bin/sh
# --files0-from: what a name counted, a later name does not count again,
# as with operands: a file counted below a directory named before, a
# directory below one named before, a file named twice, a symbolic link
# followed (-D) to a file counted before.  A file that a directory named
# before left out, because --exclude matched its name there or because the
# directory could not be read, counts when it is named.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_unprivileged_
as_user_ sh -c 'mkdir -p d/s u && : > d/f && : > d/x && : > d/s/g \
  && : > u/f && ln -s d/f l && chmod 300 u' \
  || framework_failure_ "cannot make the tree"

# check EXPECTED-OUT EXPECTED-STATUS NAMES OPTION...: du --inodes with the
# OPTIONs, reading the NAMES (separated by spaces) from standard input.
check ()
{
  printf "$1" > _exp; st_=$2; names_=$3; shift 3
  printf '%s\0' $names_ | run_du --inodes --files0-from=- "$@" > _out 2> _err
  check_status_ $st_ $? "du --inodes $* ($names_)"
  compare _exp _out || { echo "for: du --inodes $* ($names_)" >&2; fail=1; }
}

check '2\td/s\n5\td\n' 0 'd d/f d/s/g d/s d/f'
check '1\td/f\n1\td/s/g\n1\td/s\n3\td\n' 0 'd/f d/s/g d d/f'
check '1\tl\n2\td/s\n5\td\n' 0 'l d'
check '2\td/s\n5\td\n' 0 'd l' -D
check '2\td/s\n4\td\n1\td//x\n' 0 'd d//x d/x' --exclude=d/x
check '1\tu\n1\tu/f\n' 1 'u u/f u/f'
echo "du: cannot read directory 'u': Permission denied" > _exp.err
compare _exp.err _err || fail=1

exit $fail
