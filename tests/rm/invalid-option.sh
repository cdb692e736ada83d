#!/bin/sh
# Bad options get glibc getopt's wording, the "Try" line, exit status 1,
# and nothing is removed.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

: > f || framework_failure_ "cannot make f"

# check EXPECTED-FIRST-LINE ARGS...: rm ARGS prints that line, the Try
# line, nothing on stdout, exits 1 and leaves f.
check ()
{
  printf '%s\n' "$1" "Try 'rm --help' for more information." > _exp.err
  shift
  run_rm "$@" > _out 2> _err; check_status_ 1 $? "rm $*"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
  test -f f || { echo "rm $*: removed f" >&2; fail=1; : > f; }
}

check "rm: invalid option -- 'x'" -x f
check "rm: invalid option -- 'x'" -fx f
check "rm: invalid option -- 'P'" f -P
check "rm: unrecognized option '--xyz'" --xyz f
check "rm: unrecognized option '--force-all'" --force-all f
check "rm: option '--ver' is ambiguous; possibilities: '--verbose' '--version'" --ver f
check "rm: option '--help' doesn't allow an argument" --help=x f
check "rm: option '--force' doesn't allow an argument" --force=yes f
check "rm: option '--one-file-system' doesn't allow an argument" --one-file-system=x f
check "rm: option '--recursive' doesn't allow an argument" --rec=1 f

exit $fail
