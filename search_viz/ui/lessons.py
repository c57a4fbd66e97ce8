"""The lessons the app offers: one entry per page, read by the navigation and the home page.

To add a lesson, write ``app_pages/<name>.py`` and add a :class:`Lesson` here;
``streamlit_app.py`` and the home page pick it up, and the page tests open it.

>>> all(lesson.page.startswith("app_pages/") for lesson in LESSONS)
True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lesson:
    """One lesson page: where it is, what it is called, and its card on the home page.

    ``package`` names the lesson's package in ``search_viz/lessons/``, which draws
    the card's picture (``search_viz.lessons.thumbnail_png(package)``).
    """

    page: str
    title: str
    icon: str
    summary: str
    package: str
    url_path: str


#: The lessons, in the order a course teaches them.
LESSONS: list[Lesson] = [
    Lesson(
        page="app_pages/uninformed_search.py",
        title="Uninformed search",
        icon=":material/travel_explore:",
        summary="BFS, DFS, depth-limited and iterative deepening: a queue against a stack.",
        package="uninformed",
        url_path="uninformed-search",
    ),
    Lesson(
        page="app_pages/bidirectional_search.py",
        title="Bidirectional search",
        icon=":material/compare_arrows:",
        summary="Two breadth-first searches, from the start and from the goal, meet in the middle.",
        package="bidirectional",
        url_path="bidirectional-search",
    ),
    Lesson(
        page="app_pages/informed_search.py",
        title="Informed search",
        icon=":material/explore:",
        summary="Greedy best-first and A* on the 8-puzzle: what a good heuristic buys.",
        package="informed",
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
        package="local_search",
        url_path="local-search",
    ),
    Lesson(
        page="app_pages/game_trees.py",
        title="Game trees",
        icon=":material/account_tree:",
        summary="Minimax and alpha-beta step by step: every cutoff explained, then a quiz.",
        package="game_trees",
        url_path="game-trees",
    ),
    Lesson(
        page="app_pages/tictactoe.py",
        title="Tic-tac-toe",
        icon=":material/grid_3x3:",
        summary="Play a perfect player, and see every move's value and the search behind it.",
        package="tictactoe",
        url_path="tictactoe",
    ),
]
