#!/bin/sh
# --help of chown and chgrp: exit 0, the usage on stdout, nothing on
# stderr, option lines in GNU's layout, and exactly GNU's options (chgrp
# also has GNU 9.5's --from).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

# options OUTPUT: the options of the option lines of OUTPUT, one a line.
options ()
{
  sed -n 's/^ \{2,6\}\(-[^ ,]*\(, -[^ ,]*\)*\)\( .*\)\{0,1\}$/\1/p' "$1" \
    | tr ',' '\n' | sed 's/^ *//; s/\[*=.*//' | LC_ALL=C sort
}
LC_ALL=C sort > _exp.options <<'X'
--changes
--dereference
--from
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
for p in chown chgrp; do
  run_$p --help > _out 2> _err; check_status_ 0 $? "$p --help"
  compare /dev/null _err || fail=1
  sed 1q _out | grep "^Usage: $p \[OPTION\]\.\.\. " > /dev/null \
    || { echo "$p --help: no usage line" >&2; fail=1; }
  options _out > _options
  compare _exp.options _options || fail=1
  grep -n '^ \{7,\}-' _out > _deep-indent
  compare /dev/null _deep-indent || fail=1
  run_$p --version > _out 2> _err; check_status_ 0 $? "$p --version"
  sed 1q _out | grep -E "^$p .* [0-9]+(\.[0-9]+)+[-.a-z0-9]*\$" > /dev/null \
    || { echo "$p --version: bad first line" >&2; fail=1; }
done
# GNU's options (9.1's chgrp lacks --from) are a subset of ours.
if /usr/bin/chown --version 2>/dev/null | sed 1q | grep '^chown (GNU coreutils) ' > /dev/null
then
  LC_ALL=C /usr/bin/chown --help > _gnu.help
  options _gnu.help > _gnu.options
  compare _exp.options _gnu.options || framework_failure_ "GNU's options changed"
fi

exit $fail
