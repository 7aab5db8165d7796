#!/usr/bin/env python3
"""Check a program's --real=double (or float) output against its exact one.

    check_ieee_outputs.py [--float] EXACT.sysout IEEE.sysout

The exact output (NAME.sysout, checked against the 2013 compiler) prints
reals as exact decimals or fractions (n/d).  Line by line, the text
between numbers must be the same, and each real of the IEEE output must
be (1) the shortest decimal that reads back to its number, laid out as
Python's repr lays out a float (for --float: the shortest that reads back
to the same float32), and (2) within a relative 1e-9 (float: 1e-4) of the
exact value at that place.  Used to check NAME.double.sysout files
(tests/run.sh's c-double and opencl-double targets); exit 1 with the
lines that fail.
"""
import re
import struct
import sys
from fractions import Fraction

NUM = re.compile(r'\(-?\d+/\d+\)|-?\d+\.\d+(?:e[+-]\d+)?|-?\d+e[+-]\d+|-?\d+')


def f32(x):
    return struct.unpack('f', struct.pack('f', x))[0]


def shortest32(x):
    for p in range(1, 10):
        s = '%.*e' % (p - 1, x)
        if f32(float(s)) == x:
            return float(s)
    return x


def exact_value(tok):
    if tok.startswith('('):
        n, d = tok[1:-1].split('/')
        return Fraction(int(n), int(d))
    return Fraction(tok)


def check_real(tok, want, single):
    x = float(tok)
    if single:
        if f32(x) != x:
            return 'not a float32 value'
        if repr(shortest32(x)) != tok:
            return 'not the shortest form (%r)' % shortest32(x)
        tol = 1e-4
    else:
        if repr(x) != tok:
            return 'not Python\'s repr (%r)' % x
        tol = 1e-9
    if abs(Fraction(x) - want) > tol * max(1, abs(want)):
        return 'too far from the exact %s' % float(want)
    return None


def main(argv):
    single = '--float' in argv
    args = [a for a in argv if a != '--float']
    exact = open(args[0]).read().rstrip('\n').split('\n')
    ieee = open(args[1]).read().rstrip('\n').split('\n')
    bad = 0
    if len(exact) != len(ieee):
        print('%s: %d lines, %s: %d' % (args[0], len(exact), args[1], len(ieee)))
        return 1
    for n, (e, i) in enumerate(zip(exact, ieee), 1):
        e, i = e.rstrip(), i.rstrip()
        if e == i:
            continue
        et, it = NUM.split(e), NUM.split(i)
        en, inn = NUM.findall(e), NUM.findall(i)
        why = None
        if et != it or len(en) != len(inn):
            why = 'text differs'
        else:
            for a, b in zip(en, inn):
                if a == b:
                    continue
                if re.fullmatch(r'-?\d+', b):
                    why = 'int %s differs from %s' % (b, a)
                    break
                why = check_real(b, exact_value(a), single)
                if why:
                    why = '%s: %s' % (b, why)
                    break
        if why:
            bad += 1
            print('line %d: %s\n  exact: %s\n  ieee:  %s' % (n, why, e, i))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
