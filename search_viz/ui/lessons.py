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
    the card's picture (``search_viz.lessons.thumbnail_png(package)``); ``picture``
    says what that picture shows, for those who cannot see it (its ``alt`` text).
    """

    page: str
    title: str
    icon: str
    summary: str
    package: str
    url_path: str
    picture: str


#: The lessons, in the order a course teaches them.
LESSONS: list[Lesson] = [
    Lesson(
        page="app_pages/uninformed_search.py",
        title="Uninformed search",
        icon=":material/travel_explore:",
        summary="BFS, DFS, depth-limited and iterative deepening: a queue against a stack.",
        package="uninformed",
        url_path="uninformed-search",
        picture="Breadth-first search partway through the lecture notes' tree: the nodes expanded, "
        "those waiting on the frontier, the node being expanded and those not reached yet.",
    ),
    Lesson(
        page="app_pages/bidirectional_search.py",
        title="Bidirectional search",
        icon=":material/compare_arrows:",
        summary="Two breadth-first searches, from the start and from the goal, meet in the middle.",
        package="bidirectional",
        url_path="bidirectional-search",
        picture="A grid maze where the searches from the start and from the goal have met: the "
        "cells each reached, and the shortest path through the meeting cell.",
    ),
    Lesson(
        page="app_pages/informed_search.py",
        title="Informed search",
        icon=":material/explore:",
        summary="Greedy best-first and A* on the 8-puzzle: what a good heuristic buys.",
        package="informed",
        url_path="informed-search",
        picture="A* on the lecture notes' 8-puzzle: the search tree with each board's g, h and f, "
        "and the solution's path drawn through it.",
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
        picture="Eight queens on a chessboard, lines joining the queens that attack each other, "
        "and hill climbing's first move of one queen marked.",
    ),
    Lesson(
        page="app_pages/game_trees.py",
        title="Game trees",
        icon=":material/account_tree:",
        summary="Minimax and alpha-beta step by step: every cutoff explained, then a quiz.",
        package="game_trees",
        url_path="game-trees",
        picture="The textbook game tree after alpha-beta: each node's backed-up value, the pruned "
        "leaves struck through, and the best line highlighted.",
    ),
    Lesson(
        page="app_pages/tictactoe.py",
        title="Tic-tac-toe",
        icon=":material/grid_3x3:",
        summary="Play a perfect player, and see every move's value and the search behind it.",
        package="tictactoe",
        url_path="tictactoe",
        picture="A won game of tic-tac-toe: X's three in a row on the diagonal, O's two marks in "
        "the top row.",
    ),
]
