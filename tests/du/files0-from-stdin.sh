#!/bin/sh
# --files0-from=-: the names come from standard input, which newer GNU du
# than 9.1 calls "standard input" in its messages (9.1 says "-"); a name
# "-" is refused there, as it cannot mean standard input again (newer GNU
# du than 9.1 says "standard input" in that message too, 9.1 "stdin").

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p a - && : > b || framework_failure_ "cannot make the tree"

printf '1\ta\n1\tb\n' > _exp
printf 'a\0\0-\0b\0' | run_du --inodes --files0-from=- > _out 2> _err
echo $? > _st
check_status_ 1 "$(cat _st)" "du --files0-from=-"
cat > _exp.err <<'X'
du: 'standard input':2: invalid zero-length file name
du: when reading file names from standard input, no file name of '-' allowed
X
compare _exp _out || fail=1
compare _exp.err _err || fail=1

exit $fail
