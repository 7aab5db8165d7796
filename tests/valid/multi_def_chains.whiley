// Registers a kernel's loop defines again and again in terms of each
// other (opencl_backend/oclgen_range.c, join_defs): 120 of them, each
// the sum of two others behind a test.  Their intervals are the hulls of
// their definitions, found once per question; past a budget of work a
// plan's questions share them (this program took 19 s to compile before
// that), so it compiles in about a second.  The sums must match the
// exact ones.
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
		v40 = xs[i] + 40
		v41 = xs[i] + 41
		v42 = xs[i] + 42
		v43 = xs[i] + 43
		v44 = xs[i] + 44
		v45 = xs[i] + 45
		v46 = xs[i] + 46
		v47 = xs[i] + 47
		v48 = xs[i] + 48
		v49 = xs[i] + 49
		v50 = xs[i] + 50
		v51 = xs[i] + 51
		v52 = xs[i] + 52
		v53 = xs[i] + 53
		v54 = xs[i] + 54
		v55 = xs[i] + 55
		v56 = xs[i] + 56
		v57 = xs[i] + 57
		v58 = xs[i] + 58
		v59 = xs[i] + 59
		v60 = xs[i] + 60
		v61 = xs[i] + 61
		v62 = xs[i] + 62
		v63 = xs[i] + 63
		v64 = xs[i] + 64
		v65 = xs[i] + 65
		v66 = xs[i] + 66
		v67 = xs[i] + 67
		v68 = xs[i] + 68
		v69 = xs[i] + 69
		v70 = xs[i] + 70
		v71 = xs[i] + 71
		v72 = xs[i] + 72
		v73 = xs[i] + 73
		v74 = xs[i] + 74
		v75 = xs[i] + 75
		v76 = xs[i] + 76
		v77 = xs[i] + 77
		v78 = xs[i] + 78
		v79 = xs[i] + 79
		v80 = xs[i] + 80
		v81 = xs[i] + 81
		v82 = xs[i] + 82
		v83 = xs[i] + 83
		v84 = xs[i] + 84
		v85 = xs[i] + 85
		v86 = xs[i] + 86
		v87 = xs[i] + 87
		v88 = xs[i] + 88
		v89 = xs[i] + 89
		v90 = xs[i] + 90
		v91 = xs[i] + 91
		v92 = xs[i] + 92
		v93 = xs[i] + 93
		v94 = xs[i] + 94
		v95 = xs[i] + 95
		v96 = xs[i] + 96
		v97 = xs[i] + 97
		v98 = xs[i] + 98
		v99 = xs[i] + 99
		v100 = xs[i] + 100
		v101 = xs[i] + 101
		v102 = xs[i] + 102
		v103 = xs[i] + 103
		v104 = xs[i] + 104
		v105 = xs[i] + 105
		v106 = xs[i] + 106
		v107 = xs[i] + 107
		v108 = xs[i] + 108
		v109 = xs[i] + 109
		v110 = xs[i] + 110
		v111 = xs[i] + 111
		v112 = xs[i] + 112
		v113 = xs[i] + 113
		v114 = xs[i] + 114
		v115 = xs[i] + 115
		v116 = xs[i] + 116
		v117 = xs[i] + 117
		v118 = xs[i] + 118
		v119 = xs[i] + 119
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
				v33 = v34 + v40
			if v34 < 1000:
				v34 = v35 + v41
			if v35 < 1000:
				v35 = v36 + v42
			if v36 < 1000:
				v36 = v37 + v43
			if v37 < 1000:
				v37 = v38 + v44
			if v38 < 1000:
				v38 = v39 + v45
			if v39 < 1000:
				v39 = v40 + v46
			if v40 < 1000:
				v40 = v41 + v47
			if v41 < 1000:
				v41 = v42 + v48
			if v42 < 1000:
				v42 = v43 + v49
			if v43 < 1000:
				v43 = v44 + v50
			if v44 < 1000:
				v44 = v45 + v51
			if v45 < 1000:
				v45 = v46 + v52
			if v46 < 1000:
				v46 = v47 + v53
			if v47 < 1000:
				v47 = v48 + v54
			if v48 < 1000:
				v48 = v49 + v55
			if v49 < 1000:
				v49 = v50 + v56
			if v50 < 1000:
				v50 = v51 + v57
			if v51 < 1000:
				v51 = v52 + v58
			if v52 < 1000:
				v52 = v53 + v59
			if v53 < 1000:
				v53 = v54 + v60
			if v54 < 1000:
				v54 = v55 + v61
			if v55 < 1000:
				v55 = v56 + v62
			if v56 < 1000:
				v56 = v57 + v63
			if v57 < 1000:
				v57 = v58 + v64
			if v58 < 1000:
				v58 = v59 + v65
			if v59 < 1000:
				v59 = v60 + v66
			if v60 < 1000:
				v60 = v61 + v67
			if v61 < 1000:
				v61 = v62 + v68
			if v62 < 1000:
				v62 = v63 + v69
			if v63 < 1000:
				v63 = v64 + v70
			if v64 < 1000:
				v64 = v65 + v71
			if v65 < 1000:
				v65 = v66 + v72
			if v66 < 1000:
				v66 = v67 + v73
			if v67 < 1000:
				v67 = v68 + v74
			if v68 < 1000:
				v68 = v69 + v75
			if v69 < 1000:
				v69 = v70 + v76
			if v70 < 1000:
				v70 = v71 + v77
			if v71 < 1000:
				v71 = v72 + v78
			if v72 < 1000:
				v72 = v73 + v79
			if v73 < 1000:
				v73 = v74 + v80
			if v74 < 1000:
				v74 = v75 + v81
			if v75 < 1000:
				v75 = v76 + v82
			if v76 < 1000:
				v76 = v77 + v83
			if v77 < 1000:
				v77 = v78 + v84
			if v78 < 1000:
				v78 = v79 + v85
			if v79 < 1000:
				v79 = v80 + v86
			if v80 < 1000:
				v80 = v81 + v87
			if v81 < 1000:
				v81 = v82 + v88
			if v82 < 1000:
				v82 = v83 + v89
			if v83 < 1000:
				v83 = v84 + v90
			if v84 < 1000:
				v84 = v85 + v91
			if v85 < 1000:
				v85 = v86 + v92
			if v86 < 1000:
				v86 = v87 + v93
			if v87 < 1000:
				v87 = v88 + v94
			if v88 < 1000:
				v88 = v89 + v95
			if v89 < 1000:
				v89 = v90 + v96
			if v90 < 1000:
				v90 = v91 + v97
			if v91 < 1000:
				v91 = v92 + v98
			if v92 < 1000:
				v92 = v93 + v99
			if v93 < 1000:
				v93 = v94 + v100
			if v94 < 1000:
				v94 = v95 + v101
			if v95 < 1000:
				v95 = v96 + v102
			if v96 < 1000:
				v96 = v97 + v103
			if v97 < 1000:
				v97 = v98 + v104
			if v98 < 1000:
				v98 = v99 + v105
			if v99 < 1000:
				v99 = v100 + v106
			if v100 < 1000:
				v100 = v101 + v107
			if v101 < 1000:
				v101 = v102 + v108
			if v102 < 1000:
				v102 = v103 + v109
			if v103 < 1000:
				v103 = v104 + v110
			if v104 < 1000:
				v104 = v105 + v111
			if v105 < 1000:
				v105 = v106 + v112
			if v106 < 1000:
				v106 = v107 + v113
			if v107 < 1000:
				v107 = v108 + v114
			if v108 < 1000:
				v108 = v109 + v115
			if v109 < 1000:
				v109 = v110 + v116
			if v110 < 1000:
				v110 = v111 + v117
			if v111 < 1000:
				v111 = v112 + v118
			if v112 < 1000:
				v112 = v113 + v119
			if v113 < 1000:
				v113 = v114 + v0
			if v114 < 1000:
				v114 = v115 + v1
			if v115 < 1000:
				v115 = v116 + v2
			if v116 < 1000:
				v116 = v117 + v3
			if v117 < 1000:
				v117 = v118 + v4
			if v118 < 1000:
				v118 = v119 + v5
			if v119 < 1000:
				v119 = v0 + v6
			n = n + 1
		out[i] = v0 + v10 + v20 + v30 + v40 + v50 + v60 + v70 + v80 + v90 + v100 + v110
	return out

public void ::main(System.Console sys):
	sys.out.println(f([1, 2, 3, -5000, 2147483647], 5))
