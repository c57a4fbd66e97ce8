"""HOW it is searched: one generator of events per algorithm, over the problems' protocols."""

from search_viz.algorithms.adversarial import alphabeta as alphabeta
from search_viz.algorithms.adversarial import game_pseudocode as game_pseudocode
from search_viz.algorithms.adversarial import game_search as game_search
from search_viz.algorithms.adversarial import minimax as minimax
from search_viz.algorithms.genetic import genetic as genetic
from search_viz.algorithms.local_search import hill_climbing as hill_climbing
from search_viz.algorithms.local_search import simulated_annealing as simulated_annealing
