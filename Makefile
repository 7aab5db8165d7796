# wyc -- build, test, benchmark.
#   make            bin/wyc and build/libwyrt.a
#   make test       unit tests, program tests, invalid programs, filter tests
#   make test-all   the same with every program target (tests/run.sh)
#   make asan       the same build and tests under -fsanitize=address,undefined
#                   (any UBSan report halts the program: a failure)
#   make fuzz       AFL++ over the front end and C back end (FUZZ_TIME s)
#   make valgrind   generated programs under valgrind (tests/valgrind.sh)
#   make oclgrind   offloaded program tests on the oclgrind platform
#   make fuzz-diff N=100 SEED=1 [JOBS=2]   the differential tester
#                   (tests/fuzz/diff.py: random programs, every target)
#   make 80         lines over 80 columns
#   make install PREFIX=/usr/local
CC      ?= cc
CFLAGS  ?= -O2 -g
# the language and warnings stay on when CFLAGS is given on the command
# line (make asan does)
WFLAGS   = -std=c11 -D_GNU_SOURCE -Wall -Wextra -MMD -MP
override CFLAGS += $(WFLAGS)
LDLIBS   = -lmpfr -lgmp -lm
# libsodium (the binary cache's MAC, runtime/ocl_cachedir.c), linked
# statically: programs built here run where it is not installed
SODIUM   = -Wl,-Bstatic -lsodium -Wl,-Bdynamic
B        = build
BIN      = bin
ROOT_REL = ..
PREFIX  ?= /usr/local

COMPILER_DIRS = compiler wyil filter checks c_backend opencl_backend
COMPILER_SRC  = $(foreach d,$(COMPILER_DIRS),$(wildcard $(d)/*.c))
COMPILER_OBJ  = $(COMPILER_SRC:%.c=$(B)/%.o)
# libwyrt: values, printing, errors, stdlib natives (every executable);
# libwyrt_ocl: the OpenCL device layer (offloading executables only)
# (ocl_bench.c, the timing behind whiley.gpgpu.Util, calls no OpenCL
# function and serves sequential executables too)
OCL_SRC       = $(filter-out runtime/ocl_bench.c,$(wildcard runtime/ocl_*.c))
OCL_OBJ       = $(OCL_SRC:%.c=$(B)/%.o)
RUNTIME_SRC   = $(filter-out $(OCL_SRC),$(wildcard runtime/*.c))
RUNTIME_OBJ   = $(RUNTIME_SRC:%.c=$(B)/%.o)
UNIT_SRC      = $(wildcard tests/unit/*.c)
UNIT_BIN      = $(UNIT_SRC:tests/unit/%.c=$(B)/unit/%)

all: $(BIN)/wyc $(B)/libwyrt.a $(B)/libwyrt_ocl.a

# wyc links the device layer for --list-devices
$(BIN)/wyc: $(COMPILER_OBJ) $(B)/libwyrt_ocl.a $(B)/libwyrt.a
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) -o $@ $(COMPILER_OBJ) $(B)/libwyrt_ocl.a $(B)/libwyrt.a \
	  -lOpenCL $(SODIUM) $(LDLIBS)

$(B)/libwyrt.a: $(RUNTIME_OBJ)
	rm -f $@
	ar rcs $@ $^

$(B)/libwyrt_ocl.a: $(OCL_OBJ)
	rm -f $@
	ar rcs $@ $^

# the driver finds the runtime libraries of its own build directory
$(B)/compiler/main.o: DEFS = -DWYC_BUILD_DIR='"$(B)"' -DWYC_ROOT_REL='"$(ROOT_REL)"'
$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEFS) -c -o $@ $<

# Unit tests link the runtime (tests of runtime code) or the compiler's
# objects minus its main (tests of compiler parts).
LIB_OBJ = $(filter-out $(B)/compiler/main.o,$(COMPILER_OBJ))
$(B)/unit/%: tests/unit/%.c $(B)/libwyrt.a $(B)/libwyrt_ocl.a $(LIB_OBJ)
	@mkdir -p $(B)/unit
	$(CC) $(CFLAGS) -Iruntime -o $@ $< $(LIB_OBJ) $(B)/libwyrt_ocl.a \
	  $(B)/libwyrt.a -lOpenCL $(SODIUM) $(LDLIBS)

units: $(UNIT_BIN)

# the differential tester of issue 10 (tests/fuzz/diff.py): N random
# programs from seed SEED, each built for --target=c and --target=opencl
# at -O0/-O1/-O2 (and --gpu-real=double), must print the same
N    ?= 100
SEED ?= 1
JOBS ?= 2
fuzz-diff: all
	python3 tests/fuzz/diff.py -n $(N) --seed $(SEED) -j $(JOBS) --stats

test: all units
	@bash tests/run.sh
# every target of tests/run.sh (also -O0, --gpu-real=exact and
# --target=opencl --real=double): before a change lands
test-all: all units
	@WYC_TARGETS=all bash tests/run.sh

# UBSan reports do not change an exit status unless recovery is off:
# -fno-sanitize-recover makes each one fatal, in wyc and in the programs
SAN = -fsanitize=address,undefined -fno-sanitize-recover=all
asan:
	$(MAKE) B=build-asan BIN=build-asan/bin ROOT_REL=../.. \
	  CFLAGS="-O1 -g $(SAN) -fno-omit-frame-pointer" \
	  WYC_ASAN=1 test-asan
# use_sigaltstack=0: the driver (PoCL's LLVM) changes the alternate signal
# stack of the thread that builds kernels (the device's start-up thread),
# and ASan then fails to unmap its own when that thread ends.
# The programs are compiled at -O0 (after wyc's -O2): under the
# sanitizers -O2 takes 3 to 6 times as long to compile, and -O0 hides
# no memory error from ASan.
test-asan: all units
	@ASAN_OPTIONS=use_sigaltstack=0 \
	  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp WYC=$(BIN)/wyc \
	  WYC_BUILD=$(B) WYC_CFLAGS="$(SAN) -O0" bash tests/run.sh

# The fuzzing harness, built by afl-cc with ASan (make fuzz-build; CI
# builds it beside another step), then fuzzed for FUZZ_TIME seconds.
FUZZ_TIME ?= 1800
fuzz-build:
	AFL_USE_ASAN=1 $(MAKE) B=build-fuzz BIN=build-fuzz/bin CC=afl-cc \
	  CFLAGS="-O1 -g" build-fuzz/fuzz/fuzz_front
fuzz: fuzz-build
	@FUZZ_BIN=build-fuzz/fuzz/fuzz_front FUZZ_TIME=$(FUZZ_TIME) \
	  bash tests/fuzz/run.sh
$(B)/fuzz/fuzz_front: tests/fuzz/fuzz_front.c $(LIB_OBJ)
	@mkdir -p $(B)/fuzz
	$(CC) $(CFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

# Generated programs under valgrind; offloaded programs on oclgrind.
valgrind: all
	@bash tests/valgrind.sh
oclgrind: all
	@bash tests/oclgrind.sh

# The benchmark comparison: the runtime's fast paths, the list-building
# benchmarks of the exact (--target=c) path, real loops on the CPU
# against C (--real=double and float), then the device comparison
# (benchmarks/README.md; `make bench QUICK=1` is the short CI check).
bench: all $(B)/bench/rt_perf
	@$(B)/bench/rt_perf
	@bash benchmarks/lists/run.sh
	@bash benchmarks/micro/realloop.sh
	@bash benchmarks/run.sh

$(B)/bench/rt_perf: benchmarks/runtime/rt_perf.c $(B)/libwyrt.a
	@mkdir -p $(B)/bench
	$(CC) $(CFLAGS) -Iruntime -o $@ $< $(B)/libwyrt.a $(LDLIBS)

80:
	@grep -n '.\{81,\}' $$(git ls-files '*.c' '*.h' '*.def') || echo "no line over 80 columns"

install: all
	install -d $(PREFIX)/bin $(PREFIX)/lib/wyc $(PREFIX)/include/wyc $(PREFIX)/share/wyc
	install -m 755 bin/wyc $(PREFIX)/bin/wyc
	install -m 644 $(B)/libwyrt.a $(B)/libwyrt_ocl.a $(PREFIX)/lib/wyc/
	install -m 644 runtime/wyrt.h runtime/ocl.h $(PREFIX)/include/wyc/
	cp -r stdlib $(PREFIX)/share/wyc/

clean:
	rm -rf build build-asan build-fuzz bin

.PHONY: all units test test-all asan test-asan fuzz fuzz-build valgrind oclgrind bench 80 \
  install clean fuzz-diff
-include $(COMPILER_OBJ:.o=.d) $(RUNTIME_OBJ:.o=.d) $(OCL_OBJ:.o=.d)
