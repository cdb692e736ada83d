#!/bin/sh
# The peak resident memory of each rank of mpi-du -s, and of mpi-du -a,
# at mpirun -np 2 on a directory of 1,000,000 files (bench/gentree flat),
# stays under twice our du's peak on the same directory plus what a rank
# of mpi-du holds when it walks an empty directory (Open MPI's own: 11 MB
# here): what the MPI walk adds per rank is bounded by the walk, never by
# the files (README, "Memory per rank").  Each rank runs under
# bench/rusage, which reports its peak.  The lines are our du's.
# Measured here (one thread a walk): our du 10.5 MB (-s and -a), a rank
# on an empty directory 10.9 MB, mpi-du's rank 0 20 MB, rank 1 10.6 MB.
# One thread a walk, as make check runs every test: with two or more,
# rank 0 of mpi-du -a holds up to 30 MB more (46 to 51 MB from 250,000
# files to 2,000,000; 26 MB at 100,000), our du 1 to 8 MB more.
# Skipped when the directory cannot be made in 60 seconds or there is no
# room for it (1,000,000 inodes, 200 MB; or, on tmpfs, 2 GB of memory),
# and with a sanitizer (its shadow memory would be most of a peak).

. "${abs_top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)}/tests/init.sh"
. "$abs_top_srcdir/tests/mpi/mpi-init.sh"

is_sanitized_ "$mpi_du_" && skip_ "built with a sanitizer: peak RSS means nothing"
command -v timeout > /dev/null || skip_ "timeout not found"
gentree=$abs_top_builddir/bench/gentree
rusage=$abs_top_builddir/bench/rusage
our_du=$abs_top_builddir/src/du
for p in "$gentree" "$rusage" "$our_du"; do
  test -x "$p" || framework_failure_ "$p is not built"
done

LIBFTS_THREADS=1
export LIBFTS_THREADS

# On a tmpfs of its own when run as root: made in 2 s here, where the
# disk under /tmp took from 11 s to more than two minutes (inodes are
# allocated slowly in a crowded file system).  A million files on tmpfs
# hold about 1 GB of the kernel's memory.
files=1000000
mkdir fs || framework_failure_ "cannot make fs"
if test "$(id -u)" = 0 \
   && test "$(sed -n 's/^MemAvailable: *\([0-9]*\) kB/\1/p' /proc/meminfo)" \
        -gt 2097152; then
  mount_ -t tmpfs -o mode=755,nr_inodes=0 tmpfs fs || skip_ "cannot mount a tmpfs"
else
  inodes=$(df -P -i fs | awk 'NR == 2 { print $4 }')
  kib=$(df -P -k fs | awk 'NR == 2 { print $4 }')
  test "${inodes:-0}" -gt $((files + files / 10)) \
    || skip_ "$inodes free inodes here, not enough for $files files"
  test "${kib:-0}" -gt 204800 || skip_ "$kib KiB free here, less than 200 MB"
fi
cd fs || framework_failure_ "cannot enter fs"
timeout 60 "$gentree" flat $files flat > /dev/null; st=$?
test $st = 124 && skip_ "$files files not made in 60 s"
test $st = 0 || framework_failure_ "cannot make flat"

# du-rss: each rank of mpi-du under rusage, its figures in _ru.RANK.
cat > "$mpi_bin_/du-rss" <<EOF || framework_failure_ "cannot write du-rss"
#!/bin/sh
exec "$rusage" --out="$PWD/_ru.\${OMPI_COMM_WORLD_RANK:-\$PMI_RANK}" -- "$mpi_bin_/du" "\$@"
EOF
chmod +x "$mpi_bin_/du-rss" || framework_failure_ "cannot make du-rss runnable"

# rank_peaks_ ARGS...: mpi-du ARGS at -np 2, each rank under rusage:
# standard output in _out, its status appended; the ranks' peaks (KiB),
# "RANK KIB" a line, in _peaks.  Fails the test unless it says nothing.
rank_peaks_ ()
{
  rm -f _ru.*
  run_mpi_ 2 du-rss "$@" > _out 2> _err; echo "exit $?" >> _out
  mpi_messages_ _err > _e
  compare /dev/null _e || fail=1
  for r_ in 0 1; do
    k_=$(sed -n 's/.*maxrss_kib=\([0-9]*\).*/\1/p' _ru.$r_ 2> /dev/null)
    test -n "$k_" || framework_failure_ "no peak RSS from rank $r_: $*"
    echo "$r_ $k_"
  done > _peaks
}

mkdir empty || framework_failure_ "cannot make empty"
rank_peaks_ -s empty
idle=$(awk '$2 > n { n = $2 } END { print n }' _peaks)

for opt in -s -a; do
  peak_rss_ "$our_du" $opt flat; ours=$peak_kib_
  echo "exit 0" >> _out
  mv _out _exp
  rank_peaks_ $opt flat
  compare _exp _out || { echo "mpi-du $opt: not our du's lines" >&2; fail=1; }
  bound=$((2 * ours + idle))
  echo "du $opt flat: ours $ours KiB, an idle rank $idle KiB, bound $bound KiB;" \
    "mpi-du's ranks (rank KiB): $(tr '\n' ' ' < _peaks)"
  while read -r rank kib; do
    test "$kib" -le $bound \
      || { echo "mpi-du $opt: rank $rank peaked at $kib KiB, over $bound" >&2
           fail=1; }
  done < _peaks
done

exit $fail
