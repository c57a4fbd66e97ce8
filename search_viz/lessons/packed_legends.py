"""Which legends the legend pack holds, and the command that makes it.

The pack (:mod:`search_viz.film.legend_pack`) holds the legends that the films of
:func:`films` ask for: every lesson's films on its default problem, for each algorithm the
page offers, and the other kinds of problem the graph lessons draw. A film asks for the
same legend whatever its problem's size or seed, so these few cover what students open.

``make legends`` (``python -m search_viz.lessons.packed_legends``) draws them again and
writes the pack anew: run it after changing what a legend shows. ``tests/test_legend_pack.py``
fails, naming that command, when a legend these films ask for is not packed exactly as
matplotlib draws it today.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator

import search_viz as sv
from search_viz.film import legend_pack
from search_viz.film.film import Film
from search_viz.film.sketch_text import pack_legend
from search_viz.lessons.shared.graph_cases import MAZE, NOTES_TREE, PUZZLE, RANDOM, TRAP

#: The graph problems the graph lessons' legends are recorded on (kind, parameters).
_GRAPH_CASES = (
    (NOTES_TREE, ("A", "R", True)),
    (MAZE, (16, 0.25, 1)),
    (RANDOM, (12, 2, 1, False, None, None)),
    (TRAP, ()),
    (PUZZLE, ("scrambled from 123 456 78_", 4, 1)),
)


def films() -> Iterator[Callable[[], Film | tuple]]:
    """Each film whose legends are packed, as a function that builds it (as its page does,
    not from its caches).

    >>> built = next(films())()  # uninformed search's BFS on the notes' tree
    >>> len(built) > 10
    True
    """
    from search_viz.lessons.bidirectional import page as bidirectional
    from search_viz.lessons.informed import page as informed
    from search_viz.lessons.local_search.drawing import run_film
    from search_viz.lessons.local_search.runs import ALGORITHMS as LOCAL
    from search_viz.lessons.local_search.runs import Run
    from search_viz.lessons.tictactoe.drawing import why_film
    from search_viz.lessons.tictactoe.search import Search as TicTacToeSearch
    from search_viz.lessons.tictactoe.search import tree_view
    from search_viz.lessons.uninformed import page as uninformed
    from search_viz.lessons.uninformed.looks import ALGORITHMS as UNINFORMED
    from search_viz.lessons.uninformed.looks import TREE_SEARCH
    from search_viz.problems.eight_puzzle import NOTES_GOAL, NOTES_START
    from search_viz.problems.game_tree import EXAMPLES

    for kind, params in _GRAPH_CASES:
        for name in UNINFORMED:
            bounded = name in TREE_SEARCH or (kind == PUZZLE and name == "DFS")
            depth = 3 if bounded else None  # the notes bound DFS on the 8-puzzle
            yield lambda kind=kind, params=params, name=name, depth=depth: _made(
                uninformed.cached_film, kind, params, name, depth
            )
        yield lambda kind=kind, params=params: _made(
            bidirectional.cached_film, kind, params, "layer"
        )
        yield lambda kind=kind, params=params: _made(bidirectional.cached_plain_film, kind, params)
    for algorithm in ("A*", "greedy"):
        for heuristic in ("misplaced", "manhattan"):
            for size in ("wide", "projector", "half"):  # the page, presenter and compare modes
                yield lambda a=algorithm, h=heuristic, size=size: _made(
                    informed.cached_film, NOTES_START, NOTES_GOAL, a, h, "fifo", size
                )
    for algorithm in LOCAL:
        yield lambda a=algorithm: run_film(Run.record(sv.NQueens(8, seed=0), a, {"seed": 1}))
    wide_tree = sv.GameTree.random(2, 4, 0, 9, seed=1)  # a wider tree's legend: more columns
    for tree in (EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"], wide_tree):
        yield lambda tree=tree: sv.film(sv.alphabeta, tree)
    for pruning in (False, True):
        for size in ("page", "projector"):
            yield lambda pruning=pruning, size=size: why_film(
                tree_view(sv.TicTacToe(), TicTacToeSearch(pruning=pruning), ()), size
            )


def _made(cached: Callable, *arguments):
    """What the page's cached function ``cached`` makes of ``arguments``, made anew (a film
    a page has cached asks for no legend)."""
    return cached.__wrapped__(*arguments)


def asked_legends() -> list[dict]:
    """The arguments of each legend :func:`films` ask for, each once, in order.

    ``sorted(asked_legends()[0])`` is ``['borderaxespad', 'columnspacing', 'entries',
    'fontsize', 'frameon', 'handle', 'handletextpad', 'loc', 'ncols']``: the bottom legend
    of the graph lessons (``tests/test_legend_pack.py`` asks for them all).
    """
    asked: dict[str, dict] = {}
    for build in films():
        with legend_pack.recording() as legends:
            build()
        for arguments in legends:
            asked.setdefault(legend_pack.legend_key(arguments) or repr(arguments), arguments)
    return list(asked.values())


def make_pack() -> list[str]:
    """Draw every legend :func:`films` ask for and write the pack anew; the files' names.

    ``make legends`` runs it and says ``18 legends packed in .../assets/legends``.
    """
    for old in legend_pack.PACK.glob("*.json"):
        old.unlink()
    return [pack_legend(arguments).name for arguments in asked_legends()]


if __name__ == "__main__":
    logging.disable(logging.WARNING)  # the pages' caches, run without a server, would say so
    written = make_pack()
    print(f"{len(written)} legends packed in {legend_pack.PACK}")
