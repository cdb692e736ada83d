#!/bin/sh
# chown -R changes a directory only after what it holds, as GNU's does,
# even when its changes run in worker threads.  It matters to a process
# that may change owners (CAP_CHOWN) but not bypass permissions: nobody,
# so empowered, gives its own tree of 0700 directories to 1234.  Had a
# directory been given away first, nobody could no longer reach into it:
# "changing ownership of 'd/s7/t/g2': Permission denied".  Every file
# must change, with nothing said; five rounds, as the workers' timing
# varies.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_nobody_ids_
require_unprivileged_
unpriv_="$unpriv_ --inh-caps=+chown --ambient-caps=+chown"
$unpriv_ true 2> /dev/null || skip_ "setpriv cannot grant CAP_CHOWN alone"

for round in 1 2 3 4 5; do
  mkdir d && (
    cd d && for i in $(seq 300); do
      mkdir -p s$i/t && touch s$i/f1 s$i/f2 s$i/t/g1 s$i/t/g2 s$i/t/g3 \
        || exit 1
    done
  ) && chown -R nobody:nogroup d && find d -type d -exec chmod 700 {} + \
    || framework_failure_ "set-up"
  run_chown -R 1234 d > _out 2> _err; check_status_ 0 $? "round $round"
  compare /dev/null _out || fail=1
  compare /dev/null _err || fail=1
  left=$(find d ! -user 1234 | wc -l)
  test "$left" = 0 || { echo "round $round: $left files unchanged" >&2; fail=1; }
  rm -rf d
  test $fail = 0 || break
done

exit $fail
