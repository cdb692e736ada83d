#!/bin/sh
# Out of memory, rm fails gracefully: under a range of address-space limits
# (ulimit -v) rm -rf on a directory of 50,000 files either removes it all,
# silently, with status 0, or reports the failure ("Cannot allocate memory"
# or "memory exhausted") in lines starting with "rm: ", with status 1;
# never an abort or a crash.  (Limits too low for the dynamic loader to map
# the program at all, or for the shell to start it, prove nothing and are
# passed over.)

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

is_sanitized_ "$rm_" \
  && skip_ "built with a sanitizer: its shadow memory does not fit under ulimit -v"
(ulimit -v 1048576 && run_rm --version) > /dev/null 2>&1 \
  || skip_ "rm does not run under ulimit -v 1048576"

mkbig ()
{
  mkdir -p big/sub \
    && (cd big && seq -f 'a-rather-long-file-name-to-use-memory-%06g' 1 50000 \
                    | xargs touch \
        && cd sub && seq 1 2000 | xargs touch) \
    || framework_failure_ "cannot make big"
}

enomem=0 ok=0
for kb in 2000 3000 4000 6000 8000 12000 16000 32000 65536 1048576; do
  test -d big || mkbig
  (ulimit -v $kb && run_rm -rf big < /dev/null) > _out 2> _err; st=$?
  if test $st = 127 && grep 'error while loading shared libraries' _err > /dev/null
  then continue
  fi
  # The subshell itself out of memory before it could exec rm ("xmalloc:
  # cannot allocate"): it says so in its own words, and rm never exits 2.
  if test $st -gt 1 && test $st -lt 128 && ! grep '^rm: ' _err > /dev/null
  then continue
  fi
  case $st in
    0)
      ok=$((ok + 1))
      compare /dev/null _out || fail=1
      compare /dev/null _err || fail=1
      test -e big && { echo "ulimit -v $kb: exit 0 but big is left" >&2; fail=1; }
      ;;
    1)
      compare /dev/null _out || fail=1
      grep -v '^rm: ' _err > _other
      compare /dev/null _other || fail=1
      grep -e 'Cannot allocate memory' -e 'memory exhausted' _err > /dev/null \
        && enomem=$((enomem + 1))
      test -s _err || { echo "ulimit -v $kb: exit 1 and nothing said" >&2; fail=1; }
      ;;
    *)
      echo "ulimit -v $kb: exit $st (not 0 or 1):" >&2; cat _err >&2; fail=1
      ;;
  esac
done

test $ok -gt 0 || { echo "rm -rf big never succeeded, even with 1 GiB" >&2; fail=1; }
test $fail = 1 || test $enomem -gt 0 || skip_ "no limit made rm run out of memory"

exit $fail
