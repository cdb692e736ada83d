#!/bin/sh
# An invalid -t: "-0" makes no sense ("invalid --threshold argument
# '-0'"), and what is not a size is diagnosed by gnulib's xstrtol, naming
# the option as given.  Exit 1, nothing walked.

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

check_error "du: invalid --threshold argument '-0'" -t -0
check_error "du: invalid --threshold argument '-0'" --threshold=-0
check_error "du: invalid -t argument 'x'" -t x
check_error "du: invalid --threshold argument 'x'" --thr=x
check_error "du: invalid suffix in -t argument '1x'" -t 1x

exit $fail
