#!/bin/sh
# -s/--summarize: one line per operand.  With -a it is a usage error; with
# -d N it is one too, unless N is 0, which only warns.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p d/s e && : > d/s/f && : > g || framework_failure_ "cannot make the tree"

printf '3\td\n1\te\n1\tg\n' > _exp
run_du --inodes -s d e g > _out 2> _err; check_status_ 0 $? "du -s"
compare _exp _out || fail=1
compare /dev/null _err || fail=1
run_du --inodes --summarize d e g > _out 2> _err; check_status_ 0 $? "du --summarize"
compare _exp _out || fail=1

echo "du: warning: summarizing is the same as using --max-depth=0" > _exp.err
run_du --inodes -s -d 0 d e g > _out 2> _err; check_status_ 0 $? "du -s -d 0"
compare _exp _out || fail=1
compare _exp.err _err || fail=1

printf '%s\n' "du: warning: summarizing conflicts with --max-depth=1" \
  "Try 'du --help' for more information." > _exp.err
run_du -s -d 1 d > _out 2> _err; check_status_ 1 $? "du -s -d 1"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

printf '%s\n' "du: cannot both summarize and show all entries" \
  "Try 'du --help' for more information." > _exp.err
run_du -sa d > _out 2> _err; check_status_ 1 $? "du -sa"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

exit $fail
