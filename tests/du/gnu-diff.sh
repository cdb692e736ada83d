#!/bin/sh
# Differential test: the system's GNU du and ours, run on the same trees
# (shapes made by hand, and the npm-like tree of bench/gentree when it is
# built) over a matrix of options and environments (units, -a -c -s -S -d
# -h --si --inodes -l -L -D -x --time -t -0 --exclude, DU_BLOCK_SIZE...),
# must print the same stdout and stderr and exit with the same status.  As
# root both run as nobody, so that unreadable directories mean something.
#
# Where the 9.1 here differs from later GNU (which we follow; each is
# checked in a script of its own), the comparison leaves it out:
#   - -b and --apparent-size count directories as 0 (GNU 9.2 and later:
#     apparent-size.sh): with those, only the lines of non-directories are
#     compared (and the exit status and stderr); -A (GNU 9.10 and later)
#     does not exist in 9.1;
#   - names are quoted on a terminal (GNU after 9.11: terminal-quoting.sh):
#     never a terminal here;
#   - write errors (GNU 9.10 and later: full-stdout.sh), vanishing files
#     (GNU after 9.11: vanished.sh), a name "-" read from standard input
#     (GNU 9.8 and later: files0-from-stdin-dash.sh): not generated.

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/du/du-init.sh"

require_gnu_ du
require_unprivileged_
. "$abs_top_srcdir/tests/gnu-diff-lib.sh"
gnu=/usr/bin/du
TZ=UTC0
export TZ

# ---- tree shapes: NAME|SET-UP (sh, run in an empty directory)|OPERANDS ------
cat > _shapes <<'X'
tree|mkdir -p d/a/b d/c && head -c 5000 /dev/zero > d/f && head -c 70000 /dev/zero > d/a/g && : > d/a/b/e && head -c 1 /dev/zero > d/c/h|d
trees|mkdir -p d/a e/b && head -c 9000 /dev/zero > d/a/f && head -c 300 /dev/zero > e/b/g && : > h|d e h
sparse|mkdir d && truncate -s 10M d/s && head -c 4097 /dev/zero > d/f && truncate -s 1G big|d big
hardlinks|mkdir -p d/s e && head -c 9000 /dev/zero > d/f && ln d/f d/s/g && ln d/f e/h && ln d/f k|d e k
links2|mkdir -p d e && head -c 9000 /dev/zero > d/f && ln d/f e/h|e d
symlinks|mkdir -p d/s e && head -c 3000 /dev/zero > e/f && ln -s ../e d/le && ln -s ../e/f d/lf && ln -s nowhere d/dangling && ln -s d ld|d ld
symops|mkdir -p e && : > e/f && ln -s e l && ln -s e/f lf && ln -s nowhere dl|l lf dl e
symloop|mkdir d && ln -s l2 d/l1 && ln -s l1 d/l2|d d/l1
fifo|mkdir d && mkfifo d/p && : > d/f|d
dup|mkdir -p d/s && head -c 2000 /dev/zero > d/s/f|d d d/s d/s/f ./d d/
nested|mkdir -p d/s/t && head -c 2000 /dev/zero > d/s/t/f|d/s/t d/s d
missing|mkdir d|d nothere d/nothere '' d
notdir|: > f|f/x f
deep|mkdir -p d/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20 && : > d/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/f && head -c 8000 /dev/zero > d/1/2/3/f|d
wide|mkdir d && for i in 0 1 2 3 4 5 6 7 8 9; do mkdir d/$i; for j in 0 1 2 3 4 5 6 7 8 9; do head -c $((i * 1000 + j)) /dev/zero > d/$i/$j; done; done|d
names|mkdir -p 'a b' "it's" "$(printf 'n\nl')" && : > 'a b/c d' && : > "$(printf 'n\nl')/x"|'a b' "it's" "$(printf 'n\nl')"
unreadable|mkdir -p d/u/v d/s && : > d/u/f && head -c 5000 /dev/zero > d/s/g && chmod 0 d/u|d
unsearchable|mkdir -p d/u/v && : > d/u/f && chmod 444 d/u|d
slashes|mkdir -p d/s && : > d/s/f|d/ d// d///s/ .
X

# ---- option sets: ENVIRONMENT|OPTIONS, the environment as for env(1) ------
{
  for unit in '' -k -m -h --si -B1 -BK -B1000 -B3 --inodes; do
    for mode in '' -a -s -S -c -aS -d1 -d0 -ac -sc '-a -d2' '-S -d1'; do
      echo "|$unit $mode"
    done
  done
  for walk in -l -L -D -x '-L -l'; do
    for mode in '' -a -s -S -c -d1; do
      echo "|$walk $mode"
      echo "|$walk --inodes $mode"
    done
  done
  cat <<'X'
|-H
|-a --dereference-args
|-P -a
|-L -P -a
|--count-links -a
|-a -t 5K
|-a -t -5K
|-a -t 1
|-a -t -1
|-t 1M
|-a --threshold=100000
|--inodes -a -t 2
|--inodes -t -1
|-a -0
|-c -0 -s
|-a --exclude=f
|-a --exclude=*/s
|--exclude=d
|-a --time
|-a --time=ctime --time-style=+%Y%m%d
|--time --time-style=iso -c
|--time=status --time-style=long-iso -s
|--time=ctime --time-style=full-iso
TIME_STYLE=+%F|--time=ctime -a
TIME_STYLE=posix-iso|--time
DU_BLOCK_SIZE=1M|-a
BLOCK_SIZE=1|-a -c
BLOCKSIZE=512|-s
POSIXLY_CORRECT=1|-a
DU_BLOCK_SIZE=human-readable|-a
BLOCK_SIZE=si|-c
BLOCK_SIZE='1|-a
DU_BLOCK_SIZE=1K BLOCK_SIZE=1|-k
|-b -a
|-b -a -S
|--apparent-size -a -h
|--apparent-size -a -k -L
|-b -a -l
|--inodes -b -a
X
} > _optsets

# side PREFIX BINDIR ENV OPTIONS OPERANDS APPARENT: run that du in the
# shape, leaving PREFIX.out, PREFIX.err and PREFIX.st (for gnu_diff_case_);
# if APPARENT is yes, PREFIX.out without the lines of directories.
side ()
{
  (cd s && eval "env $3 PATH=\$2:\$PATH $unpriv_ du $4 $5") > $1.out 2> $1.err
  echo $? > $1.st
  if test $6 = yes; then
    non_dirs $1.out > $1.f && mv $1.f $1.out
  fi
}

# non_dirs FILE: FILE's lines less those naming a directory in the shape
# (or "total"): with -b and --apparent-size, 9.1 counts directories.
non_dirs ()
{
  while IFS= read -r line; do
    name=${line##*	}
    test "$name" = total || test -d "s/$name" || printf '%s\n' "$line"
  done < "$1"
}

# compare_shape NAME OPERANDS OPTSETS: every option set of the file OPTSETS
# on the shape in ./s.
compare_shape ()
{
  while IFS='|' read -r env opts; do
    test -n "$opts" || { opts=$env; env=; }
    apparent=no
    case " $opts " in
      *" --inodes "*) ;;
      *" -b "*|*" --apparent-size "*) apparent=yes;;
    esac
    # non_dirs reads lines: names with newlines are compared otherwise.
    test $apparent = yes && test "$1" = names && continue
    gnu_diff_case_ "shape=$1: $env du $opts $2" \
      side "$env" "$opts" "$2" $apparent
  done < "$3"
}

# The shapes are nobody's, made as nobody; each is walked once first, so
# that reading its directories changes no access time during the
# comparisons (relatime).
while IFS='|' read -r shape setup operands; do
  as_user_ mkdir s && (cd s && as_user_ sh -c "$setup") \
    || framework_failure_ "cannot set up $shape"
  (cd s && eval "$unpriv_ $gnu -a $operands") > /dev/null 2>&1
  compare_shape "$shape" "$operands" _optsets
  chmod -R u+rwx s 2>/dev/null; rm -rf s
done < _shapes

# The npm-like tree, when bench/gentree is built, with fewer options.
gentree=$abs_top_builddir/bench/gentree
if test -x "$gentree"; then
  as_user_ mkdir s && as_user_ "$gentree" npm s/npm > /dev/null \
    || framework_failure_ "gentree npm failed"
  (cd s && $unpriv_ "$gnu" -a npm) > /dev/null 2>&1
  grep -e '^|-[a-zBkm]* ' -e '^|--inodes' _optsets | sed -n '1~7p' > _npmsets
  compare_shape npm npm _npmsets
  rm -rf s
fi

gnu_diff_end_ 3000

exit $fail
