#!/bin/sh
# An invalid or ambiguous --interactive argument: argmatch's diagnostic, the
# valid arguments, the Try line, exit status 1, nothing removed.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

: > f || framework_failure_ "cannot make f"

# check WHAT ARG: "rm --interactive=ARG f" is refused as WHAT (invalid,
# ambiguous).
check ()
{
  cat > _exp.err <<X
rm: $1 argument '$2' for '--interactive'
Valid arguments are:
  - 'never', 'no', 'none'
  - 'once'
  - 'always', 'yes'
Try 'rm --help' for more information.
X
  run_rm --interactive="$2" f < /dev/null > _out 2> _err
  check_status_ 1 $? "rm --interactive=$2"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
  test -f f || { echo "rm --interactive=$2: f removed" >&2; fail=1; : > f; }
}

check invalid bogus
check invalid nevermore
check invalid ALWAYS
check ambiguous ''

exit $fail
