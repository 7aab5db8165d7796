#!/usr/bin/env python3
"""diff.py -- the differential tester of issue 10: random programs from
gen.py, built for the exact sequential target and for the offloading
target, must print the same thing.

Usage:
  diff.py [-n N] [--seed S] [-j JOBS] [--out DIR] [--tests K]
          [--nat on|off|odd]
          [--variants c,O0,O1,O2,O2u,O2d,O2t] [--timeout SECS] [--deadline SECS] [--quiet]
          [--real exact|double|float]
  diff.py --minimize FILE [--out DIR] ...    delta-debug one program

For each seed S..S+N-1: generate tests/fuzz/gen.py SEED (K test
functions in one program), build it once per variant

  c    --target=c                          the reference (exact)
  O0   --target=opencl -O0                 offloads nothing
  O1   --target=opencl -O1                 1-D kernels
  O2   --target=opencl -O2                 also 2-D/3-D NDRanges
  O2d  --target=opencl -O2 --gpu-real=double
       (the generated reals are dyadic and small: exact in binary);
       not in the default set: where the device has double (PoCL, the
       H100) -O2's default --gpu-real=auto builds the same kernels
  O2t  --target=opencl -O2 --tile=all --jam=2
       tiles in local memory on any device but PoCL's (by default only a
       GPU tiles; PoCL 3.1 ran tiled kernels wrong): with FUZZ_DEVICE=gpu;
       not in the default set
  O2u  --target=opencl -O2 --unroll=4 --fma=all
       device loops that only compute and test run 4 steps between their
       exit tests, and fuse multiply-adds, on every device (by default
       only on a GPU)

(with --real double or float, each with that --real, the reference
--target=c --real=double too, the offloading ones with --fma=off, and
outputs must be equal: no rounding allowance) and run each executable with WYC_DEVICE=cpu (PoCL; FUZZ_DEVICE names
another) and WYC_QUIET=1.
The outcome of a run is its stdout, its exit status and the first stderr
line of the form `file:line:col: message` (the runtime error).  A test
that stops the program with a runtime error would hide the tests after
it, so the reference is rerun from the next test (main starts at the
test numbered by its argument count, gen.py says how) until every test
ran; each offloading variant is run with the same starting points, and
every run's outcome must equal the reference's.

Also failures: a variant that does not build (the --target=c build
failing is a generator bug or a compiler rejection: "reject"), a build
or run that reports an internal error or dies of a signal ("crash"),
and a run over the time limit ("timeout").  Each failing program is
saved to DIR/seed-S/ (prog.whiley and report.txt with every variant's
outputs); DIR defaults to a new temporary directory, printed at the
start.  Exit status 0 iff nothing failed.

--minimize FILE: greedily delete lines (a line with the block indented
under it) while the same variants still differ from the reference (or
the same crash persists), then write FILE's stem + .min.whiley into DIR
(or next to FILE) and print it.

Environment: WYC (default bin/wyc of this checkout), WYC_CFLAGS (passed
on to wyc; default -O0, which builds the generated C about 5 times
faster than wyc's own -O2).  Kernel binaries are
cached per program in a scratch XDG_CACHE_HOME, removed afterwards.

Python 3 standard library only; programs are started with argument
lists, never through a shell.
"""
import argparse
import concurrent.futures
import decimal
import fractions
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

VARIANTS = {
    "c": ["--target=c"],
    "O0": ["--target=opencl", "-O0"],
    "O1": ["--target=opencl", "-O1"],
    "O2": ["--target=opencl", "-O2"],
    "O2d": ["--target=opencl", "-O2", "--gpu-real=double"],
    "O2t": ["--target=opencl", "-O2", "--tile=all", "--jam=2"],
    "O2u": ["--target=opencl", "-O2", "--unroll=4", "--fma=all"],
}
ERRLINE = re.compile(r"^\S+:\d+:\d+: ")
MARKER = re.compile(r"^t(\d+)$")
CALL = re.compile(r'^\t\tsys\.out\.println\("t\d+"\)$', re.M)


class Outcome:
    def __init__(self, out, rc, err, errline, timed_out=False):
        self.out, self.rc, self.err = out, rc, err
        self.errline, self.timed_out = errline, timed_out

    def key(self):
        return (self.out, self.rc, self.errline)

    def describe(self):
        return ("exit status %s%s\nerror line: %s\nstdout:\n%s\nstderr:\n%s"
                % (self.rc, " (timed out)" if self.timed_out else "",
                   self.errline, self.out, self.err))


def run(argv, timeout, env=None, cwd=None):
    """(rc, stdout, stderr, timed_out); rc -N for signal N."""
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env, cwd=cwd)
        return (p.returncode, p.stdout.decode("utf-8", "replace"),
                p.stderr.decode("utf-8", "replace"), False)
    except subprocess.TimeoutExpired as e:
        def dec(b):
            return (b or b"").decode("utf-8", "replace")
        return (None, dec(e.stdout), dec(e.stderr), True)


# a real as printed: 1.25, -0.5, (178813934326171875/1125899906842624)
REAL = re.compile(r"\(-?\d+/\d+\)|-?\d+\.\d+")


def as_fraction(tok):
    if tok.startswith("("):
        num, den = tok[1:-1].split("/")
        return fractions.Fraction(int(num), int(den))
    return fractions.Fraction(tok)


# Past this many characters a printed real (a product repeated in a loop
# prints millions of digits) is compared in decimal floating point:
# Python parses a huge int in quadratic time and refuses past 4300
# digits.  50 significant digits are far inside the 2^-40 that
# rounding_only allows, and such a value is no double (a double's
# denominator has at most 324 digits).
LONG_TOKEN = 1000
DEC = decimal.Context(prec=50, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)


def as_decimal(tok):
    """A printed real to 50 significant digits, from the leading digits
    of its numerator and denominator and their lengths."""
    if not tok.startswith("("):
        return DEC.create_decimal(tok)
    num, den = tok[1:-1].split("/")

    def lead(digits):      # the leading 60 digits, scaled
        return decimal.Decimal("%sE%d" % (digits[:60], max(len(digits) - 60, 0)))
    q = DEC.divide(lead(num.lstrip("-")), lead(den))
    return -q if num.startswith("-") else q


def close_long(a, b):
    """rounding_only's test for a reference token a past LONG_TOKEN
    characters (no double) against the device's b."""
    if len(b) > LONG_TOKEN:
        return False        # the device prints doubles: never this long
    qa, qb = as_decimal(a), as_decimal(b)
    diff = DEC.subtract(qa, qb).copy_abs()
    return diff <= max(DEC.divide(qa.copy_abs(), decimal.Decimal(2) ** 40),
                       DEC.power(decimal.Decimal(2), -1000))


def in_double(q):
    """Is the rational q exactly a (finite) double?"""
    try:
        return fractions.Fraction(float(q)) == q
    except OverflowError:
        return False


def rounding_only(ref, dev):
    """Do two outputs differ only in reals that the exact reference
    printed and no double can hold, each within 2^-40 of its magnitude
    (or 2^-1000: a value below the doubles' range underflows to 0)?
    The generated reals are dyadic, but a product repeated in a loop
    (r = 1.25 * r, 24 times) needs more than 53 bits: a device real
    then rounds, as design.md documents.  That is counted as a rounding,
    not a mismatch; any other difference is a mismatch."""
    rparts, dparts = REAL.split(ref), REAL.split(dev)
    if rparts != dparts:
        return False
    rtoks, dtoks = REAL.findall(ref), REAL.findall(dev)
    if len(rtoks) != len(dtoks):
        return False
    seen = False
    for a, b in zip(rtoks, dtoks):
        if a == b:
            continue
        if len(a) > LONG_TOKEN:
            if not close_long(a, b):
                return False
            seen = True
            continue
        qa, qb = as_fraction(a), as_fraction(b)
        # relative error 2^-40, or absolute 2^-1000 where a value near
        # the bottom of the double range underflowed
        if in_double(qa) or abs(qa - qb) > max(abs(qa) / 2**40,
                                               fractions.Fraction(1, 2**1000)):
            return False
        seen = True
    return seen


def first_errline(err):
    for line in err.splitlines():
        if ERRLINE.match(line):
            return line
    return None


class Checker:
    """Builds and runs one program in every variant, compares."""

    def __init__(self, opts):
        self.opts = opts
        self.wyc = os.environ.get("WYC", os.path.join(ROOT, "bin", "wyc"))
        # the generated C at -O0 builds about 5 times faster; the
        # runtime libraries keep their own optimisation
        self.env = dict(os.environ)
        self.env.setdefault("WYC_CFLAGS", "-O0")
        # --real double: every variant, the reference too, with IEEE
        # doubles everywhere; outputs must then be equal, not only up to
        # rounding.  A fused multiply-add rounds once where the host's C
        # rounds twice (the README allows it; a GPU fuses by default),
        # so the offloading variants are built with --fma=off there: the
        # comparison stays exact.  (Fusion itself is checked in exact
        # mode, as a device real's rounding.)
        self.real = ["--real=" + opts.real] if opts.real != "exact" else []

    def variant_flags(self, variant):
        flags = VARIANTS[variant]
        if self.real and variant != "c":
            flags = [f for f in flags if not f.startswith("--fma=")]
            flags.append("--fma=off")
        return flags + self.real

    def build(self, src, variant, work):
        exe = os.path.join(work, "prog." + variant)
        argv = [self.wyc] + self.variant_flags(variant) + [src, "-o", exe]
        rc, out, err, to = run(argv, self.opts.timeout * 4, env=self.env)
        return exe, rc, out + err, to

    def execute(self, exe, start, work):
        env = dict(os.environ)
        # FUZZ_DEVICE: another device to check (tests/device/fuzz-machine.sh
        # runs on a GPU machine); PoCL by default
        env["WYC_DEVICE"] = os.environ.get("FUZZ_DEVICE", "cpu")
        env["WYC_QUIET"] = "1"
        env["XDG_CACHE_HOME"] = os.path.join(work, "cache")
        # no binary cache of wyc's: fetching a program's binary makes
        # PoCL compile every kernel, and most of a generated program's
        # never launch (runtime/ocl_program.c); PoCL's own cache, under
        # XDG_CACHE_HOME too, serves the reruns
        forced = ["binary_cache=0"]
        # PoCL starts a thread per core in every process: with a job per
        # core that is jobs x cores threads fighting over the cores; give
        # each run its share (the generated programs' kernels are small)
        env.setdefault("POCL_MAX_PTHREAD_COUNT",
                       str(max(1, (os.cpu_count() or 1) // self.opts.jobs)))
        env.pop("WYC_OFFLOAD", None)
        # the tester checks the device's kernels: no cost rule may keep a
        # call on the CPU (runtime/ocl_cost.c: the early rule would take
        # nearly every call of a small generated program)
        forced.append("small_calls=device")
        # chained loops' launches unchecked on PoCL too (by default a
        # GPU's alone: runtime/ocl_chain.c), unless the caller's WYC_DEV
        # says otherwise (a later item of WYC_DEV wins)
        env["WYC_DEV"] = ",".join(["chain=always", env.get("WYC_DEV", "")]
                                  + forced)
        rc, out, err, to = run([exe] + ["x"] * start, self.opts.timeout,
                               env=env, cwd=work)
        return Outcome(out, rc, err, first_errline(err), to)

    def check(self, src, work, variants):
        """A dict: status ('ok', 'mismatch', 'crash', 'reject',
        'timeout'), detail text, differing variants, runs."""
        res = {"status": "ok", "detail": [], "differ": set(), "runs": 0,
               "rounded": 0}

        def fail(status, variant, text):
            if res["status"] == "ok" or status == "mismatch":
                res["status"] = status
            res["differ"].add(variant)
            res["detail"].append("== %s: %s\n%s" % (variant, status, text))

        exes = {}
        # the reference first: a program it rejects needs no other build
        variants = ["c"] + [v for v in variants if v != "c"]
        for v in variants:
            exe, rc, msg, to = self.build(src, v, work)
            if to:
                fail("timeout", v, "build timed out\n" + msg)
            elif rc != 0 or "internal error" in msg:
                if v == "c" and rc == 1 and "internal error" not in msg:
                    fail("reject", v, "build failed\n" + msg)
                else:
                    fail("crash", v, "build: exit %s\n%s" % (rc, msg))
            else:
                exes[v] = exe
            if "c" not in exes:
                return res
        if "c" not in exes:
            return res
        # the reference, restarted past each call that stops it (the
        # calls are numbered by the markers main prints)
        ncalls = len(CALL.findall(open(src).read()))
        starts, ref = [], {}
        start = 0
        while True:
            o = self.execute(exes["c"], start, work)
            res["runs"] += 1
            starts.append(start)
            ref[start] = o
            if o.timed_out:
                fail("timeout", "c", "start %d\n%s" % (start, o.describe()))
                return res
            if o.rc not in (0, 1) or "internal error" in o.err:
                fail("crash", "c", "start %d\n%s" % (start, o.describe()))
            if o.rc != 1:
                break
            marks = [int(m.group(1)) for m in
                     map(MARKER.match, o.out.splitlines()) if m]
            if not marks or marks[-1] + 1 >= ncalls:
                break
            start = marks[-1] + 1
        for v in variants:
            if v == "c" or v not in exes:
                continue
            for start in starts:
                o = self.execute(exes[v], start, work)
                res["runs"] += 1
                r = ref[start]
                if o.timed_out:
                    fail("timeout", v, "start %d\n%s" % (start, o.describe()))
                elif o.rc is not None and o.rc < 0 or \
                        "internal error" in o.err:
                    fail("crash", v, "start %d\n%s" % (start, o.describe()))
                elif o.key() != r.key() and o.rc == r.rc and \
                        o.errline == r.errline and not self.real and \
                        rounding_only(r.out, o.out):
                    res["rounded"] += 1
                elif o.key() != r.key():
                    what = [n for n, a, b in
                            (("stdout", o.out, r.out), ("exit status", o.rc,
                                                        r.rc),
                             ("error line", o.errline, r.errline))
                            if a != b]
                    fail("mismatch", v, "start %d: %s differ\n-- c:\n%s\n"
                         "-- %s:\n%s" % (start, ", ".join(what),
                                         r.describe(), v, o.describe()))
        return res


def explain_counts(wyc, src):
    """(top-level loops, offloaded top-level loops), or None."""
    rc, out, err, _ = run([wyc, "--gpu-real=double", "--explain", src], 30)
    if rc != 0:
        return None
    lines = open(src).read().split("\n")
    top = off = 0
    for line in out.splitlines():
        m = re.match(r"\S+:(\d+): for \S+: (\S+)", line)
        if m and lines[int(m.group(1)) - 1].startswith("\tfor "):
            top += 1
            off += m.group(2).startswith("GPU")
    return top, off


def seed_ranges(seeds):
    """'a..b c d..e' for the sorted seeds."""
    out, seeds = [], sorted(seeds)
    i = 0
    while i < len(seeds):
        j = i
        while j + 1 < len(seeds) and seeds[j + 1] == seeds[j] + 1:
            j += 1
        out.append(str(seeds[i]) if i == j else
                   "%d..%d" % (seeds[i], seeds[j]))
        i = j + 1
    return " ".join(out)


def fuzz(opts):
    out_dir = opts.out or tempfile.mkdtemp(prefix="wyc-fuzz.")
    os.makedirs(out_dir, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="wyc-fuzz-work.")
    print("fuzz-diff: seeds %d..%d, %d tests per program, variants %s, "
          "%d jobs; failures go to %s" % (
              opts.seed, opts.seed + opts.n - 1, opts.tests,
              ",".join(opts.variants), opts.jobs, out_dir), flush=True)
    checker = Checker(opts)
    lock = threading.Lock()
    stats = {"done": 0, "mismatch": 0, "crash": 0, "reject": 0,
             "timeout": 0, "runs": 0, "top": 0, "off": 0,
             "rounded": 0, "late": 0}
    checked = []
    failed = []
    t0 = time.time()
    last = [t0]

    def one(seed):
        if opts.deadline and time.time() - t0 > opts.deadline:
            with lock:
                stats["late"] += 1
            return
        work = os.path.join(scratch, "s%d" % seed)
        os.makedirs(work)
        src = os.path.join(work, "prog.whiley")
        nat = opts.nat == "on" or (opts.nat == "odd" and seed % 2 == 1)
        text = gen.Gen(seed, opts.tests, nat, False).program()
        with open(src, "w") as f:
            f.write(text)
        res = checker.check(src, work, opts.variants)
        counts = explain_counts(checker.wyc, src) if opts.stats else None
        with lock:
            stats["done"] += 1
            checked.append(seed)
            stats["runs"] += res["runs"]
            stats["rounded"] += res["rounded"]
            if counts:
                stats["top"] += counts[0]
                stats["off"] += counts[1]
            if res["status"] != "ok":
                stats[res["status"]] += 1
                d = os.path.join(out_dir, "seed-%d" % seed)
                os.makedirs(d, exist_ok=True)
                shutil.copy(src, os.path.join(d, "prog.whiley"))
                with open(os.path.join(d, "report.txt"), "w") as f:
                    f.write("seed %d: %s (variants %s)\n\n%s\n" % (
                        seed, res["status"],
                        ",".join(sorted(res["differ"])),
                        "\n".join(res["detail"])))
                failed.append(seed)
                print("seed %d: %s in %s -> %s" % (
                    seed, res["status"], ",".join(sorted(res["differ"])),
                    d), flush=True)
            now = time.time()
            if not opts.quiet and (now - last[0] >= opts.progress or
                                   stats["done"] == opts.n):
                last[0] = now
                print("  [%d/%d] %d mismatches, %d crashes, %d rejected, "
                      "%d timeouts, %.2f programs/s" % (
                          stats["done"], opts.n, stats["mismatch"],
                          stats["crash"], stats["reject"], stats["timeout"],
                          stats["done"] / max(now - t0, 1e-9)), flush=True)
        shutil.rmtree(work, ignore_errors=True)

    try:
        with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
            list(pool.map(one, range(opts.seed, opts.seed + opts.n)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    dt = time.time() - t0
    bad = len(failed)
    loops = ""
    if stats["top"]:
        loops = ", %d of %d top-level loops offloadable" % (stats["off"],
                                                             stats["top"])
    print("fuzz-diff: %d programs (%d tests) seeds %d..%d, %d runs%s: "
          "%d mismatches, %d crashes, %d rejected, %d timeouts, "
          "%d runs differing only by a device real's rounding; "
          "%.0f s, %.2f programs/s" % (
              stats["done"], stats["done"] * opts.tests, opts.seed,
              opts.seed + opts.n - 1, stats["runs"], loops,
              stats["mismatch"], stats["crash"], stats["reject"],
              stats["timeout"], stats["rounded"], dt, stats["done"] / max(dt, 1e-9)))
    if stats["late"]:
        print("fuzz-diff: the deadline (%.0f s) left %d programs unstarted; "
              "seeds checked: %s" % (opts.deadline, stats["late"],
                                     seed_ranges(checked)))
    if bad:
        print("failing seeds: %s (in %s)" % (
            " ".join(str(s) for s in sorted(failed)), out_dir))
    elif not opts.out:
        shutil.rmtree(out_dir, ignore_errors=True)
    return 1 if bad else 0


# ---- minimisation ------------------------------------------------------

def span(lines, i):
    """The end of the deletion candidate at line i: the line and the
    lines indented under it; None for lines not worth deleting."""
    def indent(t):
        return len(t) - len(t.lstrip("\t"))
    s = lines[i]
    if not s.strip() or s.startswith("import") or s.startswith("//"):
        return None
    j = i + 1
    while j < len(lines) and (not lines[j].strip() or
                              indent(lines[j]) > indent(s)):
        j += 1
    return j


def minimize(opts):
    src = opts.minimize
    text = open(src).read()
    checker = Checker(opts)
    scratch = tempfile.mkdtemp(prefix="wyc-min.")
    name = os.path.basename(src)
    trial = [0]

    def test(lines):
        trial[0] += 1
        work = os.path.join(scratch, "t%d" % trial[0])
        os.makedirs(work)
        p = os.path.join(work, name)
        with open(p, "w") as f:
            f.write("\n".join(lines) + "\n")
        res = checker.check(p, work, opts.variants)
        shutil.rmtree(work, ignore_errors=True)
        return res

    lines = text.rstrip("\n").split("\n")
    first = test(lines)
    if first["status"] in ("ok", "reject"):
        print("minimize: %s does not fail (%s)" % (src, first["status"]))
        shutil.rmtree(scratch, ignore_errors=True)
        return 1
    want_status, want = first["status"], first["differ"] - {"c"}
    keep = ["c"] + sorted(want)
    print("minimize: %s: %s in %s" % (src, want_status, ",".join(keep[1:])),
          flush=True)

    def still(lines):
        res = test_keep(lines)
        return res["status"] == want_status and res["differ"] & want

    def test_keep(lines):
        saved = opts.variants
        opts.variants = keep
        try:
            return test(lines)
        finally:
            opts.variants = saved

    # passes from the last line up (main's calls first, then the
    # functions they no longer need, then statements), until a pass
    # deletes nothing; a candidate the compiler rejects costs little
    changed = True
    while changed:
        changed = False
        i = len(lines) - 1
        while i >= 0:
            j = span(lines, i) if i < len(lines) else None
            if j is not None:
                cand = lines[:i] + lines[j:]
                if still(cand):
                    lines = cand
                    changed = True
                    print("  %d lines" % len(lines), flush=True)
            i -= 1
    final = test_keep(lines)
    out_dir = opts.out or os.path.dirname(os.path.abspath(src))
    os.makedirs(out_dir, exist_ok=True)
    stem = os.path.splitext(name)[0]
    dst = os.path.join(out_dir, stem + ".min.whiley")
    with open(dst, "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out_dir, stem + ".min.txt"), "w") as f:
        f.write("\n".join(final["detail"]) + "\n")
    print("minimize: %d trials; %s (%d lines):\n" % (trial[0], dst,
                                                    len(lines)))
    print("\n".join(lines))
    print("\n".join(final["detail"]))
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=20, help="programs (20)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (1)")
    ap.add_argument("-j", "--jobs", type=int, default=2,
                    help="programs checked in parallel (2)")
    ap.add_argument("--out", help="directory for failing programs")
    ap.add_argument("--tests", type=int, default=6,
                    help="test functions per program (6)")
    ap.add_argument("--nat", choices=("on", "off", "odd"), default="odd",
                    help="constrained types (nat) in every program, in "
                    "none, or in those of odd seeds (the default)")
    ap.add_argument("--real", choices=("exact", "double", "float"),
                    default="exact", help="the real mode of every build, "
                    "the reference's too (exact)")
    ap.add_argument("--variants", default="c,O0,O1,O2,O2u",
                    help="builds to compare (c,O0,O1,O2,O2u; also O2d, O2t)")
    ap.add_argument("--timeout", type=float, default=120,
                    help="seconds per run (120; builds 4x): PoCL builds "
                    "kernels at run time, which takes long on a busy "
                    "machine")
    ap.add_argument("--deadline", type=float, default=0,
                    help="seconds after which no program starts (0: "
                    "none); the summary then names the seeds checked")
    ap.add_argument("--progress", type=float, default=30,
                    help="seconds between progress lines (30)")
    ap.add_argument("--stats", action="store_true",
                    help="count offloadable top-level loops (--explain)")
    ap.add_argument("--quiet", action="store_true", help="no progress")
    ap.add_argument("--minimize", metavar="FILE",
                    help="delta-debug FILE instead of fuzzing")
    opts = ap.parse_args()
    opts.variants = [v for v in opts.variants.split(",") if v]
    for v in opts.variants:
        if v not in VARIANTS:
            ap.error("unknown variant %s" % v)
    if "c" not in opts.variants:
        opts.variants.insert(0, "c")
    if opts.minimize:
        return minimize(opts)
    return fuzz(opts)


if __name__ == "__main__":
    sys.exit(main())
