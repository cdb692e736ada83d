#!/bin/sh
# Usage errors of chown and chgrp, exit 1: no operand, an owner or group
# without a file ("missing operand after 'root'"), a bad option, and
# "-R --dereference requires either -H or -L" (without "Try ...").

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/chown/chown-init.sh"

: > f || framework_failure_ "set-up"
for p in chown chgrp; do
  for args in '' '-v' 'root' '--bogus 0 f' '-Z 0 f' '--reference=f'; do
    case $args in
      ''|-v|--reference=f) msg="$p: missing operand";;
      root) msg="$p: missing operand after 'root'";;
      --bogus*) msg="$p: unrecognized option '--bogus'";;
      -Z*) msg="$p: invalid option -- 'Z'";;
    esac
    printf "%s\nTry '%s --help' for more information.\n" "$msg" $p > _exp.err
    run_$p $args > _out 2> _err; check_status_ 1 $? "$p $args"
    compare /dev/null _out || fail=1
    compare _exp.err _err || fail=1
  done
  echo "$p: -R --dereference requires either -H or -L" > _exp.err
  run_$p -R --dereference 0 f > _out 2> _err
  check_status_ 1 $? "$p -R --dereference"
  compare _exp.err _err || fail=1
done

exit $fail
