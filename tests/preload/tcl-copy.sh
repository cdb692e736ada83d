#!/bin/sh
# An unmodified tclsh, whose 'file copy' and 'file delete -force' walk the
# tree with libc's fts_open/fts_read, copies a tree to the same result with
# libfts.so preloaded as without it (types, modes, sizes, names, link
# targets), and deletes the copy.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

. "$abs_top_srcdir/tests/preload/tcl-init.sh"

mkdir work work/outside && echo keep > work/outside/keep \
  && make_tree work/src || framework_failure_ "cannot build the tree"

# listing DIR: what a copy must reproduce.  A directory's size depends on
# the history of its file system, not on what a copy did: left out.
listing ()
{
  (cd "$1" && find . -mindepth 1 ! -type d -printf '%y %m %s %P -> %l\n' \
     && find . -mindepth 1 -type d -printf '%y %m %P\n') | sort
}
listing work/src > src-before || framework_failure_ "find failed"

echo 'file copy [lindex $argv 0] [lindex $argv 1]' > copy.tcl
echo 'file delete -force [lindex $argv 0]' > delete.tcl

# tcl RUN-NAME [preload] SCRIPT ARGS...: run tclsh with the bindings logged
# to ld-RUN-NAME.PID, with libfts.so preloaded if asked; its output goes to
# out-RUN-NAME.
tcl ()
{
  run_=$1; shift
  preload_=
  test "$1" = preload && { preload_=$so; shift; }
  env ${preload_:+LD_PRELOAD=$preload_} LD_DEBUG=bindings \
    LD_DEBUG_OUTPUT="$PWD/ld-$run_" "$TCLSH" "$@" > "out-$run_" 2>&1
}

# bound_to_libfts RUN-NAME: whether libtcl's fts_open went to libfts.so.
bound_to_libfts ()
{
  grep -E "to [^ ]*/libfts\.so[^ ]* \[[0-9]+\]: normal symbol \`fts_open'" \
    ld-$1.* > /dev/null
}

# Without libfts: the reference copy.
tcl copy-plain copy.tcl work/src work/copy-plain \
  || { cat out-copy-plain; framework_failure_ "tclsh failed without libfts"; }
grep -q "normal symbol \`fts_open'" ld-copy-plain.* \
  || skip_ "$TCLSH does not call fts_open in file copy"

# With libfts.so preloaded.
tcl copy-preloaded preload copy.tcl work/src work/copy-preloaded || fail=1
compare /dev/null out-copy-preloaded || fail=1
bound_to_libfts copy-preloaded \
  || { echo "copy: fts_open was not bound to libfts.so" >&2; fail=1; }
listing work/copy-plain > exp || framework_failure_ "find failed"
listing work/copy-preloaded > out || fail=1
compare exp out || fail=1

# And the copy goes away again, through libfts.
tcl delete-preloaded preload delete.tcl work/copy-preloaded || fail=1
compare /dev/null out-delete-preloaded || fail=1
bound_to_libfts delete-preloaded \
  || { echo "delete: fts_open was not bound to libfts.so" >&2; fail=1; }
test -e work/copy-preloaded || test -L work/copy-preloaded && fail=1

# The source and what its links point to are untouched.
listing work/src > src-after || fail=1
compare src-before src-after || fail=1
echo keep > exp-keep
compare exp-keep work/outside/keep || fail=1

exit $fail
