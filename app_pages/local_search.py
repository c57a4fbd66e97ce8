"""Local search on n-queens: hill climbing, simulated annealing and a genetic algorithm."""

from search_viz.lessons.local_search.page import body

body()
