#!/bin/sh
# --preserve-root, the default: an operand that is '/' (or resolves to it) is
# refused with "it is dangerous to operate recursively on '/'" (or "'X'
# (same as '/')") and "use --no-preserve-root to override this failsafe",
# exit 1, and nothing is removed.
#
# Never on the real '/': the program runs chrooted into a copy of itself and
# its libraries, so that even a program that failed to refuse could remove
# nothing but that copy.  Root only (chroot).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_root_
chroot=$(command -v chroot) || skip_ "chroot not found"
command -v ldd > /dev/null || skip_ "ldd not found"

# ---- the chroot: the binary (behind libtool's wrapper, if any) and its libs --
bin=$rm_
if head -n 5 "$rm_" 2>/dev/null | grep -i libtool > /dev/null; then
  "$rm_" --version > /dev/null 2>&1   # lets libtool make its lt- binary
  d=$(dirname "$rm_")/.libs b=$(basename "$rm_")
  for c in "$d/lt-$b" "$d/$b"; do test -f "$c" && { bin=$c; break; }; done
  test "$bin" = "$rm_" && framework_failure_ "no binary behind $rm_"
fi
is_sanitized_ "$bin" \
  && skip_ "built with a sanitizer: its runtime needs /proc, which the chroot lacks"
mkdir -p root/bin root/etc root/dir/sub && : > root/dir/sub/f && : > root/top \
  && ln -s / root/rootlink && ln -s .. root/dir/up \
  && cp "$bin" root/bin/rm || framework_failure_ "cannot build the chroot"
LD_LIBRARY_PATH=$abs_top_builddir/lib/.libs${LD_LIBRARY_PATH+:$LD_LIBRARY_PATH} \
  ldd "$bin" > ldd.out || framework_failure_ "ldd $bin failed"
for lib in $(sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) .*/\1/p' ldd.out); do
  mkdir -p "root$(dirname "$lib")" && cp -L "$lib" "root$lib" \
    || framework_failure_ "cannot copy $lib"
done
# run_chrooted ARGS...: rm ARGS in the chroot, found through PATH so that it
# is called 'rm'.
run_chrooted ()
{
  PATH=/bin LD_LIBRARY_PATH=$abs_top_builddir/lib/.libs "$chroot" root rm "$@"
}
run_chrooted --version > /dev/null 2>&1 \
  || framework_failure_ "the program does not run in the chroot"

(cd root && find . -printf '%y %m %p\n' | LC_ALL=C sort) > _exp.tree

# check 'EXPECTED-STDERR' ARGS...: rm ARGS, chrooted, cwd /, stdin
# answering no, says that and exits 1, and the chroot is intact.
check ()
{
  printf '%s\n' "$1" > _exp.err; shift
  printf 'n\nn\nn\n' | run_chrooted "$@" > _out 2> _err
  check_status_ 1 $? "rm $*"
  compare /dev/null _out || fail=1
  compare _exp.err _err || fail=1
  (cd root && find . -printf '%y %m %p\n' | LC_ALL=C sort) > _tree
  compare _exp.tree _tree || { echo "rm $*: the chroot changed" >&2; fail=1; }
  test -x root/bin/rm || framework_failure_ "rm $* removed itself"
}

dangerous="rm: it is dangerous to operate recursively on '/'
rm: use --no-preserve-root to override this failsafe"

# Interactive first: a program that failed to refuse would ask, and be told no.
check "$dangerous" -ri /
check "$dangerous" -r /
check "$dangerous" -rf /
check "$dangerous" -R --preserve-root /
check "$dangerous" --recursive --preserve-root=all /
check "$dangerous" -r --no-preserve-root --preserve-root /
check "$dangerous" -rfv /
check "rm: it is dangerous to operate recursively on '//' (same as '/')
rm: use --no-preserve-root to override this failsafe" -rf //
check "rm: it is dangerous to operate recursively on '/rootlink/' (same as '/')
rm: use --no-preserve-root to override this failsafe" -rf /rootlink/
check "rm: it is dangerous to operate recursively on 'dir/up/' (same as '/')
rm: use --no-preserve-root to override this failsafe" -rf dir/up/
check "rm: it is dangerous to operate recursively on '/'
rm: use --no-preserve-root to override this failsafe
rm: cannot remove 'nothere': No such file or directory" -r / nothere
check "rm: refusing to remove '.' or '..' directory: skipping '/..'" -rf /..
check "rm: cannot remove '/': Is a directory" /
check "rm: cannot remove '/': Is a directory" -f /

exit $fail
