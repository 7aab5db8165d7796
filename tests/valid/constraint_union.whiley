// A union whose members differ only by a constraint: Small's raw type is
// within Big's ({int key, int weight} <= {any key, pos weight} once the
// constraint is ignored), yet a Small value may break Big's constraint,
// so the union keeps both members and the parameter check accepts a
// value of either.
import * from whiley.lang.*

define pos as int where $ > 0
define Big as {any key, pos weight}
define Small as {int key, int weight}
define Either as Big | Small

string kind(Either e):
	if e is Big:
		return "big"
	return "small"

public void ::main(System.Console sys):
	sys.out.println(kind({key: "k", weight: 2}))
	sys.out.println(kind({key: 3, weight: 0}))
	sys.out.println(kind({key: 3, weight: 5}))
