#!/bin/sh
# A directory moved elsewhere while du is below it (du held up by a full
# pipe, deep enough that libfts must reopen the ancestors on the way up)
# does not crash du or make it loop: it ends, with status 0 or 1, having
# printed each line once, its messages in GNU's form.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

command -v timeout > /dev/null || skip_ "timeout not found"
deep=d/a1/a2/a3/a4/a5
i=6
while test $i -le 40; do deep=$deep/a$i; i=$((i + 1)); done
mkdir -p "$deep" || framework_failure_ "cannot make a deep tree"
long=$(printf '%0200d' 0)
i=0
while test $i -lt 1000; do
  : > "$deep/$long$i" || framework_failure_ "cannot make files"
  i=$((i + 1))
done

{ timeout 60 sh -c '(PATH=$1:$PATH; exec du -a "$2")' sh "$du_bin_" d \
    2> _err; echo $? > _st; } \
  | { read -r first; mv d/a1/a2/a3/a4/a5 d/moved; cat > _rest; }
st=$(cat _st)
case $st in
  0|1) ;;
  *) echo "du: exit $st (crash or time-out)" >&2; fail=1;;
esac
sort _rest | uniq -d > _dups
compare /dev/null _dups || fail=1
grep -v '^du: ' _err > _other
compare /dev/null _other || fail=1

exit $fail
