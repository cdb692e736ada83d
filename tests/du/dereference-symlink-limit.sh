#!/bin/sh
# -L/--dereference and a chain of symbolic links deeper than the kernel
# resolves in one path (40 on Linux): directories 1 .. 45, each N/s a
# link to ../N+1.  GNU du stats each entry by its path, so the entry whose
# path holds a 41st link cannot be accessed (ELOOP): du says so, exits 1,
# and still counts and prints everything above it.  A file in the last
# directory reached (through 40 links) still counts.  The links in the
# operand's own name count as well.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

i=1
while test $i -le 45; do
  mkdir $i && ln -s ../$((i + 1)) $i/s || framework_failure_ "cannot make $i"
  i=$((i + 1))
done
: > 41/f || framework_failure_ "cannot make 41/f"

# expect_ ROOT K: into _exp and _exp.err, what du -L ROOT says when ROOT
# is reached through K links.  The directory reached through K links
# holds 41 - K directories (itself and those below it that can be
# accessed) and 41/f; du prints the deepest first.
expect_ ()
{
  path=$1 k=$2
  : > _exp
  while test $k -le 40; do
    printf '%d\t%s\n' $((42 - k)) "$path" | cat - _exp > _exp1 \
      && mv _exp1 _exp || framework_failure_ "cannot write _exp"
    path=$path/s k=$((k + 1))
  done
  echo "du: cannot access '$path': Too many levels of symbolic links" \
    > _exp.err
}

expect_ 1 0
LC_ALL=C run_du --inodes -L 1 > _out 2> _err; check_status_ 1 $? "du -L 1"
compare _exp _out || fail=1
compare _exp.err _err || fail=1

# The links in the operand's own name count too.
expect_ 1/s/s 2
LC_ALL=C run_du --inodes -L 1/s/s > _out 2> _err
check_status_ 1 $? "du -L 1/s/s"
compare _exp _out || fail=1
compare _exp.err _err || fail=1

exit $fail
