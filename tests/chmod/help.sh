#!/bin/sh
# --help: exit 0, the usage on stdout, nothing on stderr, option lines in
# GNU's layout, and exactly GNU chmod's options: 9.1's and GNU 9.5's
# -h, --dereference, -H, -L and -P.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chmod/chmod-init.sh"

run_chmod --help > _out 2> _err; check_status_ 0 $? "chmod --help"
compare /dev/null _err || fail=1
cat > _exp.usage <<'X'
Usage: chmod [OPTION]... MODE[,MODE]... FILE...
  or:  chmod [OPTION]... OCTAL-MODE FILE...
  or:  chmod [OPTION]... --reference=RFILE FILE...
X
sed 3q _out > _usage
compare _exp.usage _usage || fail=1

# options OUTPUT: the options of the option lines of OUTPUT, one a line.
options ()
{
  sed -n 's/^ \{2,6\}\(-[^ ,]*\(, -[^ ,]*\)*\)\( .*\)\{0,1\}$/\1/p' "$1" \
    | tr ',' '\n' | sed 's/^ *//; s/\[*=.*//' | LC_ALL=C sort
}
options _out > _options
LC_ALL=C sort > _exp.options <<'X'
--changes
--dereference
--help
--no-dereference
--no-preserve-root
--preserve-root
--quiet
--recursive
--reference
--silent
--verbose
--version
-H
-L
-P
-R
-c
-f
-h
-v
X
compare _exp.options _options || fail=1
# GNU 9.1's options are a subset: check it against the system's GNU chmod.
if /usr/bin/chmod --version 2>/dev/null | sed 1q | grep '^chmod (GNU coreutils) ' > /dev/null
then
  LC_ALL=C /usr/bin/chmod --help > _gnu.help
  options _gnu.help > _gnu.options
  LC_ALL=C comm -13 _exp.options _gnu.options > _gnu.extra
  compare /dev/null _gnu.extra || framework_failure_ "GNU's options changed"
fi
grep -n '^ \{7,\}-' _out > _deep-indent
compare /dev/null _deep-indent || fail=1

exit $fail
