#!/bin/sh
# libfts-run's own errors exit with 125 and a GNU-style diagnostic: no
# program, an unknown option, a library that does not exist; --help and
# --version succeed; a program that is not there gives the shell's 127.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

run=$abs_top_builddir/src/libfts-run
test -x "$run" || framework_failure_ "$run not built"
so=$abs_top_builddir/lib/.libs/libfts.so
test -f "$so" || framework_failure_ "$so not built"

# check NAME EXPECTED-STATUS ARGS...: status of libfts-run ARGS.
check ()
{
  name_=$1 exp_=$2; shift 2
  "$run" "$@" > out.$name_ 2> err.$name_
  st_=$?
  test $st_ = $exp_ || { echo "$name_: status $st_, not $exp_" >&2; fail=1; }
}

check none 125
printf '%s\n' "libfts-run: missing program to run" \
  "Try 'libfts-run --help' for more information." > exp
compare exp err.none || fail=1

check bad-option 125 --frobnicate true
printf '%s\n' "libfts-run: unrecognized option '--frobnicate'" \
  "Try 'libfts-run --help' for more information." > exp
compare exp err.bad-option || fail=1

check no-library 125 --library=$PWD/nowhere.so true
echo "libfts-run: cannot preload '$PWD/nowhere.so': no such readable file" > exp
compare exp err.no-library || fail=1

check help 0 --help
grep '^Usage: libfts-run \[OPTION\]\.\.\. PROGRAM \[ARGUMENT\]\.\.\.$' out.help \
  > /dev/null || fail=1
check version 0 --version
head -1 out.version | grep -E '^libfts-run \(libfts\) [0-9]' > /dev/null || fail=1

check status 7 --library="$so" sh -c 'exit 7'
check missing 127 --library="$so" ./no-such-program

exit $fail
