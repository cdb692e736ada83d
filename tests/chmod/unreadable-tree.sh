#!/bin/sh
# chmod -R changes a directory before reading it, however many threads
# walk: directories of mode 0 and 0300 at every level, which only the
# change opens (u+rwx, u+r) or closes (a-r, 0), throughout a tree wide
# enough for several threads to read at once (60 directories, each with
# a closed subdirectory holding files).  Run as nobody, on its own tree,
# each mode on a fresh copy for GNU chmod and for ours: stdout, stderr,
# exit status and the tree left must be GNU's.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_unprivileged_
require_gnu_ chmod

# closed_tree_ DIR: DIR/sI/fJ and DIR/sI/t/gJ, I 1..60, J 1..5; each t of
# mode 0, each sI of mode 0 (odd I) or 0300 (even I: searchable, not
# readable); DIR itself of mode 0300.
closed_tree_ ()
{
  as_user_ sh -c '
    mkdir "$1" && cd "$1" && for i in $(seq 60); do
      mkdir -p s$i/t && (cd s$i && touch f1 f2 f3 f4 f5 \
        && cd t && touch g1 g2 g3 g4 g5) || exit 1
      chmod 0 s$i/t || exit 1
      case $i in
        *[13579]) chmod 0 s$i ;;
        *) chmod 300 s$i ;;
      esac || exit 1
    done && chmod 300 .' sh "$1" || framework_failure_ "cannot make $1"
}

for opts in '-v u+rwx' 'u+r' '-c a-r' '-v 0' 'u=rx,go=' '-c a+rX'; do
  for who in gnu ours; do
    test ! -d d || { chmod -R u+rwx d && rm -rf d; } || framework_failure_ "rm d"
    closed_tree_ d
    case $who in
      gnu)  (PATH=$gnu_bin:$PATH; exec $unpriv_ chmod -R $opts d) \
              > _gnu.out 2> _gnu.err
            gnu_st=$?
            find d -printf '%y %m %P\n' 2> /dev/null | LC_ALL=C sort \
              > _gnu.modes ;;
      ours) run_chmod -R $opts d > _out 2> _err; st=$?
            find d -printf '%y %m %P\n' 2> /dev/null | LC_ALL=C sort \
              > _modes ;;
    esac
  done
  check_status_ $gnu_st $st "chmod -R $opts, as GNU's"
  compare _gnu.out _out || fail=1
  compare _gnu.err _err || fail=1
  compare _gnu.modes _modes || fail=1
done

exit $fail
