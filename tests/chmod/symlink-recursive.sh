#!/bin/sh
# chmod -R and symlinks: by default (-H) an operand that is a symlink to a
# directory is walked, and symlinks met inside are left alone (-v: "neither
# symbolic link 'L/l' nor referent has been changed"); -P walks no
# symlink, not even an operand; -L follows every symlink.  GNU 9.5's
# -H, -L and -P: 9.1 has none of them (its -R behaves as -H).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

mk ()
{
  rm -rf d e L && mkdir d e && : > d/f && : > e/g && ln -s ../e d/le \
    && ln -s f d/lf && ln -s d L && chmod 755 d e && chmod 644 d/f e/g \
    || framework_failure_ "set-up"
}
modes () { stat -c '%n %a' d d/f e e/g; }

mk
cat > _exp <<'X'
mode of 'L' changed from 0755 (rwxr-xr-x) to 0700 (rwx------)
mode of 'L/f' changed from 0644 (rw-r--r--) to 0700 (rwx------)
neither symbolic link 'L/le' nor referent has been changed
neither symbolic link 'L/lf' nor referent has been changed
X
for opts in -Rv '-R -H -v' '-RLPH -v'; do
  mk
  run_chmod $opts 700 L > _out 2> _err || fail=1
  LC_ALL=C sort _out > _sorted
  compare _exp _sorted || fail=1
  compare /dev/null _err || fail=1
  printf 'd 700\nd/f 700\ne 755\ne/g 644\n' > _exp.modes
  modes > _modes
  compare _exp.modes _modes || fail=1
done

mk
echo "neither symbolic link 'L' nor referent has been changed" > _exp
run_chmod -RP -v 700 L > _out 2> _err || fail=1
compare _exp _out || fail=1
printf 'd 755\nd/f 644\ne 755\ne/g 644\n' > _exp.modes
modes > _modes
compare _exp.modes _modes || fail=1

mk
run_chmod -RL 700 L > _out 2> _err || fail=1
compare /dev/null _err || fail=1
printf 'd 700\nd/f 700\ne 700\ne/g 700\n' > _exp.modes
modes > _modes
compare _exp.modes _modes || fail=1

exit $fail
