#!/bin/sh
# Run as nobody: an empty directory it cannot read (mode 0) is removed by
# -d and by -r, and -i asks "attempt removal of inaccessible directory 'z'? ".
# That is GNU coreutils 9.2 and later ("rm -d now properly handles unreadable
# empty directories"); 9.1 says "Directory not empty" and never asks, so for
# 9.1 this test checks 9.1's behaviour instead, to show that it runs.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_unprivileged_

mkz () { as_user_ sh -c 'mkdir z && chmod 0 z' || framework_failure_ "cannot make z"; }

if is_gnu_91_ "$rm_"; then
  echo "$test_name_: GNU rm 9.1 predates this; checking 9.1's behaviour" >&2
  new=false
else
  new=true
fi

# -d, no prompt.
mkz
if $new; then exp_st=0; : > _exp.err; : > _exp.tree
else exp_st=1; echo "rm: cannot remove 'z': Directory not empty" > _exp.err
     echo 'd 0 z' > _exp.tree
fi
run_rm -d z < /dev/null > _out 2> _err; check_status_ $exp_st $? "rm -d z"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
list_ > _tree
compare _exp.tree _tree || fail=1
rmdir z 2>/dev/null

# -d on one that is not empty: newer GNU tries it, and says why it could
# not look inside (its failed read, as for -r); 9.1 says "Directory not
# empty" without trying.  A fuzzer finding (tests/fuzz: @closed).
as_user_ sh -c 'mkdir z && : > z/f && chmod 0 z' \
  || framework_failure_ "cannot make z"
if $new; then echo "rm: cannot remove 'z': Permission denied" > _exp.err
else echo "rm: cannot remove 'z': Directory not empty" > _exp.err
fi
run_rm -d z < /dev/null > _out 2> _err; check_status_ 1 $? "rm -d z, not empty"
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
test -e z/f || { echo "rm -d z, not empty: z/f is gone"; fail=1; }
chmod 700 z && rm -rf z

# -r, no prompt (9.1 did this too).
mkz
run_rm -r z < /dev/null > _out 2> _err; check_status_ 0 $? "rm -r z"
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1
list_ > _tree
compare /dev/null _tree || fail=1

# -d -i, answered yes, then no; -v says what went.
for answer in y n; do
  test -e z || mkz
  if $new; then
    exp_st=0
    printf "rm: attempt removal of inaccessible directory 'z'? " > _exp.err
    if test $answer = y; then
      echo "removed directory 'z'" > _exp.out; : > _exp.tree
    else
      : > _exp.out; echo 'd 0 z' > _exp.tree
    fi
  else
    exp_st=1; : > _exp.out
    echo "rm: cannot remove 'z': Directory not empty" > _exp.err
    echo 'd 0 z' > _exp.tree
  fi
  printf '%s\n' $answer | run_rm -div z > _out 2> _err
  check_status_ $exp_st $? "rm -div z ($answer)"
  compare _exp.out _out || fail=1
  compare _exp.err _err || fail=1
  list_ > _tree
  compare _exp.tree _tree || fail=1
done

exit $fail
