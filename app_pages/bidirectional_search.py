"""Lesson: bidirectional search, two breadth-first searches meeting in the middle."""

from search_viz.lessons.bidirectional.page import body

body()
