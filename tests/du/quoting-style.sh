#!/bin/sh
# On a terminal, names are quoted in the style QUOTING_STYLE names, as ls
# reads it: 'literal' writes them as they are; an invalid value is
# ignored, with a warning, for the default shell-escape style; "total" is
# never quoted.  Elsewhere, and with -0, QUOTING_STYLE is not read at all.
# As GNU du after 9.11 (coreutils commit d18b73bb6); 9.1 never quotes.
# script(1) gives du a terminal, where what it writes to standard error
# comes out too.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

command -v script > /dev/null || skip_ "script not found"
mkdir 'a b' || framework_failure_ "cannot make the directory"

# on_tty STYLE ARGS...: du ARGS on a terminal, with QUOTING_STYLE=STYLE.
on_tty ()
{
  style_=$1; shift
  QUOTING_STYLE=$style_ PATH=$du_bin_:$PATH \
    script -qec "du $*" /dev/null > _out 2> _err < /dev/null
  check_status_ 0 $? "QUOTING_STYLE=$style_ du $* on a terminal"
}

on_tty literal --inodes "'a b'"
printf '1\ta b\r\n' > _exp
compare _exp _out || fail=1

on_tty c --inodes -c "'a b'"
printf '1\t"a b"\r\n1\ttotal\r\n' > _exp
compare _exp _out || fail=1

on_tty shell-always --inodes "'a b'"
printf "1\\t'a b'\\r\\n" > _exp
compare _exp _out || fail=1

on_tty nonsense --inodes "'a b'"
printf '%s\r\n' \
  "du: ignoring invalid value of environment variable QUOTING_STYLE: 'nonsense'" \
  "1	'a b'" > _exp
compare _exp _out || fail=1

on_tty nonsense --inodes -0 "'a b'"
printf '1\ta b\0' > _exp
compare _exp _out || fail=1

printf '1\ta b\n' > _exp
QUOTING_STYLE=nonsense run_du --inodes 'a b' > _out 2> _err
check_status_ 0 $? "QUOTING_STYLE=nonsense du to a file"
compare _exp _out || fail=1
compare /dev/null _err || fail=1

exit $fail
