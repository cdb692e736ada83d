#!/bin/sh
# --progress=SECONDS: rank 0 says on standard error, every SECONDS, how
# many entries every rank visited so far, how long the walk has taken and
# the rate; standard output stays GNU du 9.1's.  The count never goes
# down.  A bad interval is a usage error, and after "--" the option is a
# file name like any other.  --help lists it.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

require_root_
require_gnu_ du

# 20 directories of 20 files over latfs at 5 ms a request: a walk of
# about half a second or more.
mkdir -p src/t && (cd src/t && for i in $(seq 20); do
    mkdir d$i && (cd d$i && seq -f f%g 20 | xargs touch) || exit 1
  done) || framework_failure_ "cannot make the tree"
mkdir mnt && latfs_mount_ src mnt delay_us=5000

"$gnu_bin/du" -s mnt/t > exp 2> exp.err || framework_failure_ "GNU du failed"
run_mpi_ 2 du -s --progress=0.1 mnt/t > out 2> out.err
echo "exit $?" >> out
echo "exit 0" >> exp
compare exp out || fail=1
mpi_messages_ out.err > out.msg
grep -v -E '^du: [0-9]+ entries in [0-9]+\.[0-9] s \([0-9]+ entries/s\)$' \
  out.msg > odd
compare /dev/null odd || fail=1
test "$(wc -l < out.msg)" -ge 2 || { echo "too few progress lines" >&2; fail=1; }
sed 's/^du: \([0-9]*\) .*/\1/' out.msg | sort -n -c || fail=1
test "$(tail -n 1 out.msg | sed 's/^du: \([0-9]*\) .*/\1/')" -le 421 \
  || { echo "more entries than the tree has" >&2; fail=1; }

# Bad intervals.
for arg in --progress=0 --progress=x --progress=-1 --prog=; do
  run_mpi_ 1 du -s "$arg" mnt/t > out 2> out.err && fail=1
  mpi_messages_ out.err > out.msg
  printf "du: invalid --progress interval: '%s'\n" "${arg#*=}" > exp
  echo "Try 'du --help' for more information." >> exp
  compare exp out.msg || fail=1
  compare /dev/null out || fail=1
done
run_mpi_ 1 du -s mnt/t --progress > out 2> out.err && fail=1
mpi_messages_ out.err > out.msg
printf '%s\n' "du: option '--progress' requires an argument" \
  "Try 'du --help' for more information." > exp
compare exp out.msg || fail=1

# --help says so, among the options, in GNU's layout; du's own does not.
"$mpi_du_" --help > help || fail=1
grep -x -e '      --progress=SECONDS  every SECONDS, say on standard error (rank 0)' \
  help > /dev/null || { echo "mpi-du --help: no --progress" >&2; fail=1; }
"$abs_top_builddir/src/du" --help | grep -e --progress && fail=1

# After "--", a file name.
run_mpi_ 1 du -s -- --progress=1 > out 2> out.err && fail=1
mpi_messages_ out.err > out.msg
echo "du: cannot access '--progress=1': No such file or directory" > exp
compare exp out.msg || fail=1

latfs_umount_ mnt || framework_failure_ "cannot unmount mnt"
exit $fail
