#!/bin/sh
# A symbolic link is removed, never what it points to, with or without -r;
# its target's permissions do not matter.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

mkdir -p target/sub && : > target/f && : > target/sub/g && chmod a-w target/f \
  && ln -s target ldir && ln -s target/f lfile && ln -s nowhere ldangle \
  && mkdir d && ln -s ../target d/up && ln -s ldir lchain \
  || framework_failure_ "cannot make links"
list_ target > _exp.tree

cat > _exp.out <<'X'
removed 'ldir'
removed 'lfile'
removed 'ldangle'
removed 'd/up'
removed directory 'd'
removed 'lchain'
X
run_rm -rv ldir lfile ldangle d lchain < /dev/null > _out 2> _err
check_status_ 0 $? "rm -rv"
compare _exp.out _out || fail=1
compare /dev/null _err || fail=1
list_ target > _tree
compare _exp.tree _tree || fail=1
test -e ldir || test -h ldir && { echo "ldir still there" >&2; fail=1; }

exit $fail
