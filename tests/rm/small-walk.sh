#!/bin/sh
# Small invocations stay small, as GNU's: rm -rf of a directory of 10
# files, rm -f of one file, du -s of a file, chmod -R of a directory of
# files and chmod u+x of a file start no thread, and read neither the
# mount table (/proc/self/mountinfo: a mount cycle needs a subdirectory)
# nor /sys's count of the processors (sched_getaffinity answers); each
# cost rm -rf of 10 files a tenth of its time.  They still do their work.
# rm -rf of a directory with a subdirectory reads the mount table (no
# bind mount below it goes unseen).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

command -v strace > /dev/null || skip_ "strace not found"
strace -qq -o /dev/null true 2> /dev/null || skip_ "strace cannot trace here"
test "$(nproc)" -ge 2 || skip_ "one processor: no threads to start anyway"
unset LIBFTS_THREADS

# traced_ ARGS...: run ARGS under strace into _trace; its status.
traced_ ()
{
  strace -f -qq -o _trace -e trace=openat,clone,clone3 "$@"
}

# small_ WHAT: _trace shows no thread started and no needless read.
small_ ()
{
  if grep -E 'clone3?\(|/proc/self/mountinfo|/sys/devices/system/cpu' \
       _trace; then
    echo "$1: started a thread or read what it does not need"
    fail=1
  fi
}

mkdir d && (cd d && touch 1 2 3 4 5 6 7 8 9 10) && touch one \
  || framework_failure_ "cannot make the tree"
traced_ "$rm_" -rf d || fail=1
small_ 'rm -rf d'
test -e d && { echo "rm -rf d left d"; fail=1; }

traced_ "$rm_" -f one || fail=1
small_ 'rm -f one'
test -e one && { echo "rm -f one left one"; fail=1; }

echo data > f || framework_failure_ "cannot make f"
traced_ "$abs_top_builddir/src/du" -s f > _out || fail=1
small_ 'du -s f'
test "$(cut -f2 _out)" = f || { echo "du -s f said: $(cat _out)"; fail=1; }

mkdir c && (cd c && touch 1 2 3) || framework_failure_ "cannot make c"
traced_ "$abs_top_builddir/src/chmod" -R 700 c || fail=1
small_ 'chmod -R 700 c'
test "$(stat -c %a c/2)" = 700 || { echo "chmod -R left c/2 unchanged"; fail=1; }
traced_ "$abs_top_builddir/src/chmod" u+x f || fail=1
small_ 'chmod u+x f'
test -x f || { echo "chmod u+x f left f unchanged"; fail=1; }

# The rule holds only without subdirectories: with one, the table is read.
mkdir -p e/sub && touch e/sub/x || framework_failure_ "cannot make e"
traced_ "$rm_" -rf e || fail=1
grep /proc/self/mountinfo _trace > /dev/null \
  || { echo "rm -rf e did not look for mounts below it"; fail=1; }
test -e e && { echo "rm -rf e left e"; fail=1; }

exit $fail
