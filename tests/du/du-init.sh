# tests/du/du-init.sh: helpers shared by the du tests.  Sourced, never run,
# right after tests/init.sh:
#   . "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
#   . "$abs_top_srcdir/tests/du/du-init.sh"
#
# The program under test is $DU_UNDER_TEST, by default our src/du; setting
# DU_UNDER_TEST=/usr/bin/du checks the test itself against GNU du (the
# tests that check where later GNU du differs from the 9.1 on Debian 12
# say so, naming the version, and fail there).
#
# On return the test runs in "$test_dir_/w", an empty directory of its own;
# it names its own files there _out, _err, _exp...  run_du runs the program
# under test under the name 'du', so that its messages start with 'du: '
# as they do for a user who has it in PATH (GNU prints argv[0] as given).
# A plain 'du' in a test would be the system's: tests never use it.

du_=${DU_UNDER_TEST:-$abs_top_builddir/src/du}
test -x "$du_" || framework_failure_ "$du_ is not built"

mkdir .bin && ln -s "$du_" .bin/du || framework_failure_ "cannot link $du_"
du_bin_=$test_dir_/.bin
mkdir w && cd w || framework_failure_ "cannot make the work directory"

# The size variables would change every number du prints.
unset DU_BLOCK_SIZE BLOCK_SIZE BLOCKSIZE POSIXLY_CORRECT TIME_STYLE

# run_du ARGS...: the du under test (as $unpriv_ if set), named 'du'.
run_du ()
{
  (PATH=$du_bin_:$PATH; exec $unpriv_ du "$@")
}

# require_gnu_du_: skip unless /usr/bin/du is GNU du, which run_gnu_du_
# then runs, for the tests that compare ours with it.
require_gnu_du_ ()
{
  "/usr/bin/du" --version 2>/dev/null | sed 1q \
    | grep '^du (GNU coreutils) ' > /dev/null \
    || skip_ "/usr/bin/du is not GNU du"
  mkdir "$test_dir_/.gnu" && ln -s /usr/bin/du "$test_dir_/.gnu/du" \
    || framework_failure_ "cannot link /usr/bin/du"
}

# run_gnu_du_ ARGS...: GNU du (as $unpriv_ if set), named 'du' as run_du
# names ours, so that both messages start with 'du: '.
run_gnu_du_ ()
{
  (PATH=$test_dir_/.gnu:$PATH; exec $unpriv_ du "$@")
}

# blocks_ FILE...: the disk usage of the FILEs together, in KiB rounded
# up, as du counts it by default (from stat's block count, in 512-byte
# units).
blocks_ ()
{
  stat -c '%b %B' "$@" \
    | awk '{ n += $1 * $2 } END { printf "%d\n", (n + 1023) / 1024 }'
}

# vm_limit_above_ MIB: set vm_limit_ to a limit of virtual memory (KiB, for
# ulimit -v) MIB MiB above the least, by whole MiB, under which the du
# under test prints its version; skip for a du built with a sanitizer, or
# one that 256 MiB are not enough for.
vm_limit_above_ ()
{
  is_sanitized_ "$du_" \
    && skip_ "built with a sanitizer: its shadow memory does not fit under ulimit -v"
  vm_limit_=1024
  until (ulimit -v $vm_limit_ && exec "$du_" --version) > /dev/null 2>&1; do
    test $vm_limit_ -lt 262144 \
      || skip_ "du --version needs more than 256 MiB of virtual memory"
    vm_limit_=$((vm_limit_ + 1024))
  done
  vm_limit_=$((vm_limit_ + $1 * 1024))
}
