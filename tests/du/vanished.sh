#!/bin/sh
# Files that vanish while du walks (read in their directory's listing,
# removed before du reaches them) are not errors, as in GNU du after 9.11
# (coreutils commit 30866b30e; 9.1 reports "cannot access ...: No such
# file or directory" for each).  du is held up by a full pipe on standard
# output while they are removed.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

# 2000 names of 200 bytes: far more -a output than a pipe holds (64 KiB).
long=$(printf '%0200d' 0)
mkdir d || framework_failure_ "cannot make d"
i=0
while test $i -lt 2000; do
  : > "d/$long$i" || framework_failure_ "cannot make d's files"
  i=$((i + 1))
done

{ run_du --inodes -a d 2> _err; echo $? > _st; } \
  | { read -r first; rm -f d/0*; cat > _rest; }
check_status_ 0 "$(cat _st)" "du -a (files vanishing)"
compare /dev/null _err || fail=1
# d's line comes last, with d itself and the files du met in time.
tail -n 1 _rest | grep '^[0-9]*	d$' > /dev/null \
  || { echo "no line for d at the end" >&2; fail=1; }

exit $fail
