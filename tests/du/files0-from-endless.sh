#!/bin/sh
# --files0-from walks each name as it reads it: given names without end,
# and a standard output that cannot be written (/dev/full), du says so at
# the first line and exits 1, under a limit of virtual memory 12 MiB above
# what 'du --version' needs.  As GNU du 9.10 and later; not 9.1, which
# writes its lines only when its buffer is full and stops only at the end
# of the names, and so never here (the test then fails by timeout, status
# 124).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

test -w /dev/full || skip_ "no /dev/full"
command -v timeout > /dev/null || skip_ "timeout not found"
vm_limit_above_ 12

echo "du: write error: No space left on device" > _exp.err
yes /dev/null | tr '\n' '\0' \
  | (ulimit -v $vm_limit_ \
     && PATH=$du_bin_:$PATH exec timeout 20 du -l --files0-from=- > /dev/full) \
  2> _err
check_status_ 1 $? "endless du -l --files0-from=- > /dev/full"
compare _exp.err _err || fail=1

exit $fail
