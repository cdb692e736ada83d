# tests/rm/rm-init.sh: helpers shared by the rm tests.  Sourced, never run,
# right after tests/init.sh:
#   . "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
#   . "$abs_top_srcdir/tests/rm/rm-init.sh"
#
# The program under test is $RM_UNDER_TEST, by default our src/rm; setting
# RM_UNDER_TEST=/usr/bin/rm checks the test itself against GNU rm.
#
# On return the test runs in "$test_dir_/w", an empty directory of its own;
# it names its own files there _out, _err, _exp.err..., which list_ skips.
# run_rm runs the program under test under the name 'rm', so that its
# messages start with 'rm: ' as they do for a user who has it in PATH (GNU
# prints argv[0] as given).  A plain 'rm' in a test is the system's, used
# only to set up and clean up.

rm_=${RM_UNDER_TEST:-$abs_top_builddir/src/rm}
test -x "$rm_" || framework_failure_ "$rm_ is not built"

mkdir .bin && ln -s "$rm_" .bin/rm || framework_failure_ "cannot link $rm_"
rm_bin_=$test_dir_/.bin
mkdir w && cd w || framework_failure_ "cannot make the work directory"

# Prefix for running as an unprivileged user: set by require_unprivileged_.
unpriv_=

# run_rm ARGS...: the rm under test (as $unpriv_ if set), named 'rm'.
run_rm ()
{
  (PATH=$rm_bin_:$PATH; exec $unpriv_ rm "$@")
}

# list_ [DIR]: the tree below DIR (default .), one "TYPE MODE PATH" a line,
# sorted: what a test compares to say which files are left.  The test's own
# files (expected and actual output) are named _* in the work directory and
# are not listed.
list_ ()
{
  find "${1-.}" -mindepth 1 ! -path './_*' -printf '%y %m %P\n' | LC_ALL=C sort
}

# is_gnu_91_: true when the rm under test is GNU coreutils 9.1, which
# predates some of the behaviour we require (newer GNU wins).
is_gnu_91_ ()
{
  test "$("$rm_" --version 2>/dev/null | sed -n 1p)" = 'rm (GNU coreutils) 9.1'
}

# require_unprivileged_: permission checks mean nothing to root, so as root
# run the program under test as nobody (setpriv), with the work directory
# open to it; as anyone else, run it as is.  Files the test makes stay the
# test's own; whatever should belong to the program's user is made with
# as_user_.
require_unprivileged_ ()
{
  test "$(id -u)" = 0 || return 0
  command -v setpriv > /dev/null || skip_ "root, and setpriv not found"
  unpriv_='setpriv --reuid=65534 --regid=65534 --clear-groups'
  chmod 755 "$test_dir_" && chmod 777 . \
    || framework_failure_ "cannot open $test_dir_ to nobody"
  $unpriv_ test -x "$rm_bin_/rm" \
    || skip_ "nobody cannot run $rm_ (a parent directory is closed to it)"
}

# as_user_ COMMAND...: run COMMAND as the user the program under test runs
# as (nobody after require_unprivileged_ as root, else ourselves).
as_user_ ()
{
  $unpriv_ "$@"
}
