// whiley.lang.List (spec §7.10)
package whiley.lang

public [int] create(int size, int element) requires size >= 0:
	r = []
	i = 0
	while i < size:
		r = r + [element]
		i = i + 1
	return r

public [bool] create(int size, bool element) requires size >= 0:
	r = []
	i = 0
	while i < size:
		r = r + [element]
		i = i + 1
	return r

public [int] enlarge([int] list, int size, int element):
	while |list| < size:
		list = list + [element]
	return list

public [int] reverse([int] list):
	return list[|list|..0]

public [bool] reverse([bool] list):
	return list[|list|..0]

public [byte] reverse([byte] list):
	return list[|list|..0]
