#!/bin/sh
# Without -r or -d a directory is not removed: "Is a directory", exit 1,
# with or without -f; the other operands are removed.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

for opt in '' -f -v; do
  mkdir d e && : > d/f && : > a && : > b || framework_failure_ "cannot make d"
  cat > _exp.err <<'X'
rm: cannot remove 'd': Is a directory
rm: cannot remove 'e/': Is a directory
X
  run_rm $opt a d e/ b > _out 2> _err; check_status_ 1 $? "rm $opt"
  if test "$opt" = -v; then
    printf '%s\n' "removed 'a'" "removed 'b'" > _exp.out
  else
    : > _exp.out
  fi
  compare _exp.out _out || fail=1
  compare _exp.err _err || fail=1
  printf '%s\n' 'd 755 d' 'd 755 e' 'f 644 d/f' > _exp.tree
  list_ > _tree
  compare _exp.tree _tree || fail=1
  rm -r d e
done

exit $fail
