#!/bin/sh
# Issue 12, item 2, for rm: T/U/3/a/b/c holds 99 chains of 24 directories;
# while rm -r opens T/U/3/a/b, T/U/3/a moves to T/U/a.  rm removes b and
# all below it (through descriptors, wherever they now are), then,
# climbing out of T/U/3/a, finds its ".." is no longer T/U/3: as GNU rm
# 9.1, it says "fts_read failed", removes nothing more and exits 1.  The
# operand before T is removed.  The one after it is kept by the sequential
# walk (LIBFTS_THREADS=1), as by GNU's; the parallel walk walks several
# operands at once, so it may have removed it already when T fails (a
# race with another process's rename: NEWS), and it is not looked at
# there.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_strace_inject_
chain=d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z
n=1
while test $n -le 99; do
  mkdir -p T/U/3/a/b/c/$n/$chain || framework_failure_ "cannot make T"
  n=$((n + 1))
done
mkdir d1 d2 || framework_failure_ "cannot make d1 and d2"

hold_at_open_ b 'mv T/U/3/a T/U/a' \
  env PATH="$rm_bin_:$PATH" rm -r d1 T d2 < /dev/null > _out 2> _err
check_status_ 1 $? "rm"
compare /dev/null _out || fail=1
echo 'rm: fts_read failed: No such file or directory' > _exp.err
compare _exp.err _err || fail=1
cat > _exp <<'EOT'
d T
d T/U
d T/U/3
d T/U/a
EOT
test "$LIBFTS_THREADS" = 1 && echo 'd d2' >> _exp
list_ | cut -d' ' -f1,3 > _tree
test "$LIBFTS_THREADS" = 1 || sed -i '/^d d2$/d' _tree
compare _exp _tree || fail=1

exit $fail
