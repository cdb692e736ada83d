#!/bin/sh
# An unmodified tclsh, whose 'file delete -force' walks the tree with libc's
# fts_open/fts_read, deletes a tree just as well with libfts.so preloaded:
# the tree is gone, nothing around it changed, and a symbolic link inside it
# to a directory outside is removed without touching what it points to.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"

: "${TCLSH:=$(command -v tclsh)}"
test -n "$TCLSH" && test -x "$TCLSH" || skip_ "tclsh not found"
so=$abs_top_builddir/lib/.libs/libfts.so
test -f "$so" || framework_failure_ "$so not built"
# The sanitizers' runtime must come first in the process: an ASan-built
# libfts.so cannot be preloaded into a program that was not built with it.
nm -D "$so" 2> /dev/null | grep -q __asan \
  && skip_ "libfts.so built with sanitizers cannot be preloaded"

# make_tree DIR: a few hundred files in nested directories, with names that
# need quoting, symbolic links to files, to directories (inside and outside
# the tree) and to nothing, an empty directory, a deep chain, a read-only
# file and a FIFO.
make_tree ()
{
  mkdir "$1" || return
  for i in 1 2 3 4 5 6; do
    mkdir "$1/d$i" "$1/d$i/sub dir" || return
    for j in 1 2 3 4 5; do
      mkdir "$1/d$i/e$j" || return
      for k in 1 2 3 4 5 6 7 8; do
        echo "$i$j$k" > "$1/d$i/e$j/f$k" || return
      done
      echo x > "$1/d$i/sub dir/file $j" || return
    done
  done
  mkdir "$1/empty" && mkdir -p "$1/deep/1/2/3/4/5/6/7/8/9/10/11/12" \
    && : > "$1/deep/1/2/3/4/5/6/7/8/9/10/11/12/bottom" \
    && ln -s ../d2/e3/f4 "$1/d1/link-to-file" \
    && ln -s ../d3 "$1/d1/link-to-dir" \
    && ln -s nowhere "$1/d1/dangling" \
    && ln -s "$PWD/work/outside" "$1/d4/link-outside" \
    && ln -s ../../work/outside "$1/d5/relative-link-outside" \
    && echo ro > "$1/read-only" && chmod 0444 "$1/read-only" \
    && mkfifo "$1/fifo" \
    && echo '*' > "$1/-dash [x] \$y 'q'"
}

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
