#!/bin/sh
# --time-style=full-iso|long-iso|iso|+FORMAT, else TIME_STYLE, in which
# "locale" means the default, "posix-" prefixes are dropped and a +FORMAT
# ends at a newline (as in ls); --time-style wins over TIME_STYLE, and
# takes no "posix-" prefix.  An unknown style is a usage error.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

TZ=UTC0
export TZ
: > f && touch -d '2020-01-02 03:04:05.123456789' f \
  || framework_failure_ "cannot make f"

check ()
{
  printf '1\t%s\tf\n' "$1" > _exp; shift
  run_du --inodes --time "$@" f > _out 2> _err; check_status_ 0 $? "du $*"
  compare _exp _out || { echo "for: du $*" >&2; fail=1; }
  compare /dev/null _err || fail=1
}

check '2020-01-02 03:04:05.123456789 +0000' --time-style=full-iso
check '2020-01-02 03:04' --time-style=long-iso
check '2020-01-02' --time-style=iso
check '1577934245 05' --time-style=+%s\ %S
check '2020-01-02' --time-style=iso --time-style=+%F
TIME_STYLE=iso check '2020-01-02'
TIME_STYLE=posix-full-iso check '2020-01-02 03:04:05.123456789 +0000'
TIME_STYLE=posix-posix-iso check '2020-01-02'
TIME_STYLE=locale check '2020-01-02 03:04'
TIME_STYLE='+%Y
%m' check '2020'
TIME_STYLE=iso check '2020-01-02 03:04' --time-style=long-iso

cat > _exp.err <<'X'
du: invalid argument 'posix-iso' for 'time style'
Valid arguments are:
  - 'full-iso'
  - 'long-iso'
  - 'iso'
Try 'du --help' for more information.
X
run_du --time --time-style=posix-iso f > _out 2> _err
check_status_ 1 $? "du --time-style=posix-iso"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
sed 's/posix-iso/locale/' _exp.err > _exp.err2
TIME_STYLE=iso run_du --time --time-style=locale f > _out 2> _err
check_status_ 1 $? "du --time-style=locale"
compare _exp.err2 _err || fail=1

exit $fail
