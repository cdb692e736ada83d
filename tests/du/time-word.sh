#!/bin/sh
# --time=WORD: atime (access, use) or ctime (status) instead of the
# modification time; any other word is a usage error listing them.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

TZ=UTC0
export TZ
: > f && touch -m -d '2020-01-02 03:04:05' f \
  && touch -a -d '2018-07-08 09:10:11' f || framework_failure_ "cannot make f"
ctime=$(date -d "@$(stat -c %Z f)" '+%Y-%m-%d %H:%M:%S') \
  || framework_failure_ "cannot read f's ctime"

check ()
{
  printf '1\t%s\tf\n' "$1" > _exp; shift
  run_du --inodes --time-style=+'%Y-%m-%d %H:%M:%S' "$@" f > _out 2> _err
  check_status_ 0 $? "du $*"
  compare _exp _out || { echo "for: du $*" >&2; fail=1; }
  compare /dev/null _err || fail=1
}

check '2020-01-02 03:04:05' --time
check '2018-07-08 09:10:11' --time=atime
check '2018-07-08 09:10:11' --time=access
check '2018-07-08 09:10:11' --time=use
check '2018-07-08 09:10:11' --time=acc
check "$ctime" --time=ctime
check "$ctime" --time=status

cat > _exp.err <<'X'
du: invalid argument 'mtime' for '--time'
Valid arguments are:
  - 'atime', 'access', 'use'
  - 'ctime', 'status'
Try 'du --help' for more information.
X
run_du --time=mtime f > _out 2> _err; check_status_ 1 $? "du --time=mtime"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

exit $fail
