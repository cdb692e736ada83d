#!/bin/sh
# Invalid and ambiguous options: getopt's message, "Try 'du --help'",
# exit 1, nothing walked.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir d || framework_failure_ "cannot make d"

check_error ()
{
  printf '%s\n' "$1" "Try 'du --help' for more information." > _exp.err; shift
  run_du "$@" d > _out 2> _err; check_status_ 1 $? "du $*"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
}

check_error "du: invalid option -- 'q'" -q
check_error "du: unrecognized option '--foo'" --foo
check_error "du: option '--t' is ambiguous; possibilities: '--total' '--threshold' '--time' '--time-style'" --t
check_error "du: option '--ti' is ambiguous; possibilities: '--time' '--time-style'" --ti
check_error "du: option '--all' doesn't allow an argument" --all=1

exit $fail
