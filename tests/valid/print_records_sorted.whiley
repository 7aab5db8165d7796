// Printing records: fields sorted by name (upper case before lower case),
// joined with "," and no spaces, values rendered recursively.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println({z: 1, a: 2, m: 3})
	sys.out.println({b: [1, 2], a: "s"})
	sys.out.println({lower: 1, Upper: 2, _under: 3})
	sys.out.println({inner: {y: 1.5, x: -1}, list: [{k: 'c'}]})
	sys.out.println([{x: 1, y: 2}, {x: 3, y: 4}])
	sys.out.println({flag: false, rows: [{kind: 0, colour: true}]})
	sys.out.println({t: (1, 2), n: null})
