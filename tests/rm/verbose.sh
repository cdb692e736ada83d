#!/bin/sh
# -v (--verbose): "removed 'f'" and "removed directory 'd'" on stdout, in
# removal order (children first), names quoted as gnulib's quotearf does.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

nl='
'
for opt in -v --verbose --verb; do
  mkdir -p d/s && : > d/s/f && : > "a b" && : > "it's" && : > "n${nl}l" \
    && : > 'x"y' && mkdir e && ln -s nowhere link || framework_failure_ "cannot make files"
  cat > _exp.out <<'X'
removed 'a b'
removed "it's"
removed 'n'$'\n''l'
removed 'x"y'
removed 'link'
removed 'd/s/f'
removed directory 'd/s'
removed directory 'd'
removed directory 'e'
X
  run_rm -r $opt "a b" "it's" "n${nl}l" 'x"y' link d e > _out 2> _err
  check_status_ 0 $? "rm $opt"
  compare _exp.out _out || fail=1
  compare /dev/null _err || fail=1
  list_ > _tree
  compare /dev/null _tree || fail=1
done

# -d says "removed directory" too.
mkdir e || framework_failure_ "cannot make e"
echo "removed directory 'e'" > _exp.out
run_rm -dv e > _out 2> _err; check_status_ 0 $? "rm -dv"
compare _exp.out _out || fail=1

exit $fail
