#!/bin/sh
# --files0-from=-: a name "-" read from standard input is refused, as it
# cannot mean standard input again; the names after it are still walked.
# An empty name after it is still "-:N:".  Stdout, stderr and exit status
# are GNU du's, but for the one message that GNU du 9.8 and later word
# "when reading file names from standard input", and 9.1 "from stdin": we
# follow the newer, so DU_UNDER_TEST=/usr/bin/du (9.1) fails here.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_du_
mkdir -p a - && : > b || framework_failure_ "cannot make the tree"

printf 'a\0-\0\0b\0' | run_gnu_du_ --inodes --files0-from=- > _exp 2> _gnu.err
echo $? > _exp.st
sed 's/^\(du: when reading file names from \)stdin,/\1standard input,/' \
  _gnu.err > _exp.err
cat > _want.err <<'X'
du: when reading file names from standard input, no file name of '-' allowed
du: -:3: invalid zero-length file name
X
compare _want.err _exp.err > /dev/null \
  || framework_failure_ "GNU du did not refuse '-' as expected"

printf 'a\0-\0\0b\0' | run_du --inodes --files0-from=- > _out 2> _err
echo $? > _st
compare _exp _out || fail=1
compare _exp.err _err || fail=1
compare _exp.st _st || fail=1

exit $fail
