#!/bin/sh
# chown -R and chgrp -R stat no file unless something needs it: a plain
# "chown -R 0 d" changes each file with one fchownat, blindly; -v (to say
# what changed), --from (to match) and dereferencing (chown -RH, -RL) stat
# each file.  Counted with strace: stat-family calls on the files' names.
# (GNU does the same; the test is here so that ours keeps doing it.)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
command -v strace > /dev/null || skip_ "strace not found"
mkdir -p d/s && (cd d && seq -f f%g 100 | xargs touch) && touch d/s/g \
  || framework_failure_ "set-up"
strace -qq -o /dev/null true 2> /dev/null || skip_ "strace cannot trace here"

# stats ARGS...: the number of stat-family calls that name one of the
# files f1..f100, by the program under test run with ARGS.
stats ()
{
  PATH=$prog_bin_:$PATH strace -qq -f -e trace=%stat,%fstat -o _trace "$@" \
    > /dev/null 2>&1 || { echo "$*: failed" >&2; fail=1; }
  grep -c '"\(d/\)\{0,1\}f[0-9]*"' _trace
}
for cmd in 'chown -R 0 d' 'chown -R -h 0:0 d' 'chgrp -R 0 d' 'chown -R -f 0 d'; do
  n=$(stats $cmd)
  test "$n" = 0 || { echo "$cmd: $n stat calls on files, not 0" >&2; fail=1; }
done
for cmd in 'chown -R -v 0 d' 'chown -R --from=0 0 d' 'chgrp -R -c 0 d' \
           'chown -RH 0 d' 'chown -RL 0 d'; do
  n=$(stats $cmd)
  test "$n" -ge 100 || { echo "$cmd: $n stat calls on files, not 100" >&2; fail=1; }
done

exit $fail
