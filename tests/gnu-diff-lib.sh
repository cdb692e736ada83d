# tests/gnu-diff-lib.sh: the compare loop of the differential tests,
# tests/{rm,du,chmod,chown}/gnu-diff.sh.  Sourced, never run, after
# tests/init.sh and the program's init file (which links the programs under
# test into $test_dir_/.bin) and after require_gnu_ (which links GNU's into
# $gnu_bin).  A driver makes its cases and hands each to gnu_diff_case_;
# gnu_diff_end_ says how many were compared.

gnu_diff_cases_=0 gnu_diff_failed_=0

# gnu_diff_case_ WHAT SIDE ARGS...: one case, described by WHAT.  The
# driver's function SIDE runs it once for each program, as
#   SIDE _g "$gnu_bin" ARGS...          (GNU's)
#   SIDE _o "$test_dir_/.bin" ARGS...   (ours)
# the first argument a prefix for what it leaves (PREFIX.out, PREFIX.err,
# PREFIX.st, and PREFIX.tree if it lists a tree), the second a directory
# to put first in PATH.  The case fails the test unless both left the same
# files with the same contents; their differences go to stderr, after a
# line "DIFF ( FILES ) WHAT".
gnu_diff_case_ ()
{
  gnu_diff_what_=$1 gnu_diff_side_=$2
  shift 2
  gnu_diff_cases_=$((gnu_diff_cases_ + 1))
  rm -f _g.out _g.err _g.st _g.tree _o.out _o.err _o.st _o.tree
  $gnu_diff_side_ _g "$gnu_bin" "$@"
  $gnu_diff_side_ _o "$test_dir_/.bin" "$@"
  gnu_diff_bad_=
  for x_ in out err st tree; do
    test -e _g.$x_ || test -e _o.$x_ || continue
    cmp -s _g.$x_ _o.$x_ || gnu_diff_bad_="$gnu_diff_bad_ $x_"
  done
  test -n "$gnu_diff_bad_" || return 0
  gnu_diff_failed_=$((gnu_diff_failed_ + 1)); fail=1
  echo "DIFF ($gnu_diff_bad_ ) $gnu_diff_what_" >&2
  for x_ in $gnu_diff_bad_; do
    diff -u _g.$x_ _o.$x_ | sed 1,2d | head -20 >&2
  done
}

# gnu_diff_end_ LEAST [NOTE]: print "NAME: N cases compared, M differ",
# NOTE appended; a set-up failure unless more than LEAST cases were (a
# broken generator would otherwise pass).
gnu_diff_end_ ()
{
  echo "$test_name_: $gnu_diff_cases_ cases compared, $gnu_diff_failed_ differ$2" >&2
  test $gnu_diff_cases_ -gt $1 || framework_failure_ "only $gnu_diff_cases_ cases"
}
