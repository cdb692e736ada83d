#!/bin/sh
# -f and -i/-I/--interactive override each other: the last one wins.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

# -i after -f: the prompt is back (and answered no, the file stays).
: > f || framework_failure_ "cannot make f"
printf 'n\n' | run_rm -f -i f > _out 2> _err; check_status_ 0 $? "rm -f -i"
printf "rm: remove regular empty file 'f'? " > _exp.err
compare /dev/null _out || fail=1
compare _exp.err _err || fail=1
test -f f || { echo "rm -f -i: f removed though declined" >&2; fail=1; }

# -f after -i: no prompt, f goes.
printf 'n\n' | run_rm -i -f f > _out 2> _err; check_status_ 0 $? "rm -i -f"
compare /dev/null _out || fail=1
compare /dev/null _err || fail=1
test -e f && { echo "rm -i -f: f not removed" >&2; fail=1; }

# --interactive=always after --force: prompt again.
: > g || framework_failure_ "cannot make g"
printf 'y\n' | run_rm --force --interactive=always g > _out 2> _err
check_status_ 0 $? "rm --force --interactive"
printf "rm: remove regular empty file 'g'? " > _exp.err
compare _exp.err _err || fail=1
test -e g && { echo "rm --force --interactive: g not removed" >&2; fail=1; }

# -I after -f: one prompt for four arguments.
: > 1 && : > 2 && : > 3 && : > 4 || framework_failure_ "cannot make 1..4"
printf 'n\n' | run_rm -f -I 1 2 3 4 > _out 2> _err
check_status_ 0 $? "rm -f -I"
printf "rm: remove 4 arguments? " > _exp.err
compare _exp.err _err || fail=1
# -f after -I: no prompt, missing operands ignored.
run_rm -I -f 1 2 3 4 nothere > _out 2> _err; check_status_ 0 $? "rm -I -f"
compare /dev/null _err || fail=1

list_ > _tree
compare /dev/null _tree || fail=1

exit $fail
