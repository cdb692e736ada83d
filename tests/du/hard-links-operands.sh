#!/bin/sh
# What one operand counted, another does not count again: a hard link to
# a file met before, a file or directory given twice, an operand inside
# another given before (which then has no line at all), a file met again
# inside an operand given after (no second line, with -a either); with
# -l, hard links count every time.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s e && : > d/f && ln d/f e/h && : > d/s/g \
  || framework_failure_ "cannot make the tree"

check ()
{
  printf "$1" > _exp; shift
  run_du --inodes "$@" > _out 2> _err; check_status_ 0 $? "du --inodes $*"
  compare _exp _out || { echo "for: du --inodes $*" >&2; fail=1; }
  compare /dev/null _err || fail=1
}

check '2\td/s\n4\td\n1\te\n' d e
check '2\td/s\n4\td\n2\te\n' -l d e
check '2\te\n2\td/s\n3\td\n' e d
check '2\td/s\n4\td\n' d d
check '2\td/s\n4\td\n' d d/s d/f
check '2\td/s\n4\td\n' d ./d/ d/../d
check '1\td/f\n2\td/s\n3\td\n' d/f d
check '2\td/s\n2\td\n' d/s d/s/g d
check '1\td/s/g\n1\td/s\n' -a d/s/g d/s
check '1\td/f\n' d/f d/f e/h
check '1\td/f\n1\te/h\n' -l d/f e/h

exit $fail
