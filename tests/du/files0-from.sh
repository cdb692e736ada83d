#!/bin/sh
# --files0-from=F: the operands are F's NUL-terminated names; an empty
# name is reported as "F:N: invalid zero-length file name" (N counting
# from 1), the others still walked; operands as well are a usage error;
# an F that cannot be opened is fatal.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

mkdir -p a/s b && : > a/s/f || framework_failure_ "cannot make the tree"

printf 'a\0b\0' > _names
printf '2\ta/s\n3\ta\n1\tb\n' > _exp
run_du --inodes --files0-from=_names > _out 2> _err; check_status_ 0 $? "du --files0-from"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

# Empty names, a missing file, a name with a newline.
mkdir 'n
l' || framework_failure_ "cannot make a name with a newline"
printf 'a\0\0nothere\0n\nl\0\0' > _names
printf '2\ta/s\n3\ta\n1\tn\nl\n' > _exp
cat > _exp.err <<'X'
du: _names:2: invalid zero-length file name
du: cannot access 'nothere': No such file or directory
du: _names:5: invalid zero-length file name
X
run_du --inodes --files0-from=_names > _out 2> _err
check_status_ 1 $? "du --files0-from (bad names)"
compare _exp _out || fail=1
compare _exp.err _err || fail=1

# No names: nothing to do, but the total.
printf '0\ttotal\n' > _exp
run_du --inodes -c --files0-from=/dev/null > _out 2> _err
check_status_ 0 $? "du --files0-from=/dev/null"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

printf '%s\n' "du: extra operand 'b'" \
  "file operands cannot be combined with --files0-from" \
  "Try 'du --help' for more information." > _exp.err
run_du --files0-from=_names b > _out 2> _err; check_status_ 1 $? "du --files0-from F b"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

echo "du: cannot open 'nothere' for reading: No such file or directory" > _exp.err
run_du --files0-from=nothere > _out 2> _err; check_status_ 1 $? "du --files0-from=nothere"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1

exit $fail
