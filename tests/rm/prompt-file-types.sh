#!/bin/sh
# -i names the type of what it asks about: regular (empty) file, symbolic
# link, fifo, directory; answers are read one line each.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

: > empty && echo x > full && ln -s nowhere link && mkfifo fifo && mkdir dir \
  || framework_failure_ "cannot make files"

printf '%s' "rm: remove regular empty file 'empty'? " \
  "rm: remove regular file 'full'? " "rm: remove symbolic link 'link'? " \
  "rm: remove fifo 'fifo'? " "rm: remove directory 'dir'? " > _exp.err
printf 'yes\ny\nY\nyup\nn\n' | run_rm -di empty full link fifo dir > _out 2> _err
check_status_ 0 $? "rm -di"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
echo 'd 755 dir' > _exp.tree
list_ > _tree
compare _exp.tree _tree || fail=1

exit $fail
