"""The film each lesson page shows by default, built in Python, for the practice tests.

``LESSON_FILMS[url_path]()`` is the film (``OPENINGS[url_path]()`` what the page shows of
it first, for a long one); ``page_film_ids(page)`` the digests of the films a player in the
browser shows, so a test can check that the page shows that very film.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import search_viz as sv


@cache
def _uninformed():
    from search_viz.lessons.shared.graph_cases import notes_tree

    return sv.film(sv.iddfs, sv.GraphProblem(notes_tree(), "A", "R"), max_depth=20)


@cache
def _bidirectional():
    from search_viz.lessons.bidirectional.page import cached_films
    from search_viz.lessons.shared.graph_cases import MAZE

    return cached_films(MAZE, (16, 0.25, 1), "layer")[0]  # compare mode: practised on the left


@cache
def _informed():
    from search_viz.problems.eight_puzzle import NOTES_START

    return sv.film(sv.astar, sv.EightPuzzle(NOTES_START), heuristic="misplaced")


@cache
def _annealing_run():
    from search_viz.lessons.local_search.runs import Run
    from tests.app.test_local_search import ANNEALING

    return Run.record(sv.NQueens(8, seed=0), "simulated_annealing", ANNEALING)


@cache
def _local_search():
    from search_viz.lessons.local_search.drawing import run_film

    return run_film(_annealing_run())


@cache
def _local_search_opening():
    from search_viz.lessons.local_search.drawing import run_film

    return run_film(_annealing_run(), opening=True)  # 1,827 steps: a long walk


@cache
def _local_climbing():
    from tests.app.test_local_search import CLIMBING, film_of

    return film_of(sv.NQueens(8, seed=0), "hill_climbing", CLIMBING, numbers=True)


@cache
def _game_trees():
    from search_viz.problems.game_tree import EXAMPLES

    return sv.film(sv.alphabeta, EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"])


@cache
def _tictactoe():
    return sv.film(sv.alphabeta, sv.TicTacToe("........."))


#: Each lesson's URL path -> the film its page shows with its default choices.
LESSON_FILMS: dict[str, Callable[[], object]] = {
    "uninformed-search": _uninformed,
    "bidirectional-search": _bidirectional,
    "informed-search": _informed,
    "local-search": _local_search,
    "game-trees": _game_trees,
    "tictactoe": _tictactoe,
}


#: The films above that a page shows first by their opening (its first steps; the rest
#: comes when the student goes on): URL path -> that opening.
OPENINGS: dict[str, Callable[[], object]] = {
    "local-search": _local_search_opening,
}


#: Other films a page shows through its link: ``path?query`` -> the film.
LINKED_FILMS: dict[str, Callable[[], object]] = {
    "local-search?algorithm=Hill+climbing": _local_climbing,
}


def page_film_ids(page, index: int = 0) -> list[str]:
    """The digests of the films player ``index`` of the page shows."""
    ids = page.locator(".svp").nth(index).get_attribute("data-films") or ""
    return ids.split()
