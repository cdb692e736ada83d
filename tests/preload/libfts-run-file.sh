#!/bin/sh
# With LIBFTS_STATS_FILE set and no --stats, libfts-run says nothing and
# the library appends its report to that file when the program exits, one
# report per process that used it; a program that walks nothing adds none.
# The program's output and exit status pass through unchanged.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

. "$abs_top_srcdir/tests/preload/tcl-init.sh"

run=$abs_top_builddir/src/libfts-run
test -x "$run" || framework_failure_ "$run not built"

mkdir -p a/sub b && : > a/sub/f && : > b/f || framework_failure_ "mkdir"
echo 'file delete -force {*}$argv; puts done; exit 3' > delete.tcl

LIBFTS_STATS_FILE=$PWD/stats "$run" --library="$so" \
  "$TCLSH" delete.tcl a > out 2> err
echo $? > status
LIBFTS_STATS_FILE=$PWD/stats "$run" --library="$so" \
  "$TCLSH" delete.tcl b > out2 2> err2
LIBFTS_STATS_FILE=$PWD/stats "$run" --library="$so" true > out3 2> err3

echo done > exp-out
compare exp-out out || fail=1
echo 3 > exp-status
compare exp-status status || fail=1
cat err out2 err2 out3 err3 > rest
printf 'done\n' > exp-rest
compare exp-rest rest || fail=1
test -e a || test -e b && { echo "a or b was not removed" >&2; fail=1; }

# Two reports, one per tclsh: a had 2 directories and 2 entries, b 1 and 1.
sed -n 's/^\(program\|streams\|dirs_read\|entries\)=/&/p' stats > got
printf '%s\n' program=tclsh streams=1 dirs_read=2 entries=2 \
  program=tclsh streams=1 dirs_read=1 entries=1 > exp
compare exp got || fail=1

exit $fail
