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
