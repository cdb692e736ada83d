# tests/preload/tcl-init.sh: what the tclsh preload tests share.  Sourced
# after tests/init.sh, never run: skips without tclsh or with a libfts.so
# that cannot be preloaded; defines make_tree.

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
