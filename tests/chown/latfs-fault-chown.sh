#!/bin/sh
# chown -Rv and chgrp -Rv on a file system whose server fails to change
# an owner (bench/latfs: the setattr of t/d7/f3's owner fails with EIO;
# then that of directory t/d8's with ENOTCONN) do what GNU's do there:
# one message for it, everything else changed (below t/d8 too), the same
# stdout, exit 1.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

require_root_
require_gnu_ chown chgrp
. "$abs_top_srcdir/tests/latfs-faults-lib.sh"

faults_case_ fault=chown:t/d7/f3:EIO chown -Rv 1234:4321
faults_expect_ 1 "chown: changing ownership of 'mnt/t/d7/f3': Input/output error"

faults_case_ fault=chown:t/d8:ENOTCONN chown -Rv 1234:4321
faults_expect_ 1 "chown: changing ownership of 'mnt/t/d8': Transport endpoint is not connected"

faults_case_ fault=chown:t/d7/f3:EIO chgrp -Rv 4321
faults_expect_ 1 "chgrp: changing group of 'mnt/t/d7/f3': Input/output error"

exit $fail
