#!/bin/sh
# --help: exit 0, the usage on stdout, nothing on stderr, option lines in
# GNU's layout (two to six spaces, then '-'), and exactly GNU rm's options.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

run_rm --help > _out 2> _err; check_status_ 0 $? "rm --help"
compare /dev/null _err || fail=1

echo 'Usage: rm [OPTION]... [FILE]...' > _exp.usage
sed 1q _out > _usage
compare _exp.usage _usage || fail=1

# The option column of every option line: "-f, --force", "--interactive[=WHEN]"...
sed -n 's/^ \{2,6\}\(-[^ ,]*\(, -[^ ,]*\)*\)\( .*\)\{0,1\}$/\1/p' _out > _columns
test -s _columns || { echo "rm --help: no option lines" >&2; fail=1; }
# ... one option a line, without its argument.
tr ',' '\n' < _columns | sed 's/^ *//; s/\[*=.*//' | LC_ALL=C sort > _options

# GNU rm's options (the hidden ---presume-input-tty is not listed).
LC_ALL=C sort > _exp.options <<'X'
--dir
--force
--help
--interactive
--no-preserve-root
--one-file-system
--preserve-root
--recursive
--verbose
--version
-I
-R
-d
-f
-i
-r
-v
X
compare _exp.options _options || fail=1
# The list above is GNU's: check it against the system's GNU rm, if any.
if /usr/bin/rm --version 2>/dev/null | sed 1q | grep '^rm (GNU coreutils) ' > /dev/null
then
  LC_ALL=C /usr/bin/rm --help \
    | sed -n 's/^ \{2,6\}\(-[^ ,]*\(, -[^ ,]*\)*\)\( .*\)\{0,1\}$/\1/p' \
    | tr ',' '\n' | sed 's/^ *//; s/\[*=.*//' | LC_ALL=C sort > _gnu.options
  compare _exp.options _gnu.options || framework_failure_ "GNU's options changed"
fi

# An indented line that begins with '-' is an option line: indented by two
# to six spaces, never by more (continuation lines start with a word).
grep -n '^ \{7,\}-' _out > _deep-indent
compare /dev/null _deep-indent || fail=1
grep -n -e '---presume' _out > _hidden
compare /dev/null _hidden || fail=1

exit $fail
