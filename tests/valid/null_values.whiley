// null: as a value, in unions (int|null), x == null / x != null narrowing,
// null inside lists and records, and a linked list ending in null.
import * from whiley.lang.*

define MaybeInt as int | null
define Chain as null | Link
define Link as {int data, Chain next}

public MaybeInt find([int] xs, int target):
	for i in 0..|xs|:
		if xs[i] == target:
			return i
	return null

public int length(Chain l):
	n = 0
	while !(l is null):
		n = n + 1
		l = l.next
	return n

public Chain push(Chain l, int v):
	return {data: v, next: l}

public int sum(Chain l):
	if l is null:
		return 0
	return l.data + sum(l.next)

public void ::main(System.Console sys):
	xs = [4, 8, 15]
	r = find(xs, 8)
	sys.out.println(r)
	r = find(xs, 16)
	sys.out.println(r)
	if r == null:
		sys.out.println("not found")
	r = find(xs, 15)
	if r != null:
		sys.out.println(r + 100)
	l = null
	for v in [1, 2, 3]:
		l = push(l, v)
	sys.out.println(length(l))
	sys.out.println(sum(l))
	sys.out.println(l)
	sys.out.println([null, 1, null])
	sys.out.println((null == null))
