#!/bin/sh
# An unmodified tclsh, whose 'file delete -force' walks the tree with libc's
# fts_open/fts_read, deletes a tree just as well with libfts.so preloaded:
# the tree is gone, nothing around it changed, and a symbolic link inside it
# to a directory outside is removed without touching what it points to.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

. "$abs_top_srcdir/tests/preload/tcl-init.sh"

mkdir work work/outside && echo keep > work/outside/keep \
  && : > work/neighbour \
  && make_tree work/plain && make_tree work/preloaded \
  || framework_failure_ "cannot build the trees"
# What must remain: everything but the two trees.
listing () { find work -mindepth 1 -printf '%y %m %s %P -> %l\n' | sort; }
listing | grep -v -E '^. [0-9]+ [0-9]+ (plain|preloaded)(/| )' > exp \
  || framework_failure_ "find failed"

echo 'file delete -force [lindex $argv 0]' > delete.tcl

# Without libfts first: the trees are alike, so a failure below is ours.
LD_DEBUG=bindings LD_DEBUG_OUTPUT=$PWD/ld-plain \
  "$TCLSH" delete.tcl work/plain > out-plain 2>&1 \
  || { cat out-plain; framework_failure_ "tclsh failed without libfts"; }
grep -q "normal symbol \`fts_open'" ld-plain.* \
  || skip_ "$TCLSH does not call fts_open"

LD_PRELOAD=$so LD_DEBUG=bindings LD_DEBUG_OUTPUT=$PWD/ld-preloaded \
  "$TCLSH" delete.tcl work/preloaded > out 2>&1 || fail=1
compare /dev/null out || fail=1

# The walk went through libfts: tclsh's libtcl bound fts_open to it.
grep -E "to [^ ]*/libfts\.so[^ ]* \[[0-9]+\]: normal symbol \`fts_open'" \
  ld-preloaded.* > /dev/null \
  || { echo "fts_open was not bound to libfts.so:" >&2
       grep -h fts_ ld-preloaded.* >&2; fail=1; }

test -e work/preloaded || test -L work/preloaded && fail=1
listing > after || framework_failure_ "find failed"
compare exp after || fail=1

exit $fail
