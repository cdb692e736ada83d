# tests/chmod/chmod-init.sh: helpers shared by the chmod, chown and chgrp
# tests.  Sourced, never run, right after tests/init.sh:
#   . "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
#   . "$abs_top_srcdir/tests/chmod/chmod-init.sh"
#
# The programs under test are $CHMOD_UNDER_TEST, $CHOWN_UNDER_TEST and
# $CHGRP_UNDER_TEST, by default our src/chmod, src/chown and src/chgrp;
# setting them to /usr/bin/chmod etc. checks the tests themselves against
# GNU's.  They run under their own names (run_chmod, run_chown, run_chgrp
# run them through symlinks named chmod, chown, chgrp), so that their
# messages start with 'chmod: ' as they do for a user who has them in PATH.
# A plain chmod, chown or chgrp in a test is the system's, used only to set
# up and clean up.
#
# On return the test runs in "$test_dir_/w", an empty directory of its
# own; it names its own files there _out, _err, _exp.err..., which list_
# skips.

chmod_=${CHMOD_UNDER_TEST:-$abs_top_builddir/src/chmod}
chown_=${CHOWN_UNDER_TEST:-$abs_top_builddir/src/chown}
chgrp_=${CHGRP_UNDER_TEST:-$abs_top_builddir/src/chgrp}
for p_ in "$chmod_" "$chown_" "$chgrp_"; do
  test -x "$p_" || framework_failure_ "$p_ is not built"
done

mkdir .bin && ln -s "$chmod_" .bin/chmod && ln -s "$chown_" .bin/chown \
  && ln -s "$chgrp_" .bin/chgrp || framework_failure_ "cannot link the programs"
prog_bin_=$test_dir_/.bin
mkdir w && cd w || framework_failure_ "cannot make the work directory"

# run_chmod ARGS..., run_chown ARGS..., run_chgrp ARGS...: the program
# under test (as $unpriv_ if set), under its own name.
run_chmod () { (PATH=$prog_bin_:$PATH; exec $unpriv_ chmod "$@"); }
run_chown () { (PATH=$prog_bin_:$PATH; exec $unpriv_ chown "$@"); }
run_chgrp () { (PATH=$prog_bin_:$PATH; exec $unpriv_ chgrp "$@"); }

# list_ [DIR]: the tree below DIR (default .), one "TYPE MODE USER:GROUP
# PATH" a line, sorted, without the test's own _* files.
list_ ()
{
  find "${1-.}" -mindepth 1 ! -path './_*' -printf '%y %m %u:%g %P\n' \
    | LC_ALL=C sort
}

# require_threads_: skip unless strace can trace here and the process may
# run on two processors, which worker threads need.
require_threads_ ()
{
  command -v strace > /dev/null || skip_ "strace not found"
  strace -qq -o /dev/null true 2> /dev/null || skip_ "strace cannot trace here"
  test "$(nproc)" -ge 2 || skip_ "one processor: no worker threads"
}

# wide_tree_ DIR: DIR/s1..s50, each with forty empty files.
wide_tree_ ()
{
  mkdir "$1" && (cd "$1" && for i_ in $(seq 50); do
                   mkdir s$i_ && (cd s$i_ && seq -f f%g 40 | xargs touch) \
                     || exit 1
                 done) || framework_failure_ "cannot make $1"
}


# require_nobody_ids_: the tests that change owners name the user nobody
# and the group nogroup (65534 on Debian).
require_nobody_ids_ ()
{
  test "$(id -u nobody 2>/dev/null)" = 65534 \
    && getent group nogroup > /dev/null \
    && test "$(getent group nogroup | cut -d: -f3)" = 65534 \
    || skip_ "no user nobody and group nogroup with id 65534"
}

# ---- trees and counts for the tests of the worker threads -------------

# mixed_tree_ DIR: DIR/sI/fJ and DIR/sI/t/gJ (80 directories sI, 30 files
# fJ and 20 gJ in each), and DIR/big/fJ (3,000 files: a directory whose
# files the threads share, a slice of 512 each): the directories and the
# odd-numbered files are nobody's, the even-numbered files root's, so
# that nobody may walk everything and change half, and fails 3,500 times.
mixed_tree_ ()
{
  mkdir "$1" && (
    cd "$1" && for i_ in $(seq 80); do
      mkdir -p s$i_/t && (cd s$i_ && seq -f f%g 30 | xargs touch \
                           && cd t && seq -f g%g 20 | xargs touch) || exit 1
    done
    mkdir big && (cd big && seq -f f%g 3000 | xargs touch)
  ) && chown -R nobody:nogroup "$1" \
    && find "$1" -name '[fg]*[02468]' -exec chown root:root {} + \
    || framework_failure_ "cannot make $1"
}

# threads_started_ COMMAND...: run COMMAND (its output thrown away) under
# strace -f, and print how many threads it started (clone and clone3
# calls with CLONE_THREAD); or "failed" if COMMAND failed.  Unlike which
# threads end up doing the work, that does not depend on the scheduler.
threads_started_ ()
{
  strace -qq -f -e trace=clone,clone3 -o _trace "$@" > /dev/null 2>&1 \
    || { echo "$*: failed" >&2; echo failed; return; }
  grep -c 'CLONE_THREAD' _trace
}

# threads_of_ PATTERN COMMAND...: run COMMAND (its output thrown away)
# under strace -f, and print how many of its threads made a system call
# whose strace line matches the basic regular expression PATTERN; or
# "failed" if COMMAND failed (it runs in $(...): fail=1 would be lost).
threads_of_ ()
{
  pattern_=$1; shift
  strace -qq -f -o _trace "$@" > /dev/null 2>&1 \
    || { echo "$*: failed" >&2; echo failed; return; }
  grep "^[0-9]* *$pattern_" _trace | sed 's/^\([0-9]*\).*/\1/' | sort -u \
    | wc -l
}
