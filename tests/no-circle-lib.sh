# tests/no-circle-lib.sh: the check of tests/lib/no-circle.sh and
# tests/mpi/no-circle.sh, sourced after tests/init.sh.
#
# no_circle_ ARCHIVE PREFIX DIR: no two members of ARCHIVE (a libtool
# convenience library, its objects named PREFIX-FILE.o) call each other,
# directly or round a longer circle: the graph "A uses a function or
# object defined in B", read with nm, has no cycle (tsort finds none).
# Prints the graph with DIR's file names; sets fail=1 on a circle.

no_circle_ ()
{
  nc_ar=$1 nc_prefix=$2 nc_dir=$3
  test -f "$nc_ar" || framework_failure_ "$nc_ar not built"
  command -v nm > /dev/null || skip_ "nm not found"
  command -v tsort > /dev/null || skip_ "tsort not found"

  # "member symbol" for each symbol a member defines, and each it needs.
  # nm -A prints "archive:member: value type name", "archive:member: U name".
  nm -A --defined-only "$nc_ar" > defined || framework_failure_ "nm failed"
  nm -A --undefined-only "$nc_ar" > undefined \
    || framework_failure_ "nm -u failed"
  sed -n 's/^[^:]*:\([^:]*\): *[0-9a-f]* [A-TV-Z] \(.*\)/\1 \2/p' defined \
    | sort -k 2 > defs
  sed -n 's/^[^:]*:\([^:]*\): *U \(.*\)/\1 \2/p' undefined \
    | sort -k 2 > uses
  test -s defs || framework_failure_ "no symbol read from $nc_ar"

  # Edges "user definer" (a file may use what it defines: no edge), as
  # file names of DIR ("libfts_core_la-fts-walk.o" is "fts-walk.c").
  join -1 2 -2 2 -o 1.1,2.1 uses defs | awk '$1 != $2' \
    | sed "s/${nc_prefix}-\\([^ ]*\\)\\.o/\\1.c/g" | sort -u > edges
  echo "$nc_dir/'s call graph (user, then the file it uses):"
  sed 's/^/  /' edges

  # tsort reports a loop on stderr (and fails, with GNU coreutils' tsort).
  tsort edges > order 2> loops
  if test -s loops; then
    echo "files of $nc_dir/ that use each other in a circle:" >&2
    cat loops >&2
    fail=1
  fi
}
