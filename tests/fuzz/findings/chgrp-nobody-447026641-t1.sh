#!/bin/sh
# A difference the fuzzer found: chgrp as nobody at
# LIBFTS_THREADS=1 differs from GNU 9.1's in:err
# Recreate: sh chgrp-nobody-447026641-t1.sh [DIR_OF_OUR_PROGRAMS] (as root); exit 1
# while it differs, 0 once fixed.
fz_prog=chgrp
fz_who=nobody
fz_tree ()
{
mkdir t &&
head -c 2653 /dev/zero > 't/-dash1' && truncate -s 292677 't/-dash1' &&
: > 't/badÿþutf2' &&
mkfifo 't/badÿþutf3' &&
: > 't/sp ace4' &&
ln -s -- 'nowhere/x' 't/file5' &&
: > 't/--f6' &&
ln -s -- '../t/badÿþutf2' 't/badÿþutf7' &&
ln -s -- '../t/--f6' 't/new
line8' &&
mkdir 't/--r9' &&
mkdir 't/--r9/G10' &&
mkdir 't/sp ace11' &&
mkdir 't/--r9/.hid12' &&
mkdir 't/new
line13' &&
mkdir 't/new
line13/dir14' &&
mkdir 't/new
line13/new
line15' &&
mkdir 't/new
line13/dir14/--f16' &&
printf 'data%s' 532 > 't/--r9/file17' &&
mkdir 't/sp ace11/sp ace18' &&
ln -s -- 'sub19' 't/new
line13/dir14/sub19' &&
ln -s -- '../../../t/file5' 't/new
line13/new
line15/sp ace20' &&
mkdir 't/new
line13/new
line15/--help21' &&
mkdir 't/new
line13/F22' &&
mkdir 't/new
line13/dir14/--f16/F23' &&
ln -s -- '../../t/new
line13/dir14/--f16' 't/--r9/sp ace24' &&
ln 't/badÿþutf2' 't/new
line13/dir14/--f16/F23/G25' &&
mkdir 't/new
line13/dir14/--f16/F23/F26' &&
head -c 10106 /dev/zero > 't/new
line13/dir14/--f16/F23/.hid27' &&
mkdir 't/new
line13/new
line15/--help21/x28' &&
head -c 10712 /dev/zero > 't/sp ace11/sp ace18/c29' &&
mkfifo 't/sp ace11/a30' &&
mkdir 't/new
line13/dir14/--f16/F23/file31' &&
head -c 42484 /dev/zero > 't/new
line13/dir14/badÿþutf32' &&
: > 't/new
line13/dir14/--f16/F23/sp ace33' &&
mkdir 't/new
line13/dir14/--f16/--version34' &&
mkdir 't/new
line13/dir14/.hid35' &&
mkdir 't/--r9/.hid12/sp ace36' &&
ln -s -- '../../../t/sp ace11/sp ace18/c29' 't/--r9/G10/-dash37' &&
mkdir 't/sp ace11/x38' &&
ln 't/badÿþutf2' 't/new
line13/dir14/.hid39' &&
truncate -s 1942636 't/new
line13/F22/dir40' &&
ln -s -- '../../../../t/new
line13/dir14/badÿþutf32' 't/new
line13/new
line15/--help21/c41' &&
ln 't/-dash1' 't/new
line13/new
line15/--help21/x28/file42' &&
mkdir 't/new
line13/new
line15/--help21/-dash43' &&
mkdir 't/--r9/.hid12/sp ace36/badÿþutf44' &&
truncate -s 2610420 't/--r9/.hid12/sp ace36/c45' &&
printf 'data%s' 472 > 't/new
line13/new
line15/--help21/-dash43/b46' &&
mkdir 't/new
line13/dir14/--f16/F23/file47' &&
: > 't/--r9/-dash48' &&
: > 't/--r9/.hid12/x49' &&
ln 't/new
line13/dir14/--f16/F23/.hid27' 't/new
line13/-dash50' &&
ln 't/sp ace4' 't/new
line13/dir14/.hid35/--f51' &&
mkdir 't/--r9/G10/sp ace52' &&
ln -s -- 'nowhere/x' 't/--r9/.hid12/sp ace36/-dash53' &&
ln -s -- '../../../../t/--r9/G10/sp ace52' 't/new
line13/dir14/.hid35/.hid54' &&
mkfifo 't/new
line13/F22/badÿþutf55' &&
ln -s -- 'badÿþutf56' 't/new
line13/dir14/.hid35/badÿþutf56' &&
head -c 5541 /dev/zero > 't/--r9/G10/sp ace52/-dash57' && truncate -s 479768 't/--r9/G10/sp ace52/-dash57' &&
mkdir 't/--r9/dir58' &&
mkdir 't/--r9/G10/G59' &&
ln 't/--r9/-dash48' 't/-dash60' &&
printf 'data%s' 432 > 't/new
line13/new
line15/-dash61' &&
mkdir 't/--r9/G10/a62' &&
head -c 6087 /dev/zero > 't/new
line13/F22/x63' && truncate -s 159479 't/new
line13/F22/x63' &&
ln 't/new
line13/F22/dir40' 't/new
line13/dir14/--f16/--version34/longxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx64' &&
mkfifo 't/--r9/-dash65' &&
ln 't/new
line13/F22/x63' 't/new
line13/dir14/--f16/F23/file66' &&
printf 'data%s' 86 > 't/--r9/x67' &&
head -c 11032 /dev/zero > 't/--r9/G10/G59/sub68' &&
: > 't/new
line13/dir14/--f16/--version34/c69' &&
head -c 29554 /dev/zero > 't/new
line13/dir14/--f16/F23/longxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx70' &&
head -c 7300 /dev/zero > 't/--r9/G10/a62/longxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx71' && truncate -s 1057802 't/--r9/G10/a62/longxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx71' &&
mkdir 't/new
line13/dir14/--f16/b72' &&
truncate -s 2394416 't/new
line13/dir14/--f16/F23/dir73' &&
mkdir 't/sp ace11/d74' &&
head -c 73 /dev/zero > 't/new
line13/new
line15/--help21/G75' &&
mkdir 't/--r9/dir58/dir76' &&
ln -s -- 'nowhere/x' 't/new
line13/dir14/--f16/--version34/file77' &&
ln -s -- '../../../../t/new
line13/F22' 't/--r9/G10/a62/-dash78' &&
ln -s -- 'nowhere' 't/new
line13/new
line15/--help21/x28/sp ace79' &&
mkdir 't/--r9/.hid12/sp ace36/badÿþutf44/G80' &&
chown -R -h 65534:65534 t &&
chown -h 0:0 't/file5' &&
chown -h 0:0 't/new
line13/dir14' &&
chown -h 0:0 't/new
line13/dir14/--f16/F23/.hid27' &&
chown -h 0:0 't/new
line13/new
line15/--help21/-dash43' &&
chown -h 0:0 't/new
line13/new
line15/--help21/-dash43/b46' &&
chown -h 0:0 't/--r9/G10/a62/longxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx71' &&
chown -h 0:0 't/new
line13/new
line15/--help21/G75' &&
chmod 555 't/--r9/.hid12/sp ace36/badÿþutf44/G80' &&
chmod 755 't/new
line13/dir14/--f16/F23/dir73' &&
chmod 644 't/--r9/G10/sp ace52/-dash57' &&
chmod 0111 't/--r9/.hid12/x49' &&
chmod 1777 't/--r9/.hid12/sp ace36/c45' &&
chmod 600 't/new
line13/F22/dir40' &&
chmod 300 't/new
line13/new
line15/--help21' &&
chmod 400 't/--r9/.hid12' &&
chmod 400 't/--r9/G10' &&
:
}
fz_cmd="-R -h -L --preserve-root 99 't' 'missing' 'missing'"
fz_tags=' @badtree @closed @closed @closed'
fz_known=''
fz_threads=1
# shrunk:
fz_cmd="'-R' '-h' '-L' '99' 't'"
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
