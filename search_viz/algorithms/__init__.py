"""HOW it is searched: one generator of events per algorithm, over the problems' protocols."""

from search_viz.algorithms.best_first import UCS_PSEUDOCODE, best_first_search, ucs
from search_viz.algorithms.bidirectional import BIDIRECTIONAL_PSEUDOCODE, bidirectional_bfs
from search_viz.algorithms.uninformed import (
    BFS_PSEUDOCODE,
    DFS_PSEUDOCODE,
    DLS_PSEUDOCODE,
    IDDFS_PSEUDOCODE,
    bfs,
    dfs,
    dls,
    iddfs,
)

__all__ = [
    "BFS_PSEUDOCODE",
    "BIDIRECTIONAL_PSEUDOCODE",
    "DFS_PSEUDOCODE",
    "DLS_PSEUDOCODE",
    "IDDFS_PSEUDOCODE",
    "UCS_PSEUDOCODE",
    "best_first_search",
    "bfs",
    "bidirectional_bfs",
    "dfs",
    "dls",
    "iddfs",
    "ucs",
]
