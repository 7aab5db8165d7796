// A histogram writes through a computed index: two iterations may hit
// the same element.
// explain: computed_index.whiley:9: for i: CPU — writes 'h' at an index that does not follow the loop variable
import * from whiley.lang.*

public void ::main(System.Console sys):
	data = [1, 3, 1, 0, 2, 1]
	h = [0, 0, 0, 0]
	for i in 0..|data|:
		v = data[i]
		h[v] = h[v] + 1
	sys.out.println(h)
