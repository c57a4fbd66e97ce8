"""Bidirectional search: one breadth-first search forward from the start, one backward from the
goal, meeting in the middle.

The replay shows both searches on the graph (a maze, a random graph, the
notes' tree, a typed edge list, the first-touch trap) and, in compare mode,
plain BFS beside it, one player stepping both; on the 8-puzzle, the two
searches' layers growing towards each other against plain BFS's. Under it:
what meeting in the middle saves, in this problem's numbers.
"""
