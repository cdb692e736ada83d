#!/bin/sh
# --exclude=PATTERN and -X/--exclude-from=FILE (one pattern a line): what
# matches (a shell pattern, on the whole name or on any part after a
# slash) is neither printed nor counted; a directory is not entered.  An
# unreadable -X file is a usage error.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s d/t && : > d/a.o && : > d/b.c && : > d/s/c.o && : > d/t/e \
  || framework_failure_ "cannot make d"

printf '5\td\n1\td/s\n2\td/t\n' > _exp    # sorted by name
run_du --inodes --exclude='*.o' d > _out 2> _err; check_status_ 0 $? "du --exclude"
LC_ALL=C sort -k2 _out > _sorted
compare _exp _sorted || fail=1
compare /dev/null _err || fail=1

printf '*.o\nt\n' > _pat
printf '3\td\n1\td/s\n' > _exp
run_du --inodes -X _pat d > _out 2> _err; check_status_ 0 $? "du -X"
LC_ALL=C sort -k2 _out > _sorted
compare _exp _sorted || fail=1
compare /dev/null _err || fail=1
run_du --inodes --exclude-from=_pat d > _out 2> _err
LC_ALL=C sort -k2 _out > _sorted
compare _exp _sorted || fail=1

# An operand matching is left out too.
run_du --inodes --exclude=d d > _out 2> _err; check_status_ 0 $? "du --exclude=d d"
compare /dev/null _out || fail=1

printf '%s\n' "du: nonexistent: No such file or directory" \
  "Try 'du --help' for more information." > _exp.err
run_du -X nonexistent d > _out 2> _err; check_status_ 1 $? "du -X nonexistent"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

exit $fail
