#!/bin/sh
# --files0-from: memory does not grow with the names read, when they name
# one file again and again, or files already counted below a directory
# named before: 200,000 such names go through under a limit of virtual
# memory 12 MiB above what 'du --version' needs.  GNU du 9.1 walks each
# name as it reads it, and passes.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir d && : > d/f || framework_failure_ "cannot make the tree"
vm_limit_above_ 12

# names NAME...: the NAMEs, then the last one again to make 200,000 names,
# NUL-terminated.
names ()
{
  for n_; do last_=$n_; done
  { printf '%s\n' "$@"; yes "$last_" | head -n $((200000 - $#)); } \
    | tr '\n' '\0'
}

# With -l, the same line for every name.
names /dev/null | (ulimit -v $vm_limit_ && run_du -l --files0-from=-) \
  > _out 2> _err
check_status_ 0 $? "du -l --files0-from (one name again and again)"
printf '200000 0\t/dev/null\n' > _exp
uniq -c _out | sed 's/^ *//' > _uniq
compare _exp _uniq || fail=1
compare /dev/null _err || fail=1

# Without, the name once.
names /dev/null | (ulimit -v $vm_limit_ && run_du --files0-from=-) \
  > _out 2> _err
check_status_ 0 $? "du --files0-from (one name again and again)"
printf '0\t/dev/null\n' > _exp
compare _exp _out || fail=1
compare /dev/null _err || fail=1

# A file counted in its directory, named again and again.
names d d/f | (ulimit -v $vm_limit_ && run_du --inodes --files0-from=-) \
  > _out 2> _err
check_status_ 0 $? "du --files0-from (a directory, then a file in it)"
printf '2\td\n' > _exp
compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
