#!/bin/sh
# --files0-from=-: standard input that cannot be read (closed, or a
# directory) is "-" in the message, "du: -: read error: ...", as a file
# given by name is itself there.  Stdout, stderr and exit status are GNU
# du's.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_du_

run_gnu_du_ --files0-from=- <&- > _exp 2> _exp.err; echo $? > _exp.st
run_gnu_du_ --files0-from=- < / >> _exp 2>> _exp.err; echo $? >> _exp.st
printf '%s\n' 'du: -: read error: Bad file descriptor' \
  'du: -: read error: Is a directory' | compare - _exp.err > /dev/null \
  || framework_failure_ "GNU du did not say '-: read error' twice"

run_du --files0-from=- <&- > _out 2> _err; echo $? > _st
run_du --files0-from=- < / >> _out 2>> _err; echo $? >> _st
compare _exp _out || fail=1
compare _exp.err _err || fail=1
compare _exp.st _st || fail=1

exit $fail
