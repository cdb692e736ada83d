#!/bin/sh
# --interactive=never (and its synonyms no, none) never prompts, not even
# for a write-protected file on a terminal, and overrides an earlier -i.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_unprivileged_

for opt in --interactive=never --interactive=no --interactive=none \
           '-i --interactive=never' '-I --interactive=no' --interactive=ne; do
  as_user_ sh -c ': > e && echo data > f && chmod a-w e f && : > 1 && : > 2' \
    || framework_failure_ "cannot make files"
  run_rm ---presume-input-tty $opt e f 1 2 < /dev/null > _out 2> _err
  check_status_ 0 $? "rm $opt"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
  list_ > _tree
  compare /dev/null _tree || fail=1
done

exit $fail
