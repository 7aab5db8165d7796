// Registers a kernel's loop defines again and again in terms of each
// other (opencl_backend/oclgen_ival_at.c, join_defs): 40 of them, each
// the sum of two others behind a test.  Their intervals are the hulls of
// their definitions, found once per question; past a budget of work a
// plan's questions share them (120 such registers took 19 s to compile
// before that, 1 s after).  The sums must match the exact ones.
import * from whiley.lang.*

public [int] f([int] xs, int m):
	out = xs
	for i in 0..|xs|:
		v0 = xs[i] + 0
		v1 = xs[i] + 1
		v2 = xs[i] + 2
		v3 = xs[i] + 3
		v4 = xs[i] + 4
		v5 = xs[i] + 5
		v6 = xs[i] + 6
		v7 = xs[i] + 7
		v8 = xs[i] + 8
		v9 = xs[i] + 9
		v10 = xs[i] + 10
		v11 = xs[i] + 11
		v12 = xs[i] + 12
		v13 = xs[i] + 13
		v14 = xs[i] + 14
		v15 = xs[i] + 15
		v16 = xs[i] + 16
		v17 = xs[i] + 17
		v18 = xs[i] + 18
		v19 = xs[i] + 19
		v20 = xs[i] + 20
		v21 = xs[i] + 21
		v22 = xs[i] + 22
		v23 = xs[i] + 23
		v24 = xs[i] + 24
		v25 = xs[i] + 25
		v26 = xs[i] + 26
		v27 = xs[i] + 27
		v28 = xs[i] + 28
		v29 = xs[i] + 29
		v30 = xs[i] + 30
		v31 = xs[i] + 31
		v32 = xs[i] + 32
		v33 = xs[i] + 33
		v34 = xs[i] + 34
		v35 = xs[i] + 35
		v36 = xs[i] + 36
		v37 = xs[i] + 37
		v38 = xs[i] + 38
		v39 = xs[i] + 39
		n = 0
		while n < m:
			if v0 < 1000:
				v0 = v1 + v7
			if v1 < 1000:
				v1 = v2 + v8
			if v2 < 1000:
				v2 = v3 + v9
			if v3 < 1000:
				v3 = v4 + v10
			if v4 < 1000:
				v4 = v5 + v11
			if v5 < 1000:
				v5 = v6 + v12
			if v6 < 1000:
				v6 = v7 + v13
			if v7 < 1000:
				v7 = v8 + v14
			if v8 < 1000:
				v8 = v9 + v15
			if v9 < 1000:
				v9 = v10 + v16
			if v10 < 1000:
				v10 = v11 + v17
			if v11 < 1000:
				v11 = v12 + v18
			if v12 < 1000:
				v12 = v13 + v19
			if v13 < 1000:
				v13 = v14 + v20
			if v14 < 1000:
				v14 = v15 + v21
			if v15 < 1000:
				v15 = v16 + v22
			if v16 < 1000:
				v16 = v17 + v23
			if v17 < 1000:
				v17 = v18 + v24
			if v18 < 1000:
				v18 = v19 + v25
			if v19 < 1000:
				v19 = v20 + v26
			if v20 < 1000:
				v20 = v21 + v27
			if v21 < 1000:
				v21 = v22 + v28
			if v22 < 1000:
				v22 = v23 + v29
			if v23 < 1000:
				v23 = v24 + v30
			if v24 < 1000:
				v24 = v25 + v31
			if v25 < 1000:
				v25 = v26 + v32
			if v26 < 1000:
				v26 = v27 + v33
			if v27 < 1000:
				v27 = v28 + v34
			if v28 < 1000:
				v28 = v29 + v35
			if v29 < 1000:
				v29 = v30 + v36
			if v30 < 1000:
				v30 = v31 + v37
			if v31 < 1000:
				v31 = v32 + v38
			if v32 < 1000:
				v32 = v33 + v39
			if v33 < 1000:
				v33 = v34 + v0
			if v34 < 1000:
				v34 = v35 + v1
			if v35 < 1000:
				v35 = v36 + v2
			if v36 < 1000:
				v36 = v37 + v3
			if v37 < 1000:
				v37 = v38 + v4
			if v38 < 1000:
				v38 = v39 + v5
			if v39 < 1000:
				v39 = v0 + v6
			n = n + 1
		out[i] = v0 + v10 + v20 + v30
	return out

public void ::main(System.Console sys):
	sys.out.println(f([1, 2, 3, -5000, 2147483647], 5))
