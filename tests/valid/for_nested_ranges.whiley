// for over ranges nested 3, 4 and 5 deep, with bounds depending on the
// outer variables.
import * from whiley.lang.*

public int countTriples(int n):
	count = 0
	for a in 1..n:
		for b in a..n:
			for c in b..n:
				if a * a + b * b == c * c:
					count = count + 1
	return count

public void ::main(System.Console sys):
	sys.out.println(countTriples(30))
	sum = 0
	for a in 0..3:
		for b in 0..4:
			for c in 0..5:
				for d in 0..2:
					sum = sum + a * b + c - d
	sys.out.println(sum)
	hits = 0
	for a in 0..4:
		for b in 0..4:
			for c in 0..4:
				for d in 0..4:
					for e in 0..4:
						if (a + b + c + d + e) % 5 == 0:
							hits = hits + 1
	sys.out.println(hits)
	cells = []
	for y in 0..2:
		for x in 0..3:
			for z in 0..2:
				cells = cells + [y * 100 + x * 10 + z]
	sys.out.println(cells)
