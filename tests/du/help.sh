#!/bin/sh
# --help: the usage on standard output, exit 0; every option is in it
# (-A too, as in GNU du 9.10 and later).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

run_du --help > _out 2> _err; check_status_ 0 $? "du --help"
compare /dev/null _err || fail=1
sed -n 1p _out > _first
echo "Usage: du [OPTION]... [FILE]..." > _exp
compare _exp _first || fail=1
for opt in -0, --null -a, --all -A, --apparent-size --block-size=SIZE -b, \
    --bytes -c, --total -D, --dereference-args --max-depth=N --files0-from=F \
    -H -h, --human-readable --inodes -k -L, --dereference -l, \
    --count-links -m -P, --no-dereference -S, --separate-dirs --si -s, \
    --summarize --threshold=SIZE --time --time=WORD --time-style=STYLE \
    --exclude-from=FILE --exclude=PATTERN -x, --one-file-system --help --version; do
  grep -e " $opt" _out > /dev/null || { echo "--help lacks $opt" >&2; fail=1; }
done

exit $fail
