#!/bin/sh
# chmod -R walks with libfts's parallel walk (unless LIBFTS_THREADS=1):
# directories read and files changed from several threads; what it says
# (diagnostics, -v and -c lines) must still come out in the order of the
# walk, as GNU's does.  Run as nobody on a tree where root's files
# (which nobody cannot change: one message each) alternate with nobody's
# own, over 3,500 messages (1,500 from the files of one large directory,
# which the threads share), each mode on a fresh copy of the tree for GNU
# and for ours: stdout (-v, -c), stderr, exit status and the tree left
# must be GNU's; with -f, nothing said and exit 1.  640, a-x and 0 also
# take away the walk's way into the directories ("cannot access", "cannot
# read directory").

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

require_root_
require_nobody_ids_
require_unprivileged_
require_gnu_ chmod

for opts in 'g+w' '640' 'u=rwX,go=' '-f o-r' 'a-x' '0' '-v g-r' '-c o+w'; do
  for who in gnu ours; do
    rm -rf d; mixed_tree_ d
    case $who in
      gnu)  (PATH=$gnu_bin:$PATH; exec $unpriv_ chmod -R $opts d) \
              > _gnu.out 2> _gnu.err
            gnu_st=$?; list_ > _gnu.tree ;;
      ours) run_chmod -R $opts d > _out 2> _err; st=$?; list_ > _tree ;;
    esac
  done
  check_status_ $gnu_st $st "chmod -R $opts, as GNU's"
  compare _gnu.out _out || fail=1
  compare _gnu.err _err || fail=1
  compare _gnu.tree _tree || fail=1
  case $opts in
    -f*) check_status_ 1 $st "chmod -R $opts" ;;
    g+w|u=*) n=$(wc -l < _gnu.err)
       test "$n" -ge 2000 || { echo "$opts: GNU said $n lines" >&2; fail=1; } ;;
  esac
done

exit $fail
