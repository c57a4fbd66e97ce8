"""The lessons: what each one shows, in one package per lesson.

Every lesson package has the same modules, so that the next student who opens
one knows where to look:

* ``drawing.py``: the scene (drawn once with matplotlib) and the per-step looks;
  ``film_of(algorithm, problem, **options)`` makes the lesson's :class:`Film`,
  ``films(algorithm, problem)`` says whether this lesson films that pair, and
  ``thumbnail()`` draws the home page's card;
* ``sentences.py``: what each step says, in plain words;
* ``questions.py``: what each step asks the student in practice mode (its answer
  read from the trace, in the same walk that writes the film);
* ``charts.py``: the charts beside the replay (where the lesson has any);
* ``inputs.py``: the sidebar (Streamlit): the problem and the options;
* ``page.py``: the page body (Streamlit): ``body()`` puts it all together.

Only ``inputs.py`` and ``page.py`` import Streamlit. :func:`film` is
``sv.film``: it finds the lesson that films an algorithm on a problem.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: The lesson packages that make films, in the order :func:`film` asks them.
FILMING_LESSONS: tuple[str, ...] = (
    "uninformed",
    "bidirectional",
    "informed",
    "local_search",
    "game_trees",
    "tictactoe",
)


def film(algorithm: Any, problem: Any, *, practice: bool = False, **options: Any):
    """The replay of ``algorithm`` on ``problem`` as a :class:`~search_viz.film.Film`.

    ``options`` are the algorithm's own (``fail_soft=True``, ``heuristic="misplaced"``,
    ``seed=1`` ...). The lesson that owns the problem's kind draws it.
    ``practice=True``: the film opens in practice mode, where the student answers
    each step's question (``film.question(k)``) before the step plays.

    >>> import search_viz as sv
    >>> sv.film(print, 42)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: no lesson films print on a int; ...
    """
    for name in FILMING_LESSONS:
        drawing = import_module(f"search_viz.lessons.{name}.drawing")
        if drawing.films(algorithm, problem):
            made = drawing.film_of(algorithm, problem, **options)
            return made.for_practice() if practice else made
    what = getattr(algorithm, "__name__", repr(algorithm))
    raise TypeError(
        f"no lesson films {what} on a {type(problem).__name__}; films are made of the "
        "algorithms of search_viz (sv.bfs, sv.alphabeta, ...) on its problems "
        "(sv.GraphProblem, sv.GameTree, sv.EightPuzzle, sv.NQueens, sv.TicTacToe)"
    )


def thumbnail_png(package: str) -> bytes:
    """The home page's card picture of the lesson in ``search_viz/lessons/<package>/``, as PNG.

    >>> thumbnail_png("game_trees")[:4]
    b'\\x89PNG'
    """
    import io

    from matplotlib.transforms import Bbox

    figure = import_module(f"search_viz.lessons.{package}.drawing").thumbnail()
    figure.canvas.draw()
    # The card shows the lesson's main picture (its largest axes), without the legends
    # and side panels that the lesson's page shows beside it
    # (an overlay axes over the whole figure is not one).
    panels = [ax for ax in figure.axes if ax.bbox.bounds != figure.bbox.bounds] or figure.axes
    main = max(panels, key=lambda ax: ax.bbox.width * ax.bbox.height)
    box = Bbox.union([main.bbox, *(text.get_window_extent() for text in main.texts)])
    inches = box.expanded(1.04, 1.04).transformed(figure.dpi_scale_trans.inverted())
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=60 * 4.8 / max(inches.height, 2.4), bbox_inches=inches)
    return buffer.getvalue()
