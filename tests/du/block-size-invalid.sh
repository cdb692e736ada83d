#!/bin/sh
# An invalid --block-size is a usage error, in gnulib xstrtol's words,
# naming the option as it was given; nothing is walked.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

: > f || framework_failure_ "cannot make f"

check_error ()
{
  echo "$1" > _exp; shift
  run_du "$@" f > _out 2> _err; check_status_ 1 $? "du $*"
  compare /dev/null _out || fail=1
  compare _exp _err || fail=1
}

check_error "du: invalid -B argument '0'" -B 0
check_error "du: invalid -B argument 'x'" -B x
check_error "du: invalid suffix in -B argument '1x'" -B 1x
check_error "du: invalid --block-size argument '-1'" --block-size=-1
check_error "du: invalid --block-size argument 'x'" --block=x

exit $fail
