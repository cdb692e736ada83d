## bench/local.mk: benchmarks against the system's GNU tools.  Never part of
## make check: run them with 'make bench' (root, for loop mounts and
## drop_caches).  'make demo' is the README's first command.

# gentree makes the trees; rusage times a command and reports its peak RSS
# (bash's 'time' cannot, and GNU time is not installed everywhere).
noinst_PROGRAMS += bench/gentree bench/rusage
bench_gentree_SOURCES = bench/gentree.c
bench_rusage_SOURCES = bench/rusage.c
# Plain C and libc only: keep gnulib's replacement headers (which
# AM_CPPFLAGS may name for gl/lib) out of these two.
bench_gentree_CPPFLAGS = -I$(top_builddir)
bench_rusage_CPPFLAGS = -I$(top_builddir)

EXTRA_DIST += bench/run bench/lib.sh bench/mpi-run bench/report bench/mpi-trace

# Arguments for bench/run, e.g.
#   make bench BENCH_ARGS='--fs=ext4 --trees=npm --modes=warm --runs=1'
# and, in the environment, BENCH_DIR, BENCH_RUNS, BENCH_CGROUP_MB.  The
# remote file systems run only when named: bench/latfs waiting 200 us and
# 1 ms a request, and sshfs to root@127.0.0.1 port 2222 (BENCH_SSH_PORT),
# each mounted afresh for every run, with their own trees, ops and the
# in-flight series (--inflight=1,4,16,64,128):
#   make bench BENCH_ARGS='--fs=lat200,lat1000,sshfs'
# By default du and rm also run on the tree's top-level entries as
# operands (cd DIR && du -sh -- *, rm -rf -- *; DIR is node_modules on
# the npm-like tree), in the same rounds as on DIR alone; chmod -R and
# chown -R too with --operands=one,top:
#   make bench BENCH_ARGS='--trees=npm --ops=du,rm,chmod,chown --operands=one,top'
# rm -rf on an aged file system (an 8 GiB ext4 made with -i 8192, the
# tree removed and generated again before each run), against GNU rm and
# rmz:
#   make bench BENCH_ARGS='--fs=ext4 --trees=kernel,npm --modes=aged --ops=rm --tools=gnu,inode,rmz'
# See bench/run's head comment.
BENCH_ARGS =

.PHONY: bench
bench: all
	abs_top_builddir='$(abs_top_builddir)' \
	  $(SHELL) $(srcdir)/bench/run $(BENCH_ARGS)

# make bench-mpi: several clients of one server (bench/mpi-run): N
# mounts of bench/latfs (5 ms a request, 8 in flight), an MPI rank on
# each in a mount namespace of its own, gentree's wide tree of 400
# directories of 50 files (--tree=npm: the npm-like tree), our mpi-du,
# mpi-rm and mpi-chmod at -np 1, 2, 4, 8 and 16 against mpiFileUtils' dwalk, drm and dchmod (where
# installed, MFU_PREFIX, default /opt/mfu) and against GNU's and our
# programs on one client.  Root.  Skipped, with the reason and status 0,
# where mpirun, unshare, /dev/fuse, latfs or the mpi-* programs are
# missing (bench/mpi-run exits 77).  Arguments, e.g.
#   make bench-mpi BENCH_MPI_ARGS='--np=1,4,16 --ops=du,rm --runs=5'
# and MPIRUN_ARGS in the environment for more of mpirun's options.
# See bench/mpi-run's head comment.
BENCH_MPI_ARGS =

.PHONY: bench-mpi
bench-mpi: all
	@abs_top_builddir='$(abs_top_builddir)' MPIRUN='$(MPIRUN)' \
	  $(SHELL) $(srcdir)/bench/mpi-run $(BENCH_MPI_ARGS); \
	st=$$?; test $$st = 77 && st=0; exit $$st

# make demo: an npm-like tree (about 41,000 files) with one directory of
# 20,000 (large enough to be sorted by inode), walked and stat'ed by libfts,
# then removed with our rm -rf.  The tree goes under TMPDIR when that is set.
demo_dir = $${TMPDIR:-$(abs_top_builddir)}/demo-tree

.PHONY: demo
demo: src/libfts-walk$(EXEEXT) src/rm$(EXEEXT) bench/gentree$(EXEEXT)
	@d=$(demo_dir); \
	trap 'rm -rf "$$d"' 0 1 2 13 15; \
	rm -rf "$$d" && mkdir -p "$$d" || exit 1; \
	echo "Generating an npm-like tree in $$d/npm ..."; \
	bench/gentree npm "$$d/npm" || exit 1; \
	echo "... with a directory of 20,000 files in $$d/npm/flat:"; \
	bench/gentree flat 20000 "$$d/npm/flat" || exit 1; \
	echo "Walking it with libfts (src/libfts-walk -a stat):"; \
	src/libfts-walk -a stat "$$d/npm" || exit 1; \
	echo "Removing it with rm -rf (src/rm, on libfts):"; \
	t0=$$(date +%s.%N); src/rm -rf "$$d/npm" || exit 1; t1=$$(date +%s.%N); \
	test ! -e "$$d/npm" || { echo "$$d/npm is still there" >&2; exit 1; }; \
	awk -v a=$$t0 -v b=$$t1 'BEGIN { printf "removed in %.3f s\n", b - a }'
MOSTLYCLEANDIRS += demo-tree

# latfs: a FUSE passthrough that waits in every request, like a remote
# file system (see its head comment).  The tests on slow file systems run
# it (tests/init.sh, latfs_mount_), so make builds it; nothing installs
# it.  Built only with libfuse3, but its source (defined outside the
# conditional) goes into every tarball.  Plain C on libc and libfuse3,
# like gentree.
if HAVE_FUSE3
noinst_PROGRAMS += bench/latfs
endif
bench_latfs_SOURCES = bench/latfs.c
bench_latfs_CPPFLAGS = -I$(top_builddir) $(FUSE3_CFLAGS) \
  -DFUSE_USE_VERSION=$(LATFS_FUSE_API) $(LATFS_CUSTOM_IO)
bench_latfs_LDADD = $(FUSE3_LIBS) $(PTHREAD_LIBS)
# Never with the sanitizers of make check-sanitizers and check-tsan: latfs
# is not under test, and ThreadSanitizer cannot see that an open
# directory passes from the thread that opened it to those that read it
# through the kernel (/dev/fuse), and would report races that are none.
bench_latfs_CFLAGS = $(WARN_CFLAGS)
bench_latfs_LDFLAGS =
