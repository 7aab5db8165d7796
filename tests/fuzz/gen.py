#!/usr/bin/env python3
"""gen.py -- random Whiley programs for the differential tester (issue 10).

Usage: gen.py SEED [--tests K] [--nat] [--inexact-reals]

Prints one well-formed program, the same for the same SEED and options.
The program holds K (default 6) test functions t0..t(K-1) and a main
that calls each twice with literal arguments, 2K calls numbered 0..2K-1;
before call J it prints a marker line "tJ", after it the returned tuple.
main skips the calls before START, where START is the number of
command-line arguments (`prog x x` starts at call 2), so the driver
(diff.py) can rerun a program past a call that stopped it with a runtime
error: one build then checks every test's loops, not only those before
the first error.

Each test function has the signature

  ([int], [int], [[int]], [real], int, real)
  tJ([int] a, [int] b, [[int]] m, [real] r, int n, int k, int d)

and returns (a, b, m, r, INT, REAL), where INT and REAL sum the scalars
that its loops carry or leave behind.  a holds ints of any size (near
2^31 and 2^63 too), b small ints (an index list: a[b[i]]), m a matrix
(sometimes jagged), r dyadic reals, n a length (sometimes off by one), k
a small count (sometimes 0: empty inner ranges), d a divisor (sometimes
0).  The bodies are nests of `for` over ranges (constant, variable,
empty, descending) and over lists and rows, with reads and writes at i,
i+c, i-c, n-1-i, 2*i and b[i]; private, carried and escaping scalars
(some carried ones induction variables: k = k + step, step invariant;
ints near the range analysis's rules: c * i / n, a value under a test
of its square, a while loop's value under one;
some top loops counted while loops: i = lo; while i < hi: ...; i = i + 1);
some functions' loops inside a host while loop that runs them again
(chained loops, filter/chain.c: launches that do not wait for their
error flags, with host arithmetic and an assert between them);
if/switch/break/return; assert; calls to helpers with requires/ensures;
indices through a clamping call (cl(v + d, lo, hi), its bounds in or
just past the list, or lo > hi);
rows taken (`w = m[i]`) and written back; int|real scalars; reduction
loops (accumulators of int, real and bool carried only through + * &&
|| Math.max/min, the `if t > g: g = t` idiom and counts, over ranges,
lists and nests, with ints that overflow 64 bits, empty ranges and e that
fails; now and then an accumulator read elsewhere, or a list written at
the range loop's own index beside the reductions); nests writing a list
at an index affine in their loop variables, strides that may repeat an
index or run out of bounds.  The mix is
chosen so that about half of the loops are offloadable and the rest are
near-misses of the filter's rules (check with `bin/wyc --explain`).

Reals: by default every real is exact in binary (dyadic literals, only
+ - * and division by 2.0), so --gpu-real=double must give the exact
answer; --inexact-reals also divides by arbitrary reals.
--nat adds `define nat as int where $ >= 0` and helpers with nat
parameters (constraint violations at call sites).

Python 3 standard library only.
"""
import random
import sys

SMALL = [0, 1, 2, 3, 5, 7, -1, -2, 10]
BIG = [2147483647, 2147483646, -2147483648, 2147483648, 1073741824,
       46341, 65536, 3037000499, 9223372036854775807,
       -9223372036854775807, 4611686018427387904, 4294967296]
DYADIC = ["0.5", "1.25", "2.0", "0.75", "3.5", "1.0", "0.25", "4.0",
          "1.5", "0.125"]
INEXACT = ["0.1", "0.3", "1.7"]


class Var:
    """A variable visible to the generator: name, type ('int', 'real',
    'list' for a row [int]), and whether the return sums it."""
    def __init__(self, name, ty, ret=False):
        self.name, self.ty, self.ret = name, ty, ret


class Loop:
    """An enclosing loop: its variable, whether it is a range (the
    variable is an index) and, for ranges, the list it was sized on."""
    def __init__(self, var, is_range, sized=None, is_int=True):
        self.var, self.is_range, self.sized = var, is_range, sized
        self.is_int = is_int


class Gen:
    def __init__(self, seed, tests=6, nat=False, inexact=False):
        self.rnd = random.Random(seed)
        self.brnd = random.Random(seed * 2 + 1)   # build loops (maybe_build)
        self.jrnd = random.Random(seed * 3 + 2)   # blocked nests (maybe_jam)
        self.crnd = random.Random(seed * 5 + 3)   # host loops (test_decl)
        self.srnd = random.Random(seed * 7 + 5)   # real escape loops
        self.arnd = random.Random(seed * 11 + 7)  # affine nests
        self.trnd = random.Random(seed * 13 + 5)  # a try in a test function
        self.drnd = random.Random(seed * 17 + 3)  # distributable bodies
        self.grnd = random.Random(seed * 19 + 5)  # independent statements
        self.tests = tests
        self.nat = nat
        self.inexact = inexact
        self.out = []

    # ---- small helpers ------------------------------------------------
    def chance(self, p):
        return self.rnd.random() < p

    def pick(self, xs):
        return self.rnd.choice(xs)

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def emit(self, depth, text):
        self.out.append("\t" * depth + text)

    def small_const(self):
        return str(self.pick(SMALL))

    def int_const(self):
        if self.chance(0.12):
            c = self.pick(BIG)
        else:
            c = self.pick(SMALL)
        return str(c) if c >= 0 else "(%d)" % c

    # ---- index expressions ---------------------------------------------
    def range_loops(self, ctx):
        return [lp for lp in ctx["loops"] if lp.is_range]

    def free_index(self, ctx, lst):
        """Any index shape into list lst ('a', 'b', 'r', a row, 'm')."""
        loops = self.range_loops(ctx)
        elems = [lp for lp in ctx["loops"]
                 if not lp.is_range and lp.is_int]
        if not loops or self.chance(0.05):
            if elems and self.chance(0.5):
                return self.pick(elems).var      # computed index
            return self.pick(["0", "1", "k", "(n - 1)"])
        # mostly the innermost loop's variable
        lp = loops[-1] if self.chance(0.7) else self.pick(loops)
        v = lp.var
        shape = self.rnd.random()
        if shape < 0.7:
            return v
        if shape < 0.76:
            return "%s + %d" % (v, self.pick([1, 1, 2]))
        if shape < 0.82:
            return "%s - %d" % (v, self.pick([1, 1, 2]))
        if shape < 0.88:
            ln = "|%s|" % lst if lst != "m" else "|m|"
            return "%s - 1 - %s" % (ln, v)
        if shape < 0.91:
            return "2 * %s" % v
        if shape < 0.95:
            # through a call: its bounds tested once before a kernel's
            # loop (in the list, past it by one, or lo > hi)
            ln = "|%s|" % lst if lst != "m" else "|m|"
            lo, hi = self.pick([("0", ln + " - 1"), ("0", ln + " - 1"),
                                ("0", ln), ("1", "k"), (ln + " - 1", "0")])
            return "cl(%s %s %d, %s, %s)" % (
                v, self.pick(["+", "-"]), self.pick([0, 1, 2]), lo, hi)
        if shape < 0.97:
            return "b[%s]" % v
        return self.pick(["0", "k", v + " / 2"])

    def canon(self, ctx, lst):
        """The one index a clean nest uses for list lst, which it writes
        (None where there is none here: m outside an inner loop)."""
        if lst == "m":
            if ctx["mj"] is None:
                return None
            return "%s][%s" % (ctx["top"], ctx["mj"])
        return ctx["top"] + ctx["W"][lst]

    def index(self, ctx, lst):
        """An index for a read of lst (for m: of its first level)."""
        if ctx["clean"] and lst in ctx["W"] and lst != "m":
            return self.canon(ctx, lst)
        return self.free_index(ctx, lst)

    def read(self, ctx, lst):
        """A read of an element of lst, or None (a clean nest cannot
        read m here)."""
        if lst == "m":
            if ctx["clean"] and "m" in ctx["W"]:
                c = self.canon(ctx, "m")
                return None if c is None else "m[%s]" % c
            return "m[%s][%s]" % (self.free_index(ctx, "m"),
                                  self.free_index(ctx, "m"))
        return "%s[%s]" % (lst, self.index(ctx, lst))

    def row_lists(self, ctx):
        return [v for v in ctx["vars"] if v.ty == "list"]

    # ---- expressions ---------------------------------------------------
    def int_leaf(self, ctx):
        r = self.rnd.random()
        ints = [v.name for v in ctx["vars"] if v.ty == "int"]
        loops = [lp.var for lp in ctx["loops"] if lp.is_int]
        if r < 0.2 and loops:
            return self.pick(loops)
        if r < 0.45:
            lst = self.pick(["a", "a", "b"])
            return "%s[%s]" % (lst, self.index(ctx, lst))
        if r < 0.55:
            e = self.read(ctx, "m")
            if e is not None:
                return e
        if r < 0.6 and self.row_lists(ctx):
            w = self.pick(self.row_lists(ctx)).name
            return "%s[%s]" % (w, self.index(ctx, w))
        if r < 0.7 and ints:
            return self.pick(ints)
        if r < 0.75:
            return self.pick(["|a|", "|b|", "|m|", "n", "k"])
        if r < 0.78 and self.range_loops(ctx) and not (
                ctx["clean"] and "m" in ctx["W"]):
            return "|m[%s]|" % self.index(ctx, "m")
        return self.int_const()

    def divisor(self, ctx):
        return self.pick(["d", "d", "k", "b[%s]" % self.index(ctx, "b"),
                          "(%s - k)" % self.int_leaf(ctx), "2", "3"])

    def int_expr(self, ctx, depth=2):
        if depth <= 0 or self.chance(0.35):
            return self.int_leaf(ctx)
        r = self.rnd.random()
        x = self.int_expr(ctx, depth - 1)
        if r < 0.35:
            return "(%s + %s)" % (x, self.int_expr(ctx, depth - 1))
        if r < 0.5:
            return "(%s - %s)" % (x, self.int_expr(ctx, depth - 1))
        if r < 0.65:
            return "(%s * %s)" % (x, self.int_expr(ctx, depth - 1))
        if r < 0.75:
            return "(%s / %s)" % (x, self.divisor(ctx))
        if r < 0.82:
            return "(%s %% %s)" % (x, self.divisor(ctx))
        if r < 0.9 and self.helpers:
            h = self.pick(self.helpers)
            args = [self.int_expr(ctx, depth - 1) for _ in range(h[1])]
            if h[0] == "g0":
                args = ["a"] + args
            return "%s(%s)" % (h[0], ", ".join(args))
        if r < 0.94:
            # Math natives a kernel computes itself (wyil/devmath.c): exact
            # on ints, and on the dyadic reals the generator makes
            f = self.pick(["abs", "max", "min", "round", "floor", "ceil"])
            if f == "abs":
                return "Math.abs(%s)" % x
            if f in ("max", "min"):
                return "Math.%s(%s, %s)" % (f, x, self.int_expr(ctx, depth - 1))
            return "Math.%s(%s)" % (f, self.real_expr(ctx, depth - 1))
        return "-(%s)" % x

    def small_int(self, ctx):
        """An int that stays small: safe to mix into exact reals."""
        loops = [lp.var for lp in ctx["loops"] if lp.is_int]
        opts = [self.small_const(), "k"]
        if loops:
            opts.append(self.pick(loops))
        opts.append("b[%s]" % self.index(ctx, "b"))
        return self.pick(opts)

    def real_leaf(self, ctx):
        r = self.rnd.random()
        reals = [v.name for v in ctx["vars"] if v.ty == "real"]
        if r < 0.45:
            return "r[%s]" % self.index(ctx, "r")
        if r < 0.6 and reals:
            return self.pick(reals)
        if r < 0.7 and self.inexact:
            return self.pick(INEXACT)
        return self.pick(DYADIC)

    def real_expr(self, ctx, depth=2):
        if depth <= 0 or self.chance(0.35):
            return self.real_leaf(ctx)
        r = self.rnd.random()
        x = self.real_expr(ctx, depth - 1)
        if r < 0.3:
            return "(%s + %s)" % (x, self.real_expr(ctx, depth - 1))
        if r < 0.45:
            return "(%s - %s)" % (x, self.real_expr(ctx, depth - 1))
        if r < 0.6:
            return "(%s * %s)" % (x, self.real_leaf(ctx))
        if r < 0.75:
            return "(%s * %s)" % (x, self.small_int(ctx))
        if r < 0.85:
            if self.inexact:
                return "(%s / %s)" % (x, self.real_leaf(ctx))
            return "(%s / 2.0)" % x
        return "-(%s)" % x

    def cond(self, ctx):
        r = self.rnd.random()
        if r < 0.6:
            op = self.pick(["<", "<=", ">", ">=", "==", "!="])
            return "%s %s %s" % (self.int_expr(ctx, 1), op,
                                 self.int_expr(ctx, 1))
        if r < 0.68:
            return "%s < %s" % (self.real_expr(ctx, 1), self.real_leaf(ctx))
        loops = [lp.var for lp in ctx["loops"] if lp.is_int]
        if r < 0.85 and loops:
            v = loops[-1]
            return "%s %% 2 == %s" % (v, self.pick(["0", "1"]))
        return "(%s) %s (%s)" % (self.cond(ctx), self.pick(["&&", "||"]),
                                 self.cond(ctx))

    # ---- statements ----------------------------------------------------
    # A nest (a top-level loop and everything in it) is generated in one
    # of three modes, chosen per nest:
    #   clean     only what keeps the nest offloadable: the lists it
    #             writes (W) are written and read at one index each (the
    #             top loop's variable plus an offset, m at [i][j] with j
    #             an inner range variable), scalars are private, no early
    #             exit, no call taking a list;
    #   near-miss a clean nest plus exactly one violation (a carried or
    #             escaping scalar, a read or write at another index, an
    #             early exit, a row taken and written back, ...);
    #   free      any statement anywhere.
    def block(self, ctx, depth, nstmts):
        for s in range(nstmts):
            self.stmt(ctx, depth, s == nstmts - 1)

    def child(self, ctx):
        c = dict(ctx)
        c["vars"] = list(ctx["vars"])
        return c

    def stmt(self, ctx, depth, last):
        in_loop = bool(ctx["loops"])
        if in_loop and ctx["violate"][0] > 0 and (
                self.chance(0.3) or last and ctx["depth"] == 1):
            ctx["violate"][0] -= 1
            self.violation(ctx, depth)
            return
        r = self.rnd.random()
        want_inner = ctx["clean"] and "m" in ctx["W"] and ctx["mj"] is None
        if ctx["depth"] < 3 and (r < 0.2 or want_inner and r < 0.6):
            self.for_stmt(ctx, depth)
            return
        if r < 0.55:
            self.list_write(ctx, depth)
        elif r < 0.68:
            self.private(ctx, depth)
        elif r < 0.72 and not ctx["clean"]:
            self.carried(ctx, depth)
        elif r < 0.82:
            self.if_stmt(ctx, depth)
        elif r < 0.86:
            self.switch_stmt(ctx, depth)
        elif r < 0.89:
            self.emit(depth, "assert %s" % self.cond(ctx))
        elif r < 0.93:
            self.row_take(ctx, depth)
        elif r < 0.96 and not ctx["clean"]:
            self.int_real(ctx, depth)
        elif (r < 0.99 and last and ctx["ifdepth"] > 0
              and not ctx["clean"]):
            self.exit_stmt(ctx, depth)
        else:
            self.private(ctx, depth)

    def violation(self, ctx, depth):
        """One statement (or a few) that breaks one rule of a clean nest."""
        k = self.rnd.randrange(12)
        free = self.child(ctx)
        free["clean"] = False
        W = [x for x in ctx["W"] if x != "m"]
        if k == 0:
            self.carried(ctx, depth)
        elif k == 1:
            self.emit(depth, "if %s:" % self.cond(ctx))
            self.carried(self.child(ctx), depth + 1)
        elif k == 2 and W:
            # read a written list at another index
            lst = self.pick(W)
            t = self.fresh("t")
            self.emit(depth, "%s = %s[%s]" % (t, lst,
                                              self.free_index(free, lst)))
            ctx["vars"].append(Var(t, "int" if lst != "r" else "real"))
        elif k == 3:
            self.list_write(free, depth)
        elif k == 4:
            self.emit(depth, "if %s:" % self.cond(ctx))
            self.exit_stmt(ctx, depth + 1)
        elif k == 5 and ctx["top"]:
            w = self.fresh("w")
            top = ctx["top"]
            self.emit(depth, "%s = m[%s]" % (w, top))
            self.emit(depth, "%s[%s] = %s" % (w, self.pick(["0", top, "k"]),
                                               self.int_expr(ctx, 1)))
            self.emit(depth, "m[%s] = %s" % (top, w))
        elif k == 6 and ctx["top"]:
            top = ctx["top"]
            x = self.fresh("x")
            self.emit(depth, "for %s in m[%s]:" % (x, top))
            self.emit(depth + 1, "m[%s][%s] = %s + %s" % (
                top, self.pick(["0", "k", x]), x, self.int_leaf(ctx)))
        elif k == 7:
            t = self.fresh("t")
            self.emit(depth, "%s = g0(a, %s)" % (t, self.int_leaf(ctx)))
            ctx["vars"].append(Var(t, "int"))
        elif k == 8:
            self.int_real(ctx, depth)
        elif k == 9 and ctx["top"]:
            # a scalar set under an if, then used
            u = self.fresh("u")
            self.emit(depth, "%s = 0" % u)
            self.emit(depth, "if %s:" % self.cond(ctx))
            self.emit(depth + 1, "%s = %s" % (u, self.int_leaf(ctx)))
            ctx["vars"].append(Var(u, "int"))
        elif k == 10 and ctx["top"]:
            # an inner loop that leaves early
            j = self.fresh("i")
            self.emit(depth, "for %s in 0..%s:" % (j, self.pick(["k", "n"])))
            self.emit(depth + 1, "if %s:" % self.cond(ctx))
            self.emit(depth + 2, "break")
            c = self.child(ctx)
            c["loops"] = ctx["loops"] + [Loop(j, True)]
            c["violate"] = [0]
            self.list_write(c, depth + 1)
        else:
            self.list_write(free, depth)

    def top_scalar(self, ctx, depth):
        """Before a loop: a scalar the loops below may carry, leave
        behind (read by the return) or use privately."""
        if self.chance(0.75):
            name = self.fresh("e")
            self.emit(depth, "%s = %s" % (name, self.int_const()))
            ctx["vars"].append(Var(name, "int", ret=self.chance(0.7)))
        else:
            name = self.fresh("q")
            self.emit(depth, "%s = %s" % (name, self.pick(DYADIC)))
            ctx["vars"].append(Var(name, "real", ret=self.chance(0.7)))

    def top_range(self):
        """(range text, offset for the written lists) of a top loop."""
        r = self.rnd.random()
        if r < 0.45:
            return self.pick(["0..|a|", "0..n", "0..|r|", "0..|m|"]), ""
        if r < 0.55:
            return self.pick(["1..|a|", "1..n"]), self.pick([" - 1", ""])
        if r < 0.65:
            return "0..(|a| - 1)", self.pick([" + 1", ""])
        if r < 0.75:
            return self.pick(["|a|..0", "n..0"]), " - 1"   # descending
        if r < 0.85:
            return self.pick(["k..n", "0..k", "2..|a|"]), ""
        if r < 0.92:
            return self.pick(["0..0", "n..n", "0..1", "0..3"]), ""
        return "0..|b|", self.pick(["", " + 1"])

    def inner_range(self, ctx):
        top = ctx["top"]
        opts = ["0..k", "0..n", "0..|b|", "0..3", "k..0", "0..0", "1..k"]
        if top:
            opts += ["0..|m[%s]|" % top] * 3 + ["0..%s" % top]
        return self.pick(opts)

    def for_stmt(self, ctx, depth):
        c = self.child(ctx)
        c["depth"] = ctx["depth"] + 1
        c["ifdepth"] = 0
        outer = self.range_loops(ctx)
        if ctx["depth"] == 0:
            self.top_for(ctx, depth)
            return
        if self.chance(0.2):
            # over a list: its elements
            opts = ["b", "a"]
            if outer:
                opts += ["m[%s]" % outer[-1].var] * 2
            opts += [w.name for w in self.row_lists(ctx)]
            src = self.pick(opts)
            if not ctx["clean"] and self.chance(0.15):
                v = self.fresh("w")   # for row in m
                self.emit(depth, "for %s in m:" % v)
                c["vars"].append(Var(v, "list"))
                c["loops"] = ctx["loops"] + [Loop(v, False, is_int=False)]
            else:
                v = self.fresh("x")
                self.emit(depth, "for %s in %s:" % (v, src))
                c["loops"] = ctx["loops"] + [Loop(v, False)]
        else:
            v = self.fresh("i")
            self.emit(depth, "for %s in %s:" % (v, self.inner_range(ctx)))
            c["loops"] = ctx["loops"] + [Loop(v, True)]
            if c["mj"] is None:
                c["mj"] = v
        self.block(c, depth + 1, self.rnd.randint(1, 2))

    def top_for(self, ctx, depth):
        """A top-level loop: its nest's mode, written lists, range."""
        c = self.child(ctx)
        c["depth"] = 1
        c["ifdepth"] = 0
        mode = self.rnd.random()
        c["clean"] = mode < 0.85
        c["violate"] = [1 if 0.5 <= mode < 0.85 else 0]
        c["W"] = {}
        c["mj"] = None
        if self.chance(0.12):
            v = self.fresh("x")
            self.emit(depth, "for %s in %s:" % (v, self.pick(["b", "a"])))
            c["loops"] = [Loop(v, False)]
            c["top"] = None
        else:
            v = self.fresh("i")
            rng, off = self.top_range()
            lo, hi = rng.split("..")
            # a counted while loop (filter/counted.c makes it a range
            # loop): the same iterations where lo <= hi, none otherwise
            counted = not hi.endswith("0") and self.chance(0.15)
            if counted:
                self.emit(depth, "%s = %s" % (v, lo))
                self.emit(depth, "while %s < %s:" % (v, hi))
            else:
                self.emit(depth, "for %s in %s:" % (v, rng))
            c["loops"] = [Loop(v, True)]
            c["top"] = v
            for lst in self.rnd.sample(["a", "a", "m", "r", "b"],
                                       self.rnd.randint(1, 2)):
                c["W"][lst] = off if self.chance(0.85) else self.pick(
                    ["", " + 1", " - 1"])
            if c["clean"] and self.chance(0.45):
                self.flat_nest(c, depth + 1)
            else:
                self.block(c, depth + 1, self.rnd.randint(1, 4))
            if counted:
                self.emit(depth + 1, "%s = %s + 1" % (v, v))
            return
        self.block(c, depth + 1, self.rnd.randint(1, 4))

    def maybe_build(self, ctx, depth):
        """Sometimes a build loop before a top loop, drawn from a random
        stream of its own: the rest of the program is what it was before
        build loops were generated (the fixed seeds keep their shapes)."""
        if self.brnd.random() >= 0.3:
            return
        saved, self.rnd = self.rnd, self.brnd
        try:
            r = self.rnd.random()
            if r < 0.3:
                self.nested_build(ctx, depth)
            elif r < 0.4:
                self.shared_rows(ctx, depth)
            else:
                self.build_loop(ctx, depth)
        finally:
            self.rnd = saved

    def maybe_jam(self, ctx, depth):
        """Sometimes a nest the back end blocks (jam_nest), before a top
        loop, drawn from a random stream of its own as maybe_build."""
        if self.jrnd.random() >= 0.35:
            return
        saved, self.rnd = self.rnd, self.jrnd
        try:
            self.jam_nest(ctx, depth)
        finally:
            self.rnd = saved

    def maybe_affine(self, ctx, depth):
        """Sometimes an affine nest before a top loop (filter/affine.c,
        deptest.c), drawn from a random stream of its own as maybe_build:
        writes at offsets and strides of the loop variables over offset,
        triangular and descending ranges, read at other affine indices,
        some never written by another iteration, some carried."""
        if self.arnd.random() >= 0.3:
            return
        saved, self.rnd = self.rnd, self.arnd
        try:
            r = self.rnd.random()
            if r < 0.35:
                self.affine_row(depth)
            elif r < 0.85:
                self.affine_grid(depth)
            else:
                self.affine_elimination(depth)
        finally:
            self.rnd = saved

    def maybe_distributed(self, depth):
        """Sometimes a loop whose body is a parallel part and then a
        carried one (filter/distribute.c), or a nest summing rows into
        columns (interchange.c), from a random stream of its own: the
        rest may read a's elements at other iterations' indices (some
        orders forbid the split), and b or a may be shorter than the
        range (a failure in either part: which comes first)."""
        if self.drnd.random() >= 0.25:
            return
        saved, self.rnd = self.rnd, self.drnd
        try:
            i = self.fresh("i")
            if self.chance(0.35):
                # a sum over the rows into each column (interchange.c):
                # swapped unless a read one column over forbids it
                j = self.fresh("j")
                self.emit(depth, "for %s in %s:" % (i, self.pick(
                    ["0..|m|", "1..|m|", "0..n", "0..(|m| - 1)"])))
                self.emit(depth + 1, "for %s in 0..%s:" % (j, self.pick(
                    ["|b|", "|b|", "(|b| - 1)", "|m[0]|"])))
                self.emit(depth + 2, "b[%s] = (b[%s] + m[%s][%s]) %% 1000" % (
                    j, self.pick([j, j, "%s + 1" % j]), self.pick(
                        [i, i, "%s - 1" % i]), j))
                return
            self.emit(depth, "for %s in %s:" % (i, self.pick(
                ["0..(|a| - 1)", "0..(|b| - 1)", "1..|a|", "0..n",
                 "k..(|a| - 1)"])))
            self.emit(depth + 1, "a[%s] = (a[%s] %s %s) %% 1000" % (
                i, i, self.pick(["+", "*", "-"]),
                self.pick(["b[%s]" % i, "k", "1", "%s / (k + 1)" % i])))
            if self.chance(0.3):   # a row product between the two
                j = self.fresh("j")
                self.emit(depth + 1, "for %s in 0..|b|:" % j)
                self.emit(depth + 2, "a[%s] = (a[%s] + b[%s]) %% 1000" % (
                    i, i, j))
            rd = self.pick([i, "%s + 1" % i, "%s - 1" % i, "k", "0"])
            self.emit(depth + 1, "b[%s + 1] = (b[%s] + a[%s]) %% 1000" % (
                i, i, rd))
        finally:
            self.rnd = saved

    def maybe_groups(self, depth):
        """Sometimes a nest whose inner body holds two statements, a
        row's own sum into a and a column sum into b
        (filter/distribute_groups.c), from a random stream of its own:
        independent, or tied by a read of the other's list (one group),
        with ranges that may pass a list's end (which fails first)."""
        if self.grnd.random() >= 0.2:
            return
        saved, self.rnd = self.rnd, self.grnd
        try:
            i, j = self.fresh("i"), self.fresh("j")
            self.emit(depth, "for %s in %s:" % (i, self.pick(
                ["0..|a|", "0..|m|", "0..n", "1..|a|", "0..(|a| - 1)"])))
            self.emit(depth + 1, "for %s in %s:" % (j, self.pick(
                ["0..|b|", "0..|b|", "0..(|b| - 1)", "0..|m[0]|"])))
            col = "b[%s] = (b[%s] + m[%s][%s] %s) %% 1000" % (
                j, j, i, j, self.pick(["", "* k", "+ a[%s]" % i]))
            row = "a[%s] = (a[%s] + m[%s][%s] * %s) %% 1000" % (
                i, i, i, j, self.pick(["k", "2", "b[%s]" % j,
                                       "(%s + 1)" % j]))
            first, second = (col, row) if self.chance(0.5) else (row, col)
            self.emit(depth + 2, first)
            self.emit(depth + 2, second)
        finally:
            self.rnd = saved

    def affine_row(self, depth):
        """a[w(i)] = a[r(i)] + ..., one loop."""
        i = self.fresh("i")
        self.emit(depth, "for %s in %s:" % (i, self.pick(
            ["0..|a|", "1..|a|", "0..(|a| - 1)", "k..|a|", "0..(|a| / 2)",
             "|a|..0", "(|a| - 1)..k"])))
        w = self.pick([i, i, "%s + 1" % i, "%s - 1" % i, "2 * %s" % i,
                       "|a| - 1 - %s" % i])
        rd = self.pick([i, "%s + 1" % i, "%s - 1" % i, "2 * %s + 1" % i,
                        "2 * %s + 2" % i, "|a| - 1 - %s" % i, "k"])
        self.emit(depth + 1, "a[%s] = (%s[%s] + %s) %% 1000" % (
            w, self.pick(["a", "a", "b"]), rd, self.pick([i, "1", "k"])))

    def affine_grid(self, depth):
        """m[w] = m[r] + ... over a rectangle, a triangle or offsets."""
        i, j = self.fresh("i"), self.fresh("j")
        self.emit(depth, "for %s in %s:" % (i, self.pick(
            ["0..|m|", "1..|m|", "0..(|m| - 1)", "k..|m|", "0..n",
             "(|m| - 1)..0"])))
        self.emit(depth + 1, "for %s in %s:" % (j, self.pick(
            ["%s..|m|" % i, "(%s + 1)..|m|" % i, "0..%s" % i,
             "1..(|m| - 1)", "0..|m|", "0..|m[%s]|" % i, "%s..0" % i])))

        def idx():
            return self.pick([i, j, i, j, "%s + 1" % i, "%s - 1" % j,
                              "%s - 1" % i, "%s + 1" % j, "k"])
        w = self.pick(["%s][%s" % (i, j), "%s][%s" % (j, i),
                       "%s][%s" % (idx(), idx())])
        rd = self.pick(["%s][%s" % (j, i), "%s][%s" % (i, j),
                        "%s][%s" % (idx(), idx()), "k][%s" % j,
                        "%s][k" % i])
        self.emit(depth + 2, "m[%s] = (m[%s] + %s) %% 1000" % (
            w, rd, self.pick([i, j, "1", "m[%s][%s]" % (i, j)])))

    def affine_elimination(self, depth):
        """An elimination: a sequential loop around parallel ones."""
        p, i, j = self.fresh("p"), self.fresh("i"), self.fresh("j")
        self.emit(depth, "for %s in 0..%s:" % (p, self.pick(["|m|", "n"])))
        self.emit(depth + 1, "for %s in (%s + 1)..|m|:" % (i, p))
        self.emit(depth + 2, "for %s in (%s + 1)..|m|:" % (j, p))
        self.emit(depth + 3, "m[%s][%s] = (m[%s][%s] - m[%s][%s] * "
                  "m[%s][%s]) %% 1000" % (i, j, i, j, i, p, p, j))

    def lcg_start(self, ctx, depth):
        """Sometimes a scalar updated by an affine map modulo m in the
        loop that follows (filter/recur.c: jump-ahead for s, a, c >= 0
        and m > 0, the sequential version otherwise): its name and
        update, or None.  The caller emits the update in the innermost
        loop and may read the scalar there; its last value is returned."""
        if not self.chance(0.25):
            return None
        s = self.fresh("s")
        self.emit(depth, "%s = %s" % (s, self.pick(
            ["1", "42", "k", "n", "-3", "12345678901", "0"])))
        a = self.pick(["1103515245", "5", "48271", "k", "-3", "0"])
        c = self.pick(["12345", "0", "d", "-7", "1", ""])
        m = self.pick(["2147483648", "2147483648", "7", "1000", "k",
                       "-5", "18446744073709551616", "|a| + 1"])
        prod = self.pick(["%s * %s" % (s, a), "%s * %s" % (a, s)])
        if c:
            prod = self.pick(["%s + %s" % (prod, c), "%s + %s" % (c, prod)])
        ctx["vars"].append(Var(s, "int", ret=True))
        return s, "%s = (%s) %% %s" % (s, prod, m)

    def build_loop(self, ctx, depth):
        """A build loop (filter/build.c): `xs = []`, then a range loop
        appending one element per iteration, often one that can fail (a
        division, an index, a call with a precondition, an overflow) or
        over an empty or descending range; sometimes a near miss (a
        conditional append, two appends, a prepend).  The list replaces
        a (ints) or r (reals), or is counted (bools): the host reads it."""
        c = self.clean_child(ctx)
        kind = self.pick(["int", "int", "real", "bool"])
        xs = self.fresh("xs")
        v = self.fresh("i")
        lcg = self.lcg_start(ctx, depth) if kind == "int" else None
        self.emit(depth, "%s = []" % xs)
        rng = self.pick(
            ["0..|a|", "0..|a|", "0..n", "k..n", "0..k", "2..|a|", "0..0",
             "n..n", "|a|..0", "0..|r|", "0..d"])
        # counted by its length (filter/counted.c): while |xs| < hi, the
        # index kept as a counter of its own
        by_length = rng.startswith("0..") and self.chance(0.3)
        if by_length:
            self.emit(depth, "%s = 0" % v)
            self.emit(depth, "while |%s| < %s:" % (xs, rng[3:]))
        else:
            self.emit(depth, "for %s in %s:" % (v, rng))
        c["loops"] = [Loop(v, True)]
        c["top"] = v
        if self.chance(0.4):
            t = self.fresh("t")
            self.emit(depth + 1, "%s = %s" % (t, self.int_expr(c)))
            c["vars"].append(Var(t, "int"))
        if kind == "int":
            e = self.int_expr(c)
        elif kind == "real":
            e = self.real_expr(c)
        else:
            e = self.cond(c)
        if lcg:
            self.emit(depth + 1, lcg[1])
            e = self.pick(["%s + %s" % (e, lcg[0]), lcg[0],
                           "(%s / 65536) %% 1000" % lcg[0]])
        app = "%s = %s + [%s]" % (xs, xs, e)
        r = self.rnd.random()
        if by_length:     # a conditional append might never end the loop
            r = max(r, 0.08)
        if r < 0.08:      # conditional append
            self.emit(depth + 1, "if %s:" % self.cond(c))
            self.emit(depth + 2, app)
        elif r < 0.13:    # two appends
            self.emit(depth + 1, app)
            self.emit(depth + 1, app)
        elif r < 0.17:    # prepend
            self.emit(depth + 1, "%s = [%s] + %s" % (xs, e, xs))
        else:
            self.emit(depth + 1, app)
        if by_length:
            self.emit(depth + 1, "%s = %s + 1" % (v, v))
        if kind == "int":
            self.emit(depth, "a = %s" % xs)
        elif kind == "real":
            self.emit(depth, "r = %s" % xs)
        else:
            cnt, x = self.fresh("e"), self.fresh("x")
            self.emit(depth, "%s = 0" % cnt)
            self.emit(depth, "for %s in %s:" % (x, xs))
            self.emit(depth + 1, "if %s:" % x)
            self.emit(depth + 2, "%s = %s * 2 + 1" % (cnt, cnt))
            self.emit(depth + 1, "else:")
            self.emit(depth + 2, "%s = %s * 2" % (cnt, cnt))
            ctx["vars"].append(Var(cnt, "int", ret=True))

    def nested_build(self, ctx, depth):
        """A 2-D build (filter/build.c): rows of ints, each built from
        [] by an inner range loop (often empty or descending, the outer
        body sometimes computing a private value that can fail), appended
        to a list that replaces m; sometimes a near miss (a value carried
        along the row, a conditional row)."""
        c = self.clean_child(ctx)
        rows, row = self.fresh("rows"), self.fresh("row")
        y, x = self.fresh("i"), self.fresh("i")
        lcg = self.lcg_start(ctx, depth)
        self.emit(depth, "%s = []" % rows)
        self.emit(depth, "for %s in %s:" % (y, self.pick(
            ["0..|a|", "0..n", "0..k", "1..n", "0..0", "n..0", "0..3"])))
        c["loops"] = [Loop(y, True)]
        c["top"] = y
        if self.chance(0.4):
            t = self.fresh("t")
            self.emit(depth + 1, "%s = %s" % (t, self.int_expr(c)))
            c["vars"].append(Var(t, "int"))
        self.emit(depth + 1, "%s = []" % row)
        carried = self.chance(0.08)
        if carried:
            cv = self.fresh("t")
            self.emit(depth + 1, "%s = 0" % cv)
        self.emit(depth + 1, "for %s in %s:" % (x, self.pick(
            ["0..k", "0..n", "0..3", "0..0", "k..0", "1..k", "0..|b|",
             "0..d"])))
        ci = self.child(c)
        ci["loops"] = c["loops"] + [Loop(x, True)]
        e = self.int_expr(ci)
        if lcg:
            self.emit(depth + 2, lcg[1])
            e = "%s + %s" % (e, lcg[0])
        if carried:
            self.emit(depth + 2, "%s = %s + %s" % (cv, cv, e))
            e = cv
        self.emit(depth + 2, "%s = %s + [%s]" % (row, row, e))
        if self.chance(0.06):
            self.emit(depth + 1, "if %s:" % self.cond(c))
            self.emit(depth + 2, "%s = %s + [%s]" % (rows, rows, row))
        else:
            self.emit(depth + 1, "%s = %s + [%s]" % (rows, rows, row))
        self.emit(depth, "m = %s" % rows)
        self.host_writes(depth)

    def host_writes(self, depth):
        """After a grid built on the device replaced m: sometimes a few
        host writes into its rows before anything reads it, which fetch
        only the rows written (runtime/ocl_resident.c, res_write); the
        guards keep the writes in bounds."""
        if self.chance(0.5):
            return
        for _ in range(self.rnd.randint(1, 3)):
            row = self.pick(["0", "1", "2", "|m| - 1"])
            col = self.pick(["0", "1", "|m[%s]| - 1" % row])
            self.emit(depth, "if |m| > %s:" % (
                "0" if row.startswith("|") else row))
            self.emit(depth + 1, "if |m[%s]| > %s:" % (
                row, "1" if col == "1" else "0"))
            self.emit(depth + 2, "m[%s][%s] = %d" % (
                row, col, self.rnd.randint(-9, 9)))

    def shared_rows(self, ctx, depth):
        """A row appended many times (filter/rows.c makes it a copy per
        iteration, a 2-D build): a or b, or a row built just before,
        appended to a list that replaces m; the test's later writes to
        m, a and b check that the rows are values, not one shared row."""
        rows, y = self.fresh("rows"), self.fresh("i")
        src = self.pick(["a", "b", "row"])
        if src == "row":
            src, x = self.fresh("row"), self.fresh("i")
            self.emit(depth, "%s = []" % src)
            self.emit(depth, "for %s in %s:" % (x, self.pick(
                ["0..k", "0..3", "0..0", "0..|a|"])))
            self.emit(depth + 1, "%s = %s + [%s * %d]" % (
                src, src, x, self.rnd.randint(-3, 3)))
        self.emit(depth, "%s = []" % rows)
        self.emit(depth, "for %s in %s:" % (y, self.pick(
            ["0..|a|", "0..n", "0..k", "1..n", "0..0", "n..0", "0..3"])))
        self.emit(depth + 1, "%s = %s + [%s]" % (rows, rows, src))
        self.emit(depth, "m = %s" % rows)
        self.host_writes(depth)

    def flat_nest(self, c, depth):
        """The body of a nest -O2 may flatten into a 2-D NDRange: private
        values (often ones that can fail: a division, an index, a call
        with a precondition) around one inner loop whose range is
        invariant and may be empty; the inner loop writes m[i][j]."""
        c["W"]["m"] = ""
        top = c["top"]
        for _ in range(self.rnd.randint(0, 2)):
            r = self.rnd.random()
            t = self.fresh("t")
            if r < 0.3:
                e = "%s / %s" % (self.int_leaf(c), self.divisor(c))
            elif r < 0.5:
                e = "a[%s]" % self.free_index(c, "a") if "a" not in c["W"] \
                    else "b[%s + 1]" % top
            elif r < 0.65 and self.helpers:
                e = "h0(%s)" % self.int_leaf(c)
                if self.helpers[0][1] == 2:
                    e = "h0(%s, %s)" % (self.int_leaf(c), self.int_leaf(c))
            elif r < 0.75:
                self.emit(depth, "assert %s" % self.cond(c))
                continue
            else:
                e = self.int_expr(c)
            self.emit(depth, "%s = %s" % (t, e))
            c["vars"].append(Var(t, "int"))
        j = self.fresh("i")
        self.emit(depth, "for %s in %s:" % (j, self.pick(
            ["0..k", "0..k", "0..n", "0..|b|", "0..3", "k..0", "0..0",
             "1..k", "0..|a|", "0..d"])))
        ci = self.child(c)
        ci["loops"] = c["loops"] + [Loop(j, True)]
        ci["mj"] = j
        ci["depth"] = c["depth"] + 1
        self.emit(depth + 1, "m[%s][%s] = %s" % (top, j, self.int_expr(ci)))
        self.block(ci, depth + 1, self.rnd.randint(0, 2))

    def list_write(self, ctx, depth):
        if ctx["clean"]:
            W = [x for x in ctx["W"] if x != "m" or ctx["mj"]]
            if not W:
                self.private(ctx, depth)
                return
            lst = self.pick(W)
            if lst == "r":
                e = self.real_expr(ctx)
            else:
                e = self.int_expr(ctx, 1 if lst == "b" else 2)
            self.emit(depth, "%s[%s] = %s" % (lst, self.canon(ctx, lst), e))
            return
        r = self.rnd.random()
        if r < 0.4:
            self.emit(depth, "a[%s] = %s" % (self.index(ctx, "a"),
                                              self.int_expr(ctx)))
        elif r < 0.65:
            self.emit(depth, "m[%s][%s] = %s" % (
                self.index(ctx, "m"), self.index(ctx, "m"),
                self.int_expr(ctx)))
        elif r < 0.85:
            self.emit(depth, "r[%s] = %s" % (self.index(ctx, "r"),
                                              self.real_expr(ctx)))
        elif r < 0.92 and self.row_lists(ctx):
            w = self.pick(self.row_lists(ctx)).name
            self.emit(depth, "%s[%s] = %s" % (w, self.index(ctx, w),
                                               self.int_expr(ctx)))
        else:
            self.emit(depth, "b[%s] = %s" % (self.index(ctx, "b"),
                                              self.int_expr(ctx, 1)))

    def reduce_loop(self, ctx, depth):
        """A loop that accumulates into scalars (reductions: + * && ||
        min max, counts, the `if t > g: g = t` idiom, chains of +), over
        a range (maybe empty or descending), a list, or a nest of two
        ranges; e may fail (indices, divisions, preconditions) and ints
        may overflow 64 bits.  Now and then an accumulator is also read
        elsewhere in the body: a near miss that must stay on the CPU."""
        accs = []
        for _ in range(self.rnd.randint(1, 3)):
            ty = self.pick(["int", "int", "int", "real", "bool"])
            g = self.fresh("g")
            if ty == "int":
                init = self.pick(["0", "1", "0", self.int_const()])
            elif ty == "real":
                init = self.pick(["0.0", "1.0"] + DYADIC)
            else:
                init = self.pick(["true", "false"])
            self.emit(depth, "%s = %s" % (g, init))
            accs.append((g, ty))
        near = self.chance(0.15)
        if near:
            ctx["vars"] += [Var(g, ty) for g, ty in accs if ty != "bool"]
        c = self.clean_child(ctx)
        rows = False
        if self.chance(0.12):
            # over the rows of m: a row per work item
            w = self.fresh("w")
            self.emit(depth, "for %s in m:" % w)
            c["vars"].append(Var(w, "list"))
            c["loops"] = [Loop(w, False, is_int=False)]
            c["top"] = None
            rows = self.chance(0.7)
            if rows:
                x = self.fresh("x")
                self.emit(depth + 1, "for %s in %s:" % (x, w))
                c["loops"] = c["loops"] + [Loop(x, False)]
                c["depth"] = 2
        elif self.chance(0.25):
            v = self.fresh("x")
            self.emit(depth, "for %s in %s:" % (v, self.pick(["a", "b"])))
            c["loops"] = [Loop(v, False)]
            c["top"] = None
        else:
            v = self.fresh("i")
            rng, off = self.top_range()
            self.emit(depth, "for %s in %s:" % (v, rng))
            c["loops"] = [Loop(v, True)]
            c["top"] = v
            if self.chance(0.3):
                # a map with a reduction: the loop also writes a list at
                # its own index (reads of it use that index too)
                c["W"][self.pick(["a", "a", "r", "b"])] = off
        d = depth + 2 if rows else depth + 1
        if c["top"] and self.chance(0.35):
            if self.chance(0.3):
                # an update around the inner loop: once per outer
                # iteration, not once per flattened work item
                g, ty = self.pick(accs)
                self.reduce_update(c, d, g, ty)
            j = self.fresh("i")
            self.emit(d, "for %s in %s:" % (j, self.pick(
                ["0..k", "0..n", "0..|b|", "0..3", "0..0", "k..0",
                 "0..|m[%s]|" % c["top"]])))
            c["loops"] = c["loops"] + [Loop(j, True)]
            c["depth"] = 2
            d += 1
        if self.chance(0.3):
            self.private(c, d)
        for g, ty in accs:
            self.reduce_update(c, d, g, ty)
        for lst in c["W"] if c["depth"] == 1 else []:
            e = self.real_expr(c) if lst == "r" else self.int_expr(
                c, 1 if lst == "b" else 2)
            self.emit(d, "%s[%s] = %s" % (lst, self.canon(c, lst), e))
        if not near:
            ctx["vars"] += [Var(g, ty, ret=True) for g, ty in accs
                            if ty != "bool"]
        for g, ty in accs:
            if ty == "bool":
                self.emit(depth, "if %s:" % g)
                self.emit(depth + 1, "s = s + 1")
            elif near:
                self.emit(depth, "%s = %s + %s" % (
                    "s" if ty == "int" else "q", "s" if ty == "int" else "q",
                    g))

    def reduce_update(self, c, d, g, ty):
        """One update of accumulator g (maybe under a condition)."""
        if self.chance(0.25):
            self.emit(d, "if %s:" % self.cond(c))
            d += 1
        r = self.rnd.random()
        if ty == "bool":
            self.emit(d, "%s = %s %s %s" % (g, g, self.pick(["&&", "||"]),
                                            self.cond(c)))
            return
        if ty == "real":
            leaf = self.real_leaf
            if r < 0.4:
                e = leaf(c) if self.chance(0.6) else "(%s * %s)" % (
                    leaf(c), leaf(c))
                self.emit(d, "%s = %s + %s" % (g, g, e))
            elif r < 0.55:
                f = self.pick(["r[%s]" % self.index(c, "r")] + DYADIC)
                self.emit(d, "%s = %s * %s" % (g, g, f))
            elif r < 0.75:
                self.emit(d, "%s = Math.%s(%s, %s)" % (
                    g, self.pick(["max", "min"]), g, leaf(c)))
            else:
                t = self.fresh("t")
                self.emit(d, "%s = %s" % (t, leaf(c)))
                self.emit(d, "if %s %s %s:" % (t, self.pick(["<", ">", ">=",
                                                             "<="]), g))
                self.emit(d + 1, "%s = %s" % (g, t))
            return
        if r < 0.3:
            self.emit(d, "%s = %s + %s" % (g, g, self.int_expr(c)))
        elif r < 0.4:
            self.emit(d, "%s = %s + %s + %s" % (g, g, self.int_leaf(c),
                                                self.int_leaf(c)))
        elif r < 0.5:
            self.emit(d, "%s = %s * %s" % (g, g, self.int_leaf(c)))
        elif r < 0.62:
            if self.chance(0.5):
                self.emit(d, "%s = Math.max(%s, %s)" % (g, g, self.int_expr(c)))
            else:
                self.emit(d, "%s = Math.min(%s, %s)" % (g, self.int_expr(c), g))
        elif r < 0.8:
            t = self.fresh("t")
            self.emit(d, "%s = %s" % (t, self.int_expr(c)))
            if self.chance(0.5):
                self.emit(d, "if %s %s %s:" % (t, self.pick(["<", ">", ">=",
                                                             "<="]), g))
            else:
                self.emit(d, "if %s %s %s:" % (g, self.pick(["<", ">"]), t))
            self.emit(d + 1, "%s = %s" % (g, t))
        else:
            self.emit(d, "if %s:" % self.cond(c))
            self.emit(d + 1, "%s = %s + 1" % (g, g))

    def clean_child(self, ctx):
        """The context of a top-level loop whose body writes no list of
        the test's own (the caller adds what it writes to W)."""
        c = self.child(ctx)
        c["depth"] = 1
        c["ifdepth"] = 0
        c["clean"] = True
        c["violate"] = [0]
        c["W"] = {}
        c["mj"] = None
        return c

    def computed_write(self, ctx, depth):
        """A nest of one to three range loops writing `a` or `r` at an
        index affine in the loop variables (filter/inject.c): strides
        from constants, k, n, d, |a| (zero, negative, too small: the
        index repeats and later writes win), maybe read at the same
        index, maybe out of bounds; now and then a reduction beside."""
        lst = self.pick(["a", "a", "r"])
        c = self.clean_child(ctx)
        c["top"] = None
        terms = []
        g = None
        if self.chance(0.3):
            g = self.fresh("g")
            self.emit(depth, "%s = 0" % g)
        d = depth
        for lvl in range(self.rnd.randint(1, 3)):
            v = self.fresh("i")
            self.emit(d, "for %s in %s:" % (v, self.pick(
                ["0..2", "0..3", "0..k", "0..n", "1..3", "3..0", "0..|b|",
                 "0..d"])))
            c["loops"] = c["loops"] + [Loop(v, True)]
            stride = self.pick(["1", "2", "3", "-1", "0", "k", "n", "d",
                                "(k + 1)", "|b|", "(2 * n + 1)"])
            terms.append(v if stride == "1" else "%s * %s" % (v, stride)
                         if self.chance(0.7) else "%s * %s" % (stride, v))
            d += 1
        off = self.pick(["", " + 1", " + k", " - 1", " + (n - 1)"])
        idx = " + ".join(terms) + off
        if self.chance(0.3):
            idx = "(|%s| - 1) - (%s)" % (lst, idx)
        if g:
            self.reduce_update(c, d, g, "int")
        if lst == "r":
            e = self.real_expr(c)
            if self.chance(0.4):
                e = "r[%s] + %s" % (idx, e)
        else:
            e = self.int_expr(c)
            if self.chance(0.4):
                e = "a[%s] * 2 + %s" % (idx, e)
        self.emit(d, "%s[%s] = %s" % (lst, idx, e))
        if g:
            ctx["vars"].append(Var(g, "int", ret=True))

    def jam_nest(self, ctx, depth):
        """The shape the back end blocks (opencl_backend/oclgen_jam.c):
        a loop over i (maybe also j: m[i][j]) whose body computes a few
        values, sums over an inner range that does not depend on i (or
        j), and stores into the list it writes at its own index.  The
        ranges' sizes are rarely multiples of the blocks."""
        two = self.chance(0.6)
        lst = "m" if two else self.pick(["a", "a", "r"])
        c = self.clean_child(ctx)
        # a copy of m the nest only reads, as rows and as columns (the
        # tiles in local memory of opencl_backend/oclgen_tile.c)
        w = self.fresh("w") if two and self.chance(0.5) else None
        if w:
            self.emit(depth, "%s = m" % w)
        i = self.fresh("i")
        self.emit(depth, "for %s in %s:" % (i, self.pick(
            ["0..|%s|" % lst, "0..|%s|" % lst, "0..n", "0..k",
             "1..|%s|" % lst, "0..(|%s| - 1)" % lst])))
        c["loops"] = [Loop(i, True)]
        c["top"] = i
        c["W"][lst] = ""
        d = depth + 1
        if two:
            j = self.fresh("i")
            self.emit(d, "for %s in %s:" % (j, self.pick(
                ["0..|m[0]|", "0..|b|", "0..k", "0..3"])))
            c["loops"] = c["loops"] + [Loop(j, True)]
            c["mj"] = j
            d += 1
        if self.chance(0.4):
            t = self.fresh("t")
            self.emit(d, "%s = %s" % (t, self.int_expr(c)))
            c["vars"] = c["vars"] + [Var(t, "int")]
        real = lst == "r"
        u = self.fresh("u")
        self.emit(d, "%s = %s" % (u, "0.0" if real else self.pick(
            ["0", "0", self.int_const()])))
        v = self.fresh("i")
        self.emit(d, "for %s in %s:" % (v, self.pick(
            ["0..|b|", "0..|b|", "0..n", "0..k", "0..3", "k..0", "0..0",
             "0..|a|"])))
        ci = self.child(c)
        ci["loops"] = c["loops"] + [Loop(v, True)]
        e = self.real_expr(ci) if real else self.int_expr(ci)
        if w:
            e = "%s[%s][%s] * %s[%s][%s]" % (w, i, v, w, v, c["mj"])
            if self.chance(0.5):
                e = "%s + %s" % (e, self.int_expr(ci))
        self.emit(d + 1, "%s = %s + %s" % (u, u, e))
        val = u
        if not real and self.chance(0.5):
            val = "%s + %s" % (u, self.int_expr(c))
        self.emit(d, "%s[%s] = %s" % (
            lst, "%s][%s" % (i, c["mj"]) if two else i, val))

    def private(self, ctx, depth):
        # its own stream: programs without one are those of before
        if ctx["depth"] >= 1 and self.srnd.random() < 0.06:
            self.real_escape(ctx, depth)
        elif ctx["depth"] >= 1 and self.chance(0.12):
            self.private_sum(ctx, depth)
        elif ctx["depth"] >= 1 and self.chance(0.1):
            self.range_probe(ctx, depth)
        elif self.chance(0.85):
            name = self.fresh("t")
            self.emit(depth, "%s = %s" % (name, self.int_expr(ctx)))
            ctx["vars"].append(Var(name, "int"))
        else:
            name = self.fresh("p")
            self.emit(depth, "%s = %s" % (name, self.real_expr(ctx)))
            ctx["vars"].append(Var(name, "real"))

    def real_escape(self, ctx, depth):
        """A while loop on reals left by a comparison of a square
        (mandelbrot's shape), its values exact in binary: a GPU (or any
        device under O2t's --unroll) runs several of its steps between
        the tests and redoes them when one says leave
        (opencl_backend/oclgen_spec.c)."""
        z, c, w = self.fresh("z"), self.fresh("c"), self.fresh("w")
        self.emit(depth, "%s = %s" % (z, self.real_leaf(ctx)))
        self.emit(depth, "%s = %s" % (c, self.real_leaf(ctx)))
        self.emit(depth, "%s = 0" % w)
        test = "%s < k && %s * %s <= %s" % (
            w, z, z, self.pick(["4.0", "100.0", "16384.0"]))
        # a do-while counts before its tests (the guard differs)
        do = self.chance(0.4)
        self.emit(depth, "do:" if do else "while %s:" % test)
        self.emit(depth + 1, "%s = %s * %s + %s" % (
            z, z, self.pick(["2.0", "(-2.0)", "1.0"]), c))
        self.emit(depth + 1, "%s = %s + 1" % (w, w))
        if do:
            self.emit(depth, "while %s" % test)
        ctx["vars"].append(Var(w, "int"))
        ctx["vars"].append(Var(z, "real"))

    def range_probe(self, ctx, depth):
        """Ints near the rules of the kernels' range analysis
        (checks/range.c), whose products fit 32 bits
        only where a rule holds: c * x / n with x a loop's index (n its
        bound or not), a value bounded by a comparison of its square (or
        not: changed between the two), a value a while loop defines
        again and again under a comparison of its square."""
        loops = [lp.var for lp in self.range_loops(ctx)]
        t = self.fresh("v")
        big = self.pick(["1000", "46341", "65536", "1000000000",
                         "1500000000"])
        r = self.rnd.random()
        if r < 0.3 and loops:
            den = self.pick(["n", "|a|", "k", "|b|", "(n + 1)", "d"])
            self.emit(depth, "%s = 0" % t)
            self.emit(depth, "if %s > 0:" % den)
            self.emit(depth + 1, "%s = (%s * %s) / %s" % (
                t, self.pick(["3", "1000", "4096", "12288", "46341"]),
                self.pick(loops), den))
            self.emit(depth, "%s = %s * %s" % (t, t, self.pick([t, big])))
        elif r < 0.65:
            x = self.fresh("x")
            c = self.pick(["1", "4", "4096", "1048576"])
            self.emit(depth, "%s = %s" % (x, self.int_leaf(ctx)))
            self.emit(depth, "%s = (%s * %s) / %s" % (t, x, x, c))
            if self.chance(0.3):
                self.emit(depth, "%s = %s + %s" % (x, x,
                                                   self.int_leaf(ctx)))
            other = self.pick(["0", "1", "(%s * %s) / %s" % (
                self.int_leaf(ctx), "k", c)])
            self.emit(depth, "if %s + %s <= %s:" % (
                t, other, self.pick(["2", "100", "16384", "2147483647"])))
            self.emit(depth + 1, "%s = %s * %s" % (t, x, big))
        else:
            z, w = self.fresh("z"), self.fresh("w")
            c = self.pick(["1", "4", "4096"])
            self.emit(depth, "%s = %s" % (z, self.pick(["0", "1",
                                                        self.int_leaf(ctx)])))
            self.emit(depth, "%s = 0" % w)
            self.emit(depth, "while %s < k && (%s * %s) / %s <= %s:" % (
                w, z, z, c, self.pick(["4", "100", "16384"])))
            self.emit(depth + 1, "%s = %s * %s + %s" % (
                z, z, self.pick(["2", "3", "(-2)"]), self.int_leaf(ctx)))
            self.emit(depth + 1, "%s = %s + 1" % (w, w))
            self.emit(depth, "%s = %s * %s" % (t, z, big))
        ctx["vars"].append(Var(t, "int"))

    def private_sum(self, ctx, depth):
        """A sum private to an iteration: started here, added to in an
        inner range loop (maybe under a condition, by + or -, either
        operand order), then used: a kernel carries it in 64 bits
        (checks/hoist.c, CHK_WIDE).  Now and then the inner loop also
        reads it or adds to it twice: near misses that keep their
        tests."""
        u = self.fresh("u")
        self.emit(depth, "%s = %s" % (u, self.pick(["0", "0",
                                                    self.int_const()])))
        j = self.fresh("i")
        rel = self.chance(0.35)
        self.emit(depth, "for %s in %s:" % (
            j, self.relative_range(ctx) if rel else self.inner_range(ctx)))
        c = self.child(ctx)
        c["depth"] = ctx["depth"] + 1
        c["ifdepth"] = 0
        c["loops"] = ctx["loops"] + [Loop(j, True)]
        d = depth + 1
        c1 = c   # the first level's (what follows the inner loop sees)
        if rel and self.chance(0.5):
            # a second level whose range is relative to the first's
            # variable: the sum's count is the product of both
            j2 = self.fresh("i")
            c2 = self.child(c)
            c2["loops"] = c["loops"] + [Loop(j2, True)]
            self.emit(d, "for %s in %s:" % (j2, self.relative_range(c2, j)))
            c, d = c2, d + 1
        if self.chance(0.25):
            self.emit(d, "if %s:" % self.cond(c))
            d += 1
        e = self.int_expr(c)
        r = self.rnd.random()
        if r < 0.5:
            self.emit(d, "%s = %s + %s" % (u, u, e))
        elif r < 0.75:
            self.emit(d, "%s = %s - %s" % (u, u, e))
        else:
            self.emit(d, "%s = %s + %s" % (u, e, u))
        if self.chance(0.15):
            self.emit(depth + 1, "if %s > %s:" % (u, self.int_leaf(c1)))
            self.emit(depth + 2, "%s = %s / 2" % (u, u))
        elif self.chance(0.1):
            self.emit(depth + 1, "%s = %s + %s" % (u, u, self.int_leaf(c1)))
        ctx["vars"].append(Var(u, "int"))

    def relative_range(self, ctx, v=None):
        """A range whose trip count is bounded relative to a value (the
        running sums' rule, checks/ival_sum.c): v..v + c, a neighbourhood
        clamped by a call, or one that may run downwards."""
        if v is None:
            v = self.int_leaf(ctx)
        r = self.rnd.random()
        if r < 0.3:
            return "%s..(%s + %s)" % (v, v, self.pick(["1", "2", "3", "k"]))
        if r < 0.55:
            return "(%s - 1)..(%s + %s)" % (v, v, self.pick(["1", "2"]))
        if r < 0.85:
            hi = self.pick(["n", "|a|", "k", "(|b| - 1)"])
            return "cl(%s - 1, 0, %s)..(cl(%s + 1, 0, %s) + 1)" % (
                v, hi, v, hi)
        return "(%s + %s)..%s" % (v, self.pick(["1", "2", "k"]), v)

    def carried(self, ctx, depth):
        """Write a scalar from outside the loop: carried (reads itself)
        or escaping (its last value is read after the loop)."""
        outer = [v for v in ctx["vars"] if v.ty in ("int", "real")
                 and v.name in ctx["outer_scalars"]]
        if not outer:
            self.private(ctx, depth)
            return
        v = self.pick(outer)
        if v.ty == "int" and self.chance(0.5):
            # an induction variable (filter/induction.c): a step that no
            # loop of the nest changes, sometimes beyond the device's ints
            step = self.pick(["1", "2", "-3", "k", "d", "n", "|a|",
                              "4611686018427387904"])
            e = "%s %s %s" % (v.name, self.pick(["+", "-"]), step)
        elif v.ty == "int":
            e = self.int_expr(ctx)
            if self.chance(0.5):
                e = "%s + %s" % (v.name, e)
        else:
            e = self.real_expr(ctx)
            if self.chance(0.5):
                e = "%s + %s" % (v.name, e)
        self.emit(depth, "%s = %s" % (v.name, e))

    def if_stmt(self, ctx, depth):
        self.emit(depth, "if %s:" % self.cond(ctx))
        c = self.child(ctx)
        c["ifdepth"] = ctx["ifdepth"] + 1
        self.block(c, depth + 1, 1)
        if self.chance(0.4):
            self.emit(depth, "else:")
            c2 = self.child(ctx)
            c2["ifdepth"] = ctx["ifdepth"] + 1
            self.block(c2, depth + 1, 1)

    def switch_stmt(self, ctx, depth):
        self.emit(depth, "switch (%s):" % self.int_expr(ctx, 1))
        used = self.rnd.sample(range(0, 6), self.rnd.randint(1, 3))
        for cv in used:
            if self.chance(0.3):
                extra = (cv + 6) % 12
                self.emit(depth + 1, "case %d, %d:" % (cv, extra))
            else:
                self.emit(depth + 1, "case %d:" % cv)
            c = self.child(ctx)
            c["ifdepth"] = ctx["ifdepth"] + 1
            self.block(c, depth + 2, 1)
        if self.chance(0.4):
            self.emit(depth + 1, "default:")
            c = self.child(ctx)
            c["ifdepth"] = ctx["ifdepth"] + 1
            self.block(c, depth + 2, 1)

    def row_take(self, ctx, depth):
        """w = m[i], then |w| or w[j] (in free nests also w[j] = e and
        m[i] = w: rows taken and written)."""
        if ctx["clean"] and "m" in ctx["W"]:
            self.private(ctx, depth)
            return
        w = self.fresh("w")
        idx = self.index(ctx, "m")
        self.emit(depth, "%s = m[%s]" % (w, idx))
        ctx["vars"].append(Var(w, "list"))
        r = self.rnd.random()
        if r < 0.3 and not ctx["clean"]:
            self.emit(depth, "%s[%s] = %s" % (w, self.index(ctx, w),
                                               self.int_expr(ctx, 1)))
            self.emit(depth, "m[%s] = %s" % (self.index(ctx, "m"), w))
        elif r < 0.5:
            t = self.fresh("t")
            self.emit(depth, "%s = |%s|" % (t, w))
            ctx["vars"].append(Var(t, "int"))
        elif r < 0.6 and not ctx["clean"]:
            self.emit(depth, "m[%s] = %s" % (self.index(ctx, "m"), w))

    def int_real(self, ctx, depth):
        """v = 0; if c: v = r[i]  gives v the type int|real."""
        v = self.fresh("u")
        self.emit(depth, "%s = %s" % (v, self.pick(["0", "1", "k"])))
        self.emit(depth, "if %s:" % self.cond(ctx))
        self.emit(depth + 1, "%s = %s" % (v, self.real_expr(ctx, 1)))
        idx = self.index(ctx, "r")
        r = self.rnd.random()
        if r < 0.5:
            self.emit(depth, "r[%s] = %s * %s" % (idx, self.pick(DYADIC), v))
        elif r < 0.7:
            self.emit(depth, "r[%s] = %s + %s" % (idx, v, self.real_leaf(ctx)))
        elif r < 0.85:
            self.emit(depth, "if %s < %s:" % (v, self.real_leaf(ctx)))
            self.emit(depth + 1, "r[%s] = %s" % (idx, self.real_leaf(ctx)))
        else:
            t = self.fresh("u")
            self.emit(depth, "%s = %s * 2" % (t, v))
            self.emit(depth, "r[%s] = 1.0 * %s" % (idx, t))

    def ret_expr(self, ctx):
        ints = ["s"] + [v.name for v in ctx["vars"]
                        if v.ty == "int" and v.ret]
        reals = ["q"] + [v.name for v in ctx["vars"]
                         if v.ty == "real" and v.ret]
        return "(a, b, m, r, %s, %s)" % (" + ".join(ints), " + ".join(reals))

    def exit_stmt(self, ctx, depth):
        if self.chance(0.5):
            self.emit(depth, "break")
        else:
            self.emit(depth, "return %s" % self.ret_expr(ctx))

    # ---- declarations --------------------------------------------------
    def helpers_decl(self):
        self.helpers = []   # (name, arity)
        for h in range(self.rnd.randint(1, 3)):
            name = "h%d" % h
            arity = self.rnd.randint(1, 2)
            ps = ["x", "y"][:arity]
            ptype = "int"
            if self.nat and self.chance(0.5):
                ptype = "nat"
            params = ", ".join("%s %s" % (ptype, p) for p in ps)
            clauses = []
            if self.chance(0.6):
                clauses.append("requires %s %s %d" % (
                    self.pick(ps), self.pick([">", ">=", "<", "!="]),
                    self.pick([-1000, -3, 0, 2, 100, 3000])))
            if self.chance(0.5):
                clauses.append("ensures $ %s %s" % (
                    self.pick(["!=", ">", "<"]),
                    self.pick(["x", "x - 100", "-5", "0"])))
            head = "int %s(%s)" % (name, params)
            if clauses:
                head += " " + ", ".join(clauses)
            self.emit(0, head + ":")
            y = "y" if arity == 2 else self.pick(["1", "3"])
            if self.chance(0.5):
                self.emit(1, "if x %s %s:" % (self.pick(["<", ">"]), y))
                self.emit(2, "return x * %s" % self.pick(["2", y, "x"]))
            self.emit(1, "return x + %s" % self.pick([y, "1", "x"]))
            self.emit(0, "")
            self.helpers.append((name, arity))
        # v, or the nearer end of lo..hi: an index through a call
        self.emit(0, "int cl(int v, int lo, int hi):")
        self.emit(1, "if v < lo:")
        self.emit(2, "return lo")
        self.emit(1, "if v > hi:")
        self.emit(2, "return hi")
        self.emit(1, "return v")
        self.emit(0, "")
        if True:
            # a callee that takes a list: keeps a loop on the CPU
            self.emit(0, "int g0([int] xs, int i) requires i >= 0:")
            self.emit(1, "if i < |xs|:")
            self.emit(2, "return xs[i] + 1")
            self.emit(1, "return 0")
            self.emit(0, "")
            self.helpers.append(("g0", 1))

    def test_decl(self, j):
        self.counter = 0
        self.emit(0, "public ([int], [int], [[int]], [real], int, real) "
                  "t%d([int] a, [int] b, [[int]] m, [real] r, int n, "
                  "int k, int d):" % j)
        self.emit(1, "s = 0")
        self.emit(1, "q = 0.0")
        if self.trnd.random() < 0.3:
            # a try before the loops, as a main that parses its arguments
            # has one: the rewrites still apply to the loops outside it
            self.emit(1, "try:")
            self.emit(2, "k = k + Int.parse(\"%s\")" % self.trnd.choice(
                ["7", "-2", "0", "x"]))
            self.emit(1, "catch(Errors.SyntaxError e):")
            self.emit(2, "k = k - 1")
        ctx = {"vars": [Var("s", "int"), Var("q", "real")], "loops": [],
               "depth": 0, "ifdepth": 0, "outer_scalars": set(),
               "clean": False, "W": {}, "mj": None, "top": None,
               "violate": [0]}
        nloops = self.rnd.randint(1, 3)
        # now and then the loops run again inside a host loop (a chained
        # loop when its own code is plain arithmetic: filter/chain.c),
        # drawn from a stream of its own: otherwise the program is what
        # it was before
        host = self.crnd.random() < 0.35
        d = 1
        before = len(ctx["vars"])
        if host:
            rep = "rep%d" % j
            self.emit(1, "%s = 0" % rep)
            self.emit(1, "while %s < %s:" % (rep, self.crnd.choice(
                ["2", "3", "k", "k + 1", "|b|"])))
            d = 2
        for _ in range(nloops):
            for _ in range(self.rnd.randint(0, 2)):
                self.top_scalar(ctx, d)
            ctx["outer_scalars"] = {v.name for v in ctx["vars"]
                                    if v.ty in ("int", "real")}
            self.maybe_build(ctx, d)
            self.maybe_jam(ctx, d)
            self.maybe_affine(ctx, d)
            self.maybe_distributed(d)
            self.maybe_groups(d)
            r = self.rnd.random()
            if r < 0.3:
                self.reduce_loop(ctx, d)
            elif r < 0.4:
                self.computed_write(ctx, d)
            else:
                self.top_for(ctx, d)
        if host:
            if self.crnd.random() < 0.5:
                # host arithmetic between the launches, and a check that
                # may fail after a kernel's failure
                self.emit(2, "s = s + %s * %d" % (rep, self.crnd.randint(1, 5)))
                if self.crnd.random() < 0.3:
                    self.emit(2, "assert %s != %d" % (
                        rep, self.crnd.randint(1, 4)))
            self.emit(2, "%s = %s + 1" % (rep, rep))
            # defined in a loop that may not run: not returned
            for v in ctx["vars"][before:]:
                v.ret = False
        self.emit(1, "return %s" % self.ret_expr(ctx))
        self.emit(0, "")

    # ---- main's literal arguments --------------------------------------
    def int_list(self, n, big):
        xs = []
        for _ in range(n):
            if big and self.chance(0.3):
                xs.append(self.pick(BIG))
            else:
                xs.append(self.rnd.randint(-9, 20))
        return "[%s]" % ", ".join(str(x) for x in xs)

    def args(self):
        la = self.rnd.choice([0, 1, 3, 4, 5, 6, 8, 10])
        a = self.int_list(la, self.chance(0.4))
        lb = la if self.chance(0.85) else max(0, la + self.pick([-1, 1, 2]))
        hi = la - 1 if self.chance(0.93) else la + 1
        b = "[%s]" % ", ".join(str(self.rnd.randint(0 if self.chance(0.95)
                                                    else -1, max(0, hi)))
                               for _ in range(lb))
        rows = la if self.chance(0.85) else self.rnd.randint(0, 5)
        cols = la if self.chance(0.85) else self.rnd.randint(0, 5)
        mrows = []
        for _ in range(rows):
            c = cols if self.chance(0.93) else self.rnd.randint(0, 5)
            mrows.append(self.int_list(c, self.chance(0.2)))
        m = "[%s]" % ", ".join(mrows)
        lr = la if self.chance(0.9) else self.rnd.randint(0, 6)
        r = "[%s]" % ", ".join(self.pick(DYADIC if not self.inexact
                                         else DYADIC + INEXACT)
                               for _ in range(lr))
        n = la if self.chance(0.85) else self.pick([la - 1, la + 1, 0])
        k = self.pick([0, 0, 1, 2, 3])
        d = self.pick([0, 0, 1, 2, 3, -1, 7, -2, 5])
        if m == "[]" or r == "[]" or b == "[]" or a == "[]":
            # an empty list literal has type [void]: pass it through a
            # typed variable instead (see the call site)
            pass
        return [a, b, m, r, str(n), str(k), str(d)]

    def program(self):
        self.emit(0, "// generated by tests/fuzz/gen.py")
        self.emit(0, "import * from whiley.lang.*")
        self.emit(0, "")
        if self.nat:
            self.emit(0, "define nat as int where $ >= 0")
            self.emit(0, "")
        self.helpers_decl()
        for j in range(self.tests):
            self.test_decl(j)
        self.emit(0, "public void ::main(System.Console sys):")
        self.emit(1, "start = |sys.args|")
        # two calls of each test function, each its own restart point
        for j in range(2 * self.tests):
            self.emit(1, "if start <= %d:" % j)
            self.emit(2, 'sys.out.println("t%d")' % j)
            self.emit(2, "sys.out.println(t%d(%s))" % (j // 2,
                                                    ", ".join(self.args())))
        return "\n".join(self.out) + "\n"


def main(argv):
    tests, nat, inexact, seed = 6, False, False, None
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--tests":
            i += 1
            tests = int(argv[i])
        elif a == "--nat":
            nat = True
        elif a == "--inexact-reals":
            inexact = True
        elif seed is None:
            seed = int(a)
        else:
            sys.exit("usage: gen.py SEED [--tests K] [--nat] "
                     "[--inexact-reals]")
        i += 1
    if seed is None:
        sys.exit("usage: gen.py SEED [--tests K] [--nat] [--inexact-reals]")
    sys.stdout.write(Gen(seed, tests, nat, inexact).program())


if __name__ == "__main__":
    main(sys.argv)
