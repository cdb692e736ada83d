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
  fz_clear_run && rm -rf "$fz_dir/tpl" && mkdir "$fz_dir/tpl" \
    && (cd "$fz_dir/tpl" && fz_tree) > /dev/null 2>&1
}

# fz_clear_run: no copy of the tree left from another case.
fz_clear_run ()
{
  rm -rf "$fz_dir/run"
}

# fz_same_copy: whether every side may run on one copy of the tree, made
# once: du changes nothing there that a case shows (the access times its
# reads set, which --time=atime would show, are not drawn).  Two copies
# are not always the same to du: on ext4, a copied directory of a few
# thousand entries took 136 blocks in 2 copies of 6 and 128 in the
# others (an extent block more where its blocks came apart), and GNU's
# du differed from itself in 5 runs of 10 on fresh copies.
fz_same_copy ()
{
  test "$fz_prog" = du \
    && case $fz_cmd in *atime*|*access*|*use*) false;; esac
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
# BIN, on a fresh copy of the template (du: the case's one copy), at
# LIBFTS_THREADS=THREADS; leaves $fz_dir/SIDE.out, .err, .st (the exit
# status) and .tree.
fz_run_side ()
{
  fz_run_=$fz_dir/run fz_side_=$fz_dir/$1 fz_bin_=$2 fz_threads_=$3
  if ! fz_same_copy || ! test -d "$fz_run_/t"; then
    fz_clear_run && mkdir "$fz_run_" && cp -a "$fz_dir/tpl/t" "$fz_run_/t" \
      && chown 65534:65534 "$fz_run_" || return 99
  fi
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
