"""HOW it is searched: one generator of events per algorithm, over the problems' protocols."""

from search_viz.algorithms.adversarial import alphabeta as alphabeta
from search_viz.algorithms.adversarial import game_pseudocode as game_pseudocode
from search_viz.algorithms.adversarial import game_search as game_search
from search_viz.algorithms.adversarial import minimax as minimax
from search_viz.algorithms.best_first import UCS_PSEUDOCODE as UCS_PSEUDOCODE
from search_viz.algorithms.best_first import best_first_search as best_first_search
from search_viz.algorithms.best_first import ucs as ucs
from search_viz.algorithms.bidirectional import BIDIRECTIONAL_PSEUDOCODE as BIDIRECTIONAL_PSEUDOCODE
from search_viz.algorithms.bidirectional import bidirectional_bfs as bidirectional_bfs
from search_viz.algorithms.genetic import genetic as genetic
from search_viz.algorithms.informed import ASTAR_PSEUDOCODE as ASTAR_PSEUDOCODE
from search_viz.algorithms.informed import GREEDY_PSEUDOCODE as GREEDY_PSEUDOCODE
from search_viz.algorithms.informed import astar as astar
from search_viz.algorithms.informed import greedy as greedy
from search_viz.algorithms.local_search import hill_climbing as hill_climbing
from search_viz.algorithms.local_search import simulated_annealing as simulated_annealing
from search_viz.algorithms.uninformed import BFS_PSEUDOCODE as BFS_PSEUDOCODE
from search_viz.algorithms.uninformed import DFS_PSEUDOCODE as DFS_PSEUDOCODE
from search_viz.algorithms.uninformed import DLS_PSEUDOCODE as DLS_PSEUDOCODE
from search_viz.algorithms.uninformed import IDDFS_PSEUDOCODE as IDDFS_PSEUDOCODE
from search_viz.algorithms.uninformed import bfs as bfs
from search_viz.algorithms.uninformed import dfs as dfs
from search_viz.algorithms.uninformed import dls as dls
from search_viz.algorithms.uninformed import iddfs as iddfs
