# tests/operands-lib.sh: several operands of one command, compared with
# GNU's program on the same tree: operands that overlap (given twice, one
# below another, hard links between them), files, symbolic links, missing
# names, and a thousand at once.  Our programs walk their operands in one
# parallel walk, several at once; what one operand does to those after it
# must still be what GNU's sequential walk does, and so must the output's
# order.  Sourced, never run, after tests/init.sh, the program's init file,
# require_gnu_ and tests/gnu-diff-lib.sh.

# operands_tree_ [MANY]: the tree every case starts from, in the current
# directory; with MANY, also n/ with 1,052 entries (700 directories of a
# file each, 300 files, 50 symbolic links to the directories, big/ of
# 1,200 files, which the threads share in slices, and lbig, a symbolic
# link to it).
operands_tree_ ()
{
  mkdir -p a/b/c d e/f m && echo hi > a/f && echo x > a/b/g && ln a/b/g d/h \
    && ln -s a sl && ln -s nowhere dang && : > e/f/z && : > top \
    || return 1
  i=0
  while test $i -lt 20; do
    mkdir m/s$i && echo $i > m/s$i/x || return 1
    i=$((i + 1))
  done
  test -n "$1" || return 0
  mkdir -p n/big && (cd n/big && seq 1200 | xargs touch) && ln -s big n/lbig \
    || return 1
  i=0
  while test $i -lt 700; do
    mkdir n/d$i && echo $i > n/d$i/x || return 1
    test $i -lt 300 && { echo $i > n/f$i || return 1; }
    test $i -lt 50 && { ln -s d$i n/l$i || return 1; }
    i=$((i + 1))
  done
}

# operands_side_ PREFIX BINDIR MANY COMMAND: make the tree (MANY as for
# operands_tree_) in PREFIX.d, run COMMAND there (a shell command: its
# globs expand in the tree) with BINDIR first in PATH, and leave its
# output, messages, status and the tree left in PREFIX.out, .err, .st and
# .tree, for gnu_diff_case_.
operands_side_ ()
{
  mkdir "$1.d" && (cd "$1.d" && operands_tree_ $3) \
    || framework_failure_ "cannot make the tree"
  (cd "$1.d" && PATH=$2:$PATH && eval "$4") > "$1.out" 2> "$1.err"
  echo $? > "$1.st"
  find "$1.d" -mindepth 1 -printf '%y %m %n %u:%g %P\n' | LC_ALL=C sort \
    > "$1.tree"
  chmod -R u+rwx "$1.d" 2> /dev/null; rm -rf "$1.d"
}

# operands_case_ COMMAND: one case on the small tree.
operands_case_ ()
{
  gnu_diff_case_ "$1" operands_one_ "$1"
}
operands_one_ ()
{
  operands_side_ "$1" "$2" '' "$3"
}

# operands_many_ COMMAND: one case on the tree with n/'s 1,050 entries.
operands_many_ ()
{
  gnu_diff_case_ "$1 (1,050 operands)" operands_many_side_ "$1"
}
operands_many_side_ ()
{
  operands_side_ "$1" "$2" many "$3"
}
