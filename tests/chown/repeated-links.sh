#!/bin/sh
# chmod -Rc, chown -Rc and chgrp -Rc at 4 and 8 threads, over operands
# that name a file with two names again and again (t, t/a31/F, t, ...),
# say what GNU's 9.1 say: no "retained" line, and, as nobody, no "failed
# to change" line (-c prints only the error of a failure).  The threads
# note such a file before changing it and its lines are said in the walk's
# order; an operand met again could find its record forgotten by then.
# The race is won most runs; three runs at each thread count make a
# loss all but certain before the fix.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown chgrp chmod

# tree_ DIR: t/ below DIR, with t/a31/F and t/.hidden1/D/G two names of
# one file, and 40 directories beside them to keep the threads busy.
tree_ ()
{
  rm -rf "$1/t" && mkdir -p "$1/t/a31" "$1/t/.hidden1/D" \
    && (cd "$1/t" && for i in $(seq 40); do
          mkdir -p b/d$i && echo $i > b/d$i/f || exit 1
        done && echo hi > a31/F && ln a31/F .hidden1/D/G \
        && chmod 644 a31/F) \
    && chmod -R a+rX "$1/t" \
    || framework_failure_ "cannot make the tree in $1"
}

ops='t'
for i in $(seq 20); do ops="$ops t/a31/F t"; done
ops="$ops missing"

# check_ ARGS...: the program and ARGS over $ops, GNU's once, ours three
# times at 4 and at 8 threads, each on a fresh tree; as $unpriv_.
check_ ()
{
  tree_ gnu
  (cd gnu && PATH=$gnu_bin:$PATH && exec $unpriv_ "$@" $ops) \
    > _exp 2> _exp.err
  echo "exit $?" >> _exp
  for n in 4 4 4 8 8 8; do
    tree_ ours
    (cd ours && PATH=$prog_bin_:$PATH && LIBFTS_THREADS=$n \
       && export LIBFTS_THREADS && exec $unpriv_ "$@" $ops) > _out 2> _err
    echo "exit $?" >> _out
    compare _exp _out || { echo "differs at $n threads: $*"; fail=1; }
    compare _exp.err _err || fail=1
  done
}

mkdir gnu ours || framework_failure_ "cannot make gnu/ and ours/"
check_ chmod -R -c 755
check_ chmod -R -f -c u+s
check_ chown -R -c 1234:4321
check_ chown -R -P -c --from=0:0 77:88
check_ chgrp -R -c 99

command -v setpriv > /dev/null || exit $fail
unpriv_='setpriv --reuid=65534 --regid=65534 --clear-groups'
chmod 755 "$test_dir_" && chmod 777 . gnu ours \
  || framework_failure_ "cannot open $test_dir_ to nobody"
$unpriv_ test -x "$prog_bin_/chgrp" || exit $fail
check_ chgrp -R -c 4321
check_ chown -R -c --from=0:0 1234

exit $fail
