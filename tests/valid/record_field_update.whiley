// Record field update r.f = e, nested r.f[i] = e and r.f.g = e, a field
// changing type, and records inside lists xs[i].f = e.
import * from whiley.lang.*

define Account as {string owner, int balance, [int] history}

public Account deposit(Account acc, int amount):
	acc.balance = acc.balance + amount
	acc.history = acc.history + [amount]
	return acc

public void ::main(System.Console sys):
	a = {owner: "ann", balance: 0, history: []}
	a = deposit(a, 50)
	a = deposit(a, -20)
	sys.out.println(a)
	a.history[0] = 55
	sys.out.println(a.history)
	p = {pos: {x: 1, y: 2}, tag: 'p'}
	p.pos.y = 20
	sys.out.println(p)
	p.tag = 3.5
	sys.out.println(p)
	pts = [{x: 0, y: 0}, {x: 1, y: 1}]
	pts[1].x = 9
	sys.out.println(pts)
	sys.out.println(p.pos.x + p.pos.y)
