#!/bin/sh
# The write-protection prompt appears only when standard input is a terminal
# (---presume-input-tty says it is), and never with -f: otherwise the file
# is removed without a word.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_unprivileged_

mk () { as_user_ sh -c 'test ! -e f && : > f && chmod a-w f' || framework_failure_ "cannot make f"; }

# Not a terminal: no prompt.
mk
run_rm f < /dev/null > _out 2> _err; check_status_ 0 $? "rm f"
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1
test -e f && { echo "rm f: f not removed" >&2; fail=1; }

# A terminal: the prompt.
mk
printf 'n\n' | run_rm ---presume-input-tty f > _out 2> _err
check_status_ 0 $? "rm ---presume-input-tty f"
printf "rm: remove write-protected regular empty file 'f'? " > _exp.err
compare _exp.err _err || fail=1
test -e f || { echo "rm ---presume-input-tty f: f removed though declined" >&2; fail=1; }

# -f, before or after: no prompt.
for opts in '-f ---presume-input-tty' '---presume-input-tty -f' \
            '--force ---presume-input-tty -r'; do
  test -e f || mk
  printf 'n\n' | run_rm $opts f > _out 2> _err; check_status_ 0 $? "rm $opts f"
  compare /dev/null _err || fail=1
  test -e f && { echo "rm $opts f: f not removed" >&2; fail=1; }
done

# A symbolic link is never write-protected.
as_user_ ln -s f link || framework_failure_ "cannot make link"
run_rm ---presume-input-tty link < /dev/null > _out 2> _err
check_status_ 0 $? "rm link"
compare /dev/null _err || fail=1

list_ > _tree
compare /dev/null _tree || fail=1

exit $fail
