#!/bin/sh
# The manual's example (doc/walk-example.c, an 'rm -r' on the parallel
# walk) compiles against the built library without a warning, and on one
# thread and on four it removes whole trees, never follows a symbolic
# link out of them, prints its errors in the order of a sequential walk
# and exits with status 1.  Not as root, an entry it cannot remove stays,
# its ancestors with it, and only that entry is reported.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

: "${CC:=cc}"
command -v "${CC%% *}" > /dev/null || skip_ "no C compiler ($CC)"
libdir=$abs_top_builddir/lib/.libs
test -f "$libdir/libfts.so" || framework_failure_ "$libdir/libfts.so not built"

# A library built with --enable-sanitizers needs its runtime in the program.
san=
nm -D "$libdir/libfts.so" | grep -q __asan && san=-fsanitize=address,undefined
$CC -Wall -Wextra -I"$abs_top_srcdir/lib" "$abs_top_srcdir/doc/walk-example.c" \
  -L"$libdir" -lfts $san -o rmtree > cc.out 2>&1 || fail=1
compare /dev/null cc.out || fail=1
test -x rmtree || { echo "doc/walk-example.c did not build" >&2; exit 1; }
LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

# make_tree DIR: directories enough for several threads, files of each
# type the walk meets, and symbolic links to outside/, which must survive.
make_tree ()
{
  mkdir "$1" && mkdir "$1/deep" && mkfifo "$1/fifo" \
    && ln -s ../outside "$1/link" && ln -s ../outside/file "$1/file-link" \
    || return
  for d in 1 2 3 4 5 6 7 8; do
    mkdir "$1/d$d" "$1/d$d/sub" || return
    for f in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
      : > "$1/d$d/f$f" && : > "$1/d$d/sub/f$f" || return
    done
  done
  p=$1/deep
  for level in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    p=$p/$level
    mkdir "$p" && : > "$p/f" || return
  done
}

mkdir outside && : > outside/file || framework_failure_ "mkdir outside"

# Not as root: a file in a directory without write permission stays; the
# error is reported once, for the file, not for its ancestors.
if test "$(id -u)" != 0; then
  unremovable="u1 u2"
else
  unremovable=
fi

for threads in 1 4; do
  rm -rf t1 t2 u1 u2 || framework_failure_ "rm -rf"
  make_tree t1 && make_tree t2 || framework_failure_ "cannot make the trees"
  roots="missing1 t1"
  : > exp
  echo "rmtree: cannot remove 'missing1': No such file or directory" >> exp
  for u in $unremovable; do
    make_tree $u && mkdir $u/d1/sub/ro && : > $u/d1/sub/ro/stays \
      && chmod a-w $u/d1/sub/ro || framework_failure_ "cannot make $u"
    roots="$roots $u"
    echo "rmtree: cannot remove '$u/d1/sub/ro/stays': Permission denied" >> exp
  done
  roots="$roots t2 missing2"
  echo "rmtree: cannot remove 'missing2': No such file or directory" >> exp

  LIBFTS_THREADS=$threads ./rmtree $roots > out 2> err
  status=$?
  test $status = 1 || { echo "$threads threads: exit status $status" >&2; fail=1; }
  compare /dev/null out || fail=1
  compare exp err || { echo "$threads threads: messages differ" >&2; fail=1; }
  for t in t1 t2; do
    test -e $t && { echo "$threads threads: $t left behind" >&2; fail=1; }
  done
  for u in $unremovable; do
    test -f $u/d1/sub/ro/stays || { echo "$threads threads: $u removed" >&2; fail=1; }
    test -e $u/d2 && { echo "$threads threads: $u/d2 left behind" >&2; fail=1; }
    chmod u+w $u/d1/sub/ro
  done
  test -f outside/file || { echo "$threads threads: outside/file removed" >&2; fail=1; }
done

exit $fail
