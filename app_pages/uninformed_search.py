"""Lesson: uninformed search (BFS, DFS, depth-limited, iterative deepening, uniform cost)."""

from search_viz.lessons.uninformed.page import body

body()
