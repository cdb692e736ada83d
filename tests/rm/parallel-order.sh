#!/bin/sh
# rm -r without prompts removes from worker threads, and what it says must
# still come out in the order of the sequential walk, as GNU's does.  Run
# as nobody (no terminal: no prompts), on a tree of 40 directories of 30
# files where some directories hold a subdirectory of root's (its files
# cannot be removed: one message each, and every directory above stays,
# silently), some are read-only to nobody, and one cannot be read: about 140
# messages between the -v lines.  stdout, stderr, the exit status and the
# tree left behind must be GNU's, byte for byte, for rm -r, -rf, -rv and
# -rfv on fresh copies of the same tree (same names, same order).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_root_
gnu=/usr/bin/rm
"$gnu" --version 2>/dev/null | sed 1q | grep '^rm (GNU coreutils) ' > /dev/null \
  || skip_ "$gnu is not GNU rm"
mkdir "$test_dir_/.gnu" && ln -s "$gnu" "$test_dir_/.gnu/rm" \
  || framework_failure_ "cannot link $gnu"
require_unprivileged_

# make_tree_ DIR: the tree, made the same way each time.
make_tree_ ()
{
  mkdir "$1" || return 1
  for i in $(seq 1 40); do
    mkdir "$1/d$i" && mkdir "$1/d$i/sub" || return 1
    for j in $(seq 1 30); do
      : > "$1/d$i/f$j" && : > "$1/d$i/sub/g$j" || return 1
    done
    case $i in
      *3) mkdir "$1/d$i/keep" && for j in $(seq 1 20); do
            : > "$1/d$i/keep/k$j"; done ;;
    esac
  done
  chown -R 65534:65534 "$1" || return 1
  for i in $(seq 3 10 40); do
    chown -R 0:0 "$1/d$i/keep" || return 1
  done
  chmod 555 "$1/d7/sub" "$1/d29/sub" && chmod 000 "$1/d18/sub"
}

for opts in -r -rf -rv -rfv; do
  make_tree_ t || framework_failure_ "cannot make the tree"
  (PATH=$test_dir_/.gnu:$PATH; exec $unpriv_ rm $opts t) > _gnu.out 2> _gnu.err
  gnu_st=$?
  list_ t > _gnu.tree
  chmod -R u+rwx t && rm -rf t

  make_tree_ t || framework_failure_ "cannot make the tree"
  run_rm $opts t > _out 2> _err; check_status_ $gnu_st $? "rm $opts, as GNU's"
  list_ t > _tree
  chmod -R u+rwx t && rm -rf t

  compare _gnu.out _out || fail=1
  compare _gnu.err _err || fail=1
  compare _gnu.tree _tree || fail=1
  n=$(wc -l < _gnu.err)
  test "$n" -ge 80 || { echo "rm $opts: GNU said $n lines" >&2; fail=1; }
done

exit $fail
