#!/bin/sh
# chown and symlinks: without -R an operand symlink's target is changed
# (--dereference, the default), with -h the link itself; -R changes links
# themselves and walks none (-P, the default); -R -H walks an operand
# that is a link to a directory and changes the targets of the links
# inside (with -h, it changes the operand link itself and the links
# inside); -R -L walks every link to a directory.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
mk ()
{
  rm -rf d e L lf f && mkdir d e && : > f && : > d/g && : > e/h \
    && ln -s ../e d/le && ln -s f lf && ln -s d L \
    || framework_failure_ "set-up"
}
# owners: the owners of the files, then those of the links.
owners ()
{
  stat -c '%n %u' d d/g e e/h f | tr '\n' ' '
  stat -c '%n %u' L lf d/le | tr '\n' ' '; echo
}
check ()
{
  echo "$1" > _exp; shift
  mk
  run_chown "$@" > _out 2> _err || { echo "chown $*: failed" >&2; fail=1; }
  compare /dev/null _err || fail=1
  owners > _owners
  compare _exp _owners || { echo "(chown $*)" >&2; fail=1; }
}

check 'd 0 d/g 0 e 0 e/h 0 f 7 L 0 lf 0 d/le 0 ' 7 lf
check 'd 0 d/g 0 e 0 e/h 0 f 7 L 0 lf 0 d/le 0 ' --dereference 7 lf
check 'd 0 d/g 0 e 0 e/h 0 f 0 L 0 lf 7 d/le 0 ' -h 7 lf
check 'd 0 d/g 0 e 0 e/h 0 f 0 L 7 lf 0 d/le 0 ' -R 7 L
check 'd 0 d/g 0 e 0 e/h 0 f 0 L 7 lf 0 d/le 0 ' -RP 7 L
check 'd 7 d/g 7 e 7 e/h 0 f 0 L 0 lf 0 d/le 0 ' -RH 7 L
check 'd 0 d/g 7 e 0 e/h 0 f 0 L 7 lf 0 d/le 7 ' -RH -h 7 L
check 'd 7 d/g 7 e 7 e/h 7 f 0 L 0 lf 0 d/le 0 ' -RL 7 L
check 'd 7 d/g 7 e 0 e/h 0 f 0 L 0 lf 0 d/le 7 ' -R 7 d

exit $fail
