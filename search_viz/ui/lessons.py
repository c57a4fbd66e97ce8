"""The lessons the app offers: one entry per page, read by the navigation and the home page.

To add a lesson, write ``app_pages/<name>.py`` and add a :class:`Lesson` here;
``streamlit_app.py`` and the home page pick it up, and the page tests open it.

>>> all(lesson.page.startswith("app_pages/") for lesson in LESSONS)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from matplotlib.figure import Figure

from search_viz.render import game_tree, queens, tictactoe
from search_viz.render.graph_lessons import bidirectional_thumbnail, uninformed_thumbnail
from search_viz.render.informed_search import thumbnail as informed_thumbnail


@dataclass(frozen=True)
class Lesson:
    """One lesson page: where it is, what it is called, and its card on the home page.

    ``thumbnail`` draws the small picture of the card.
    """

    page: str
    title: str
    icon: str
    summary: str
    thumbnail: Callable[[], Figure]
    url_path: str


#: The lessons, in the order a course teaches them.
LESSONS: list[Lesson] = [
    Lesson(
        page="app_pages/uninformed_search.py",
        title="Uninformed search",
        icon=":material/travel_explore:",
        summary="BFS, DFS, depth-limited and iterative deepening: a queue against a stack.",
        thumbnail=uninformed_thumbnail,
        url_path="uninformed-search",
    ),
    Lesson(
        page="app_pages/bidirectional_search.py",
        title="Bidirectional search",
        icon=":material/compare_arrows:",
        summary="Two breadth-first searches, from the start and from the goal, meet in the middle.",
        thumbnail=bidirectional_thumbnail,
        url_path="bidirectional-search",
    ),
    Lesson(
        page="app_pages/informed_search.py",
        title="Informed search",
        icon=":material/explore:",
        summary="Greedy best-first and A* on the 8-puzzle: what a good heuristic buys.",
        thumbnail=informed_thumbnail,
        url_path="informed-search",
    ),
    Lesson(
        page="app_pages/local_search.py",
        title="Local search",
        icon=":material/landscape:",
        summary=(
            "Hill climbing, simulated annealing and a genetic algorithm on n-queens, "
            "with their curves."
        ),
        thumbnail=queens.thumbnail,
        url_path="local-search",
    ),
    Lesson(
        page="app_pages/game_trees.py",
        title="Game trees",
        icon=":material/account_tree:",
        summary="Minimax and alpha-beta step by step: every cutoff explained, then a quiz.",
        thumbnail=game_tree.thumbnail,
        url_path="game-trees",
    ),
    Lesson(
        page="app_pages/tictactoe.py",
        title="Tic-tac-toe",
        icon=":material/grid_3x3:",
        summary="Play a perfect player, and see every move's value and the search behind it.",
        thumbnail=tictactoe.thumbnail,
        url_path="tictactoe",
    ),
]
