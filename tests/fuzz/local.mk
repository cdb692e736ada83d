## tests/fuzz/local.mk: the differential fuzzer against GNU coreutils 9.1
## (tests/fuzz/fuzz.sh, issue 33).  make check runs a short fixed-seed run
## (short.sh); make fuzz a soak of FUZZ_SECONDS (default 600), niced, its
## findings shrunk (their command lines) and written to tests/fuzz/findings/
## as scripts that recreate them.
## FUZZ_ARGS adds fuzz.sh options (--threads, --programs, --users, --work
## for another file system, --seed).

TESTS += tests/fuzz/short.sh
EXTRA_DIST += tests/fuzz/short.sh tests/fuzz/fuzz.sh tests/fuzz/gen.awk \
  tests/fuzz/findings/chgrp-root-79561555-t1.sh \
  tests/fuzz/replay.sh tests/fuzz/known-differences

FUZZ_SECONDS = 600
FUZZ_ARGS =
fuzz: all
	abs_top_builddir='$(abs_top_builddir)' nice -n 19 \
	  $(SHELL) $(srcdir)/tests/fuzz/fuzz.sh --seconds $(FUZZ_SECONDS) \
	  --ours '$(abs_top_builddir)/src' \
	  --findings '$(abs_top_builddir)/tests/fuzz/findings' --shrink $(FUZZ_ARGS)
.PHONY: fuzz
