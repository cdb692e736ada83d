#!/bin/sh
# Differential test: the system's GNU rm and ours, on identical fresh copies
# of generated cases (option sets x tree shapes x scripted answers), must
# print the same stdout and stderr, exit with the same status and leave the
# same tree (find -printf '%y %m %P').  As root both run as nobody, so that
# write protection means something.
#
# Excluded, where the 9.1 here is known to differ from later GNU (which we
# follow; each is checked in a script of its own):
#   - inaccessible (mode 0) directories under -d, -i, -I or a terminal
#     (GNU 9.2 and later: inaccessible-dir.sh); they are compared under
#     plain -r/-rf;
#   - readdir errors (GNU after 9.1: readdir-error.sh) and ENOMEM (GNU 9.2
#     and later: enomem.sh): not generated.
# A failed rmdir skips nothing after it in GNU 9.0 and later, 9.1 too
# (failed-rmdir.sh): compared, in the shape wpparent.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/rm/rm-init.sh"

require_gnu_ rm
require_unprivileged_
. "$abs_top_srcdir/tests/gnu-diff-lib.sh"

# ---- tree shapes: NAME|SET-UP (sh, run in an empty directory)|OPERANDS ------
cat > _shapes <<'X'
file|: > f|f
datafile|echo data > f|f
wpfile|: > f && chmod a-w f|f
wpdata|echo data > f && chmod 444 f|f
emptydir|mkdir d|d
fulldir|mkdir -p d/s && : > d/f && : > d/s/g|d
deep|mkdir -p d/a/b/c/d/e && : > d/a/b/c/d/e/f && : > d/a/g|d
wide|mkdir d && for i in 0 1 2 3 4 5 6 7 8 9 10 11; do : > d/f$i; done|d
wpinside|mkdir -p d/s && : > d/s/g && chmod a-w d/s/g|d
wpdir|mkdir d && : > d/f && chmod a-w d|d
wpemptydir|mkdir d && chmod a-w d|d
wpparent|mkdir -p p/d p/e && : > p/e/f && chmod a-w p|p/d p/e
symfile|: > f && ln -s f l|l
symdir|mkdir d && : > d/x && ln -s d l|l
symdirslash|mkdir d && : > d/x && ln -s d l|l/
dangling|ln -s nowhere l|l
symloop|ln -s l2 l1 && ln -s l1 l2|l1 l2
fifo|mkfifo p|p
missing||nothere
missingsub|mkdir d|d/nothere
notdir|: > f|f/x
empty||''
dot|mkdir d|.
dotdot|mkdir d|d/..
ddot|mkdir d && : > d/f|d/.
ddotslash|mkdir d && : > d/f|d/./
dirslash|mkdir d && : > d/f|d/
dirslashes|mkdir d && : > d/f|d///
fileslash|: > f|f/
dup|: > f|f f
dupdir|mkdir -p d/s|d d/s d
three|: > a && : > b && : > c|a b c
four|: > a && : > b && : > c && : > e|a b c e
mixed|mkdir -p d/s && : > f && ln -s d l|f d l nothere
dash|: > ./-x && : > ./-f|-- -x -f
quoting|: > "a b" && : > "it's" && mkdir "d'q" && : > "d'q/\$x"|"a b" "it's" "d'q"
unreadable|mkdir d && : > d/f && chmod 0 d|d
unreadable300|mkdir d && : > d/f && chmod 300 d|d
inaccessible|mkdir d && chmod 0 d|d
X

# ---- option sets: OPTIONS|ANSWERS (y: "y" to all, n: "n" to all, yn:
# alternating, -: none) ----------------------------------------------------
cat > _optsets <<'X'
|-
-f|-
-r|-
-R|-
-rf|-
-d|-
-v|-
-rv|-
-dv|-
-rfv|-
-rd|-
-i|y
-i|n
-ri|y
-ri|n
-ri|yn
-riv|y
-di|y
-di|n
-I|y
-I|n
-rI|y
-rI|n
---presume-input-tty|y
---presume-input-tty|n
-r ---presume-input-tty|y
-r ---presume-input-tty|n
-r ---presume-input-tty|yn
-rf ---presume-input-tty|y
-d ---presume-input-tty|n
--interactive=never -r ---presume-input-tty|n
--interactive=once -r|y
--one-file-system -r|-
--preserve-root=all -rv|-
--no-preserve-root -rf|-
-f -i|y
-i -f|n
X

# answers KIND: twenty lines of answers.
answers ()
{
  i=0
  while test $i -lt 10; do
    case $1 in
      y) printf 'y\ny\n';;
      n) printf 'n\nn\n';;
      yn) printf 'y\nn\n';;
    esac
    i=$((i + 1))
  done
}

# excluded SHAPE OPTIONS: true for the cases 9.1 is known to get wrong.
excluded ()
{
  case $1 in
    unreadable*|inaccessible)
      case " $2 " in
        " -r "|" -R "|" -rf "|" -rv "|" -rfv "|" --one-file-system -r "| \
        " --preserve-root=all -rv "|" --no-preserve-root -rf ") return 1;;
        *) return 0;;
      esac;;
  esac
  return 1
}

# side DIR BINDIR SETUP OPERANDS OPTIONS ANSWERS: make the shape in DIR,
# run that rm there, leave DIR.out, DIR.err, DIR.st and DIR.tree (for
# gnu_diff_case_).
side ()
{
  as_user_ mkdir "$1" && (cd "$1" && as_user_ sh -c "$3") \
    || framework_failure_ "cannot set up $3"
  (cd "$1" && answers "$6" | eval "PATH=\$2:\$PATH exec \$unpriv_ rm $5 $4") \
    > "$1.out" 2> "$1.err"
  echo $? > "$1.st"
  find "$1" -mindepth 1 -printf '%y %m %P\n' 2>/dev/null | LC_ALL=C sort > "$1.tree"
  chmod -R u+rwx "$1" 2>/dev/null; rm -rf "$1"
}

skipped=0
while IFS='|' read -r shape setup operands; do
  while IFS='|' read -r opts ans; do
    if excluded "$shape" "$opts"; then
      skipped=$((skipped + 1)); continue
    fi
    gnu_diff_case_ "shape=$shape: rm $opts $operands (answers: $ans)" \
      side "$setup" "$operands" "$opts" "$ans"
  done < _optsets
done < _shapes

gnu_diff_end_ 1000 "; $skipped excluded (9.1 known to differ)"

exit $fail
