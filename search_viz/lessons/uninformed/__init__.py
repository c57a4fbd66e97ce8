"""Uninformed search: BFS, DFS, depth-limited search, iterative deepening and uniform-cost search.

The replay colours the graph (the notes' tree, a maze, a random graph, a typed
edge list) or, for the 8-puzzle, the search tree, one event at a time; beside
it the frontier as a queue, a stack or a priority queue, and iterative
deepening's table of the notes, limit by limit. Under it: how much each
iteration of iterative deepening visits, and how big the frontier of BFS and
of DFS gets.
"""
