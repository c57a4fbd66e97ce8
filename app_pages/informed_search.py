"""Lesson: informed search, greedy best-first and A* on the 8-puzzle, and what a heuristic buys."""

from search_viz.lessons.informed.page import body

body()
