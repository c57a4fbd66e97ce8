"""HOW it is searched: one generator of events per algorithm, over the problems' protocols."""

from search_viz.algorithms.genetic import genetic
from search_viz.algorithms.local_search import hill_climbing, simulated_annealing

__all__ = ["genetic", "hill_climbing", "simulated_annealing"]
