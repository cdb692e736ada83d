#!/bin/sh
# A difference the fuzzer found: chgrp as root at
# LIBFTS_THREADS=4 differs from GNU 9.1's in:out
# Recreate: sh chgrp-root-526097036-t4.sh [DIR_OF_OUR_PROGRAMS] (as root); exit 1
# while it differs, 0 once fixed.
fz_prog=chgrp
fz_who=root
fz_tree ()
{
mkdir t &&
truncate -s 115362 't/f1' &&
ln 't/f1' 't/badÿþutf2' &&
: > 't/new
line3' &&
head -c 6811 /dev/zero > 't/c4' && truncate -s 575459 't/c4' &&
printf 'data%s' 640 > 't/.hid5' &&
head -c 1245 /dev/zero > 't/file6' && truncate -s 1854638 't/file6' &&
mkdir 't/b7' &&
head -c 3647 /dev/zero > 't/b7/.hid8' && truncate -s 1503911 't/b7/.hid8' &&
mkdir 't/b7/d9' &&
mkdir 't/b7/d9/new
line10' &&
: > 't/b11' &&
mkdir 't/b7/d9/new
line10/c12' &&
mkdir 't/b7/d9/new
line10/a13' &&
: > 't/sub14' &&
ln 't/b11' 't/b7/d9/new
line10/a13/dir15' &&
ln -s -- '../../../../../t/f1' 't/b7/d9/new
line10/c12/--f16' &&
ln -s -- '../../../../../t/b7/d9/new
line10/c12/--f16' 't/b7/d9/new
line10/a13/f17' &&
ln -s -- 'nowhere' 't/b7/d9/new
line10/sp ace18' &&
ln -s -- '../t/b7' 't/--r19' &&
head -c 5612 /dev/zero > 't/b7/d9/new
line10/d20' && truncate -s 1105085 't/b7/d9/new
line10/d20' &&
ln 't/c4' 't/b7/d9/new
line10/c12/--help21' &&
ln -s -- '../t/b11' 't/dir22' &&
head -c 6687 /dev/zero > 't/b7/-dash23' && truncate -s 520849 't/b7/-dash23' &&
mkdir 't/b7/d9/new
line10/a13/dir24' &&
printf 'data%s' 648 > 't/badÿþutf25' &&
ln 't/sub14' 't/dir26' &&
truncate -s 1908930 't/longxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx27' &&
ln -s -- 'nowhere/x' 't/b7/d9/new
line10/a13/G28' &&
head -c 1926 /dev/zero > 't/b7/d9/new
line10/a13/sp ace29' &&
ln 't/b7/.hid8' 't/G30' &&
head -c 1983 /dev/zero > 't/-dash31' && truncate -s 1017904 't/-dash31' &&
ln 't/c4' 't/b7/file32' &&
printf 'data%s' 469 > 't/b7/F33' &&
: > 't/b7/d9/new
line10/a13/new
line34' &&
printf 'data%s' 344 > 't/b7/d9/new
line10/a13/badÿþutf35' &&
mkdir 't/b7/d9/new
line10/a13/G36' &&
mkdir 't/b7/d9/new
line10/longxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx37' &&
ln 't/b7/d9/new
line10/a13/badÿþutf35' 't/b7/d9/new
line10/a13/-dash38' &&
ln 't/sub14' 't/b7/d9/d39' &&
mkfifo 't/b7/d9/new
line10/sub40' &&
chown -h 65534:65534 't/-dash31' &&
chown -h 77:88 't/b7/d9/new
line10/a13/G36' &&
chown -h 77:88 't/b7/d9/new
line10/sub40' &&
chmod 0 't/b7/d9/new
line10/a13/sp ace29' &&
:
}
fz_cmd="-R -c -f -H nogroup 't'"
fz_tags=' @badtree'
fz_known=''
fz_threads=4
# shrunk:
fz_cmd="'-R' '-c' '-H' 'nogroup' 't'"
# tests/fuzz/replay.sh: how the differential fuzzer runs one case, GNU's
# program against ours: sourced by fuzz.sh, and copied whole into each
# finding's script (tests/fuzz/findings/*.sh) so that it recreates the
# case alone.  A case (gen.awk) defines fz_prog, fz_who, fz_cmd and
# fz_tree; the caller sets fz_dir (an empty directory of its own, open to
# nobody), fz_gnu and fz_ours (directories holding the programs under
# their own names) and fz_timeout (seconds).

# fz_as_user: the prefix that runs a command as the case's user.
fz_as_user ()
{
  if test "$fz_who" = nobody; then
    echo 'setpriv --reuid=65534 --regid=65534 --clear-groups'
  fi
}

# fz_make_template: the case's tree in $fz_dir/tpl/t.  Returns non-zero
# if it could not be made (a set-up failure, not a finding).
fz_make_template ()
{
  rm -rf "$fz_dir/tpl" && mkdir "$fz_dir/tpl" \
    && (cd "$fz_dir/tpl" && fz_tree) > /dev/null 2>&1
}

# fz_list DIR: the tree below DIR as a user would check it: each entry's
# type, mode, owner, and for all but directories link count, size and
# link target, then its path; sorted, one a line.
fz_list ()
{
  (cd "$1" && find . -mindepth 1 \( -type d -printf '%y %m %U:%G\t%p\0' \) \
     -o -printf '%y %m %U:%G %n %s %l\t%p\0') | LC_ALL=C sort -z | tr '\0' '\n'
}

# fz_run_side SIDE BIN THREADS: the case's command with the programs of
# BIN, on a fresh copy of the template, at LIBFTS_THREADS=THREADS; leaves
# $fz_dir/SIDE.out, .err, .st (the exit status) and .tree.
fz_run_side ()
{
  fz_run_=$fz_dir/run fz_side_=$fz_dir/$1 fz_bin_=$2 fz_threads_=$3
  rm -rf "$fz_run_" && mkdir "$fz_run_" && cp -a "$fz_dir/tpl/t" "$fz_run_/t" \
    && chown 65534:65534 "$fz_run_" || return 99
  eval "set -- $fz_cmd"
  (cd "$fz_run_" && LIBFTS_THREADS=$fz_threads_ PATH=$fz_bin_:$PATH LC_ALL=C \
     && export LIBFTS_THREADS PATH LC_ALL \
     && exec $(fz_as_user) timeout -k 2 "$fz_timeout" "$fz_prog" "$@") \
    < /dev/null > "$fz_side_.out" 2> "$fz_side_.err"
  echo "exit $?" > "$fz_side_.st"
  fz_list "$fz_run_" > "$fz_side_.tree"
}

# fz_compare: which of out, err, st and tree differ between gnu.* and
# ours.* (empty: none), with "timeout" when ours timed out.  Either
# side's "exit 124" (timeout's) counts as a difference.
fz_compare ()
{
  fz_bad_=
  for x_ in out err st tree; do
    cmp -s "$fz_dir/gnu.$x_" "$fz_dir/ours.$x_" || fz_bad_="$fz_bad_ $x_"
  done
  grep -q '^exit 12[4-9]$\|^exit 137$' "$fz_dir/ours.st" \
    && fz_bad_="$fz_bad_ timeout"
  echo $fz_bad_
}

# fz_show: the differences of the last fz_compare, for a person.
fz_show ()
{
  for x_ in out err st tree; do
    cmp -s "$fz_dir/gnu.$x_" "$fz_dir/ours.$x_" && continue
    echo "--- GNU's $x_ / +++ ours"
    diff "$fz_dir/gnu.$x_" "$fz_dir/ours.$x_" | head -${fz_show_lines-20}
  done
}
fz_dir=$(mktemp -d) && chmod 755 "$fz_dir" || exit 99
trap 'chmod -R u+rwx "$fz_dir"; rm -rf "$fz_dir"' EXIT
mkdir "$fz_dir/g" "$fz_dir/o" && chmod 755 "$fz_dir/g" "$fz_dir/o"
ln -s /usr/bin/$fz_prog "$fz_dir/g/$fz_prog" || exit 99
ln -s "$(cd "${1:-$(dirname "$0")/../../../src}" && pwd)/$fz_prog" "$fz_dir/o/$fz_prog"
fz_timeout=${fz_timeout:-30}
fz_make_template || exit 99
fz_run_side gnu "$fz_dir/g" 1
fz_run_side ours "$fz_dir/o" $fz_threads
printf '%s %s\n' "$fz_prog" "$fz_cmd"
test -z "$(fz_compare)" && exit 0
fz_show
exit 1
