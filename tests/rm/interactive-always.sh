#!/bin/sh
# -i, --interactive, --interactive=always and =yes prompt before every
# removal, on stderr with no newline; 'y' removes, anything else keeps.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

for opt in -i --interactive --interactive=always --interactive=yes \
           --interactive=al --inter=y; do
  : > e && echo data > f && : > g || framework_failure_ "cannot make files"
  printf 'y\nn\nyes\n' | run_rm $opt e f g > _out 2> _err
  check_status_ 0 $? "rm $opt"
  printf '%s' "rm: remove regular empty file 'e'? " \
    "rm: remove regular file 'f'? " "rm: remove regular empty file 'g'? " \
    > _exp.err
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
  echo 'f 644 f' > _exp.tree
  list_ > _tree
  compare _exp.tree _tree || fail=1
  rm -f f
done

exit $fail
