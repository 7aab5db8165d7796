// Runtime error: a record field of a constrained type (nat) is broken by
// the argument.
import * from whiley.lang.*

define nat as int where $ >= 0
define Item as {string name, nat count}

string show(Item it):
	return it.name + "=" + Int.toString(it.count)

public void ::main(System.Console sys):
	sys.out.println(show({name: "a", count: 2}))
	sys.out.println(show({name: "b", count: -2}))
	sys.out.println("not reached")
