"""The local-search page: the sidebar, then the replay (a film) or the experiments.

The page reads top to bottom: choose the board and the algorithm in the
sidebar; the replay is a film made once per run and shared by every session
(stepping happens in the browser); the experiments tab runs every algorithm
on many seeded boards, with a progress bar, and keeps what it found for every
session (``experiment_store``), so a lecture hall runs each one once.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from search_viz.algorithms.local_experiments import SETTINGS, Summary, run_setting
from search_viz.film import MIDDLE_STEPS, Film
from search_viz.lessons.local_search import edits
from search_viz.lessons.local_search.charts import experiment_figure
from search_viz.lessons.local_search.descriptions import experiment_alt
from search_viz.lessons.local_search.drawing import (
    MAX_NUMBERED_STEPS,
    numbered,
    opens,
    run_film,
    run_part,
)
from search_viz.lessons.local_search.inputs import (
    algorithm_inputs,
    board_inputs,
    board_size,
    each_input,
    make_problem,
    new_board,
    numbers_input,
    own_board_widgets,
)
from search_viz.lessons.local_search.runs import Run
from search_viz.lessons.local_search.sentences import summary
from search_viz.lessons.shared.figure import to_png
from search_viz.problems.nqueens import MIN_N, NQueens
from search_viz.ui.choices import choose_number
from search_viz.ui.film_player import Editing, Opening, film_player
from search_viz.ui.links import link_check
from search_viz.ui.presenter import is_on as presenting
from search_viz.ui.presenter import scale
from search_viz.ui.spinners import cached_resource, spinner

#: A replay of the genetic algorithm steps one child at a time when its steps times its
#: queens stay within this (25,000 steps on 8 queens, 4,000 on 50); longer ones step by
#: generation: every child step moves the queens of the child and of both parents.
MAX_CHILD_QUEENS = 200_000


def max_child_steps(n: int) -> int:
    """The most steps a replay on ``n`` queens makes one child at a time.

    >>> max_child_steps(8), max_child_steps(50)
    (25000, 4000)
    """
    return MAX_CHILD_QUEENS // n


INTRO = (
    "One queen per column; h(board) = its attacking pairs, 0 = solved. A move takes one queen "
    "to another row of its column. Hill climbing only goes downhill, simulated annealing "
    "sometimes climbs (less often as it cools), a genetic algorithm breeds boards."
)


@cached_resource(max_entries=32, ttl=3600, spinner="Running the search…")
def cached_run(n: int, state: tuple, algorithm: str, options: tuple) -> Run:
    """The recorded run, shared by every session (immutable: never change it).

    For example ``cached_run(8, (3, 2, 1, 4, 3, 2, 1, 2), "hill_climbing", (("seed", 1),))``.
    """
    return Run.record(NQueens(n, state=state), algorithm, dict(options))


@st.cache_resource(max_entries=32, ttl=3600, show_spinner=False)
def cached_film(
    n: int, state: tuple, algorithm: str, options: tuple, numbers: bool, each: str
) -> Film:
    """The run's film, shared by every session (made under no message: an opening's whole
    film is made in the background, see :class:`Opening`).

    The same key as :func:`cached_run`, then whether to write the numbers and what a
    genetic step is: ``cached_film(*key, False, "child")``.
    """
    return run_film(cached_run(n, state, algorithm, options), numbers=numbers, each=each)


@st.cache_resource(max_entries=32, ttl=3600, show_spinner=False)
def cached_opening(n: int, state: tuple, algorithm: str, options: tuple, numbers: bool) -> Film:
    """The opening of a long walk's film (see ``drawing.opens``), shared by every session:
    ``cached_opening(*key, False)`` with :func:`cached_film`'s key."""
    run = cached_run(n, state, algorithm, options)
    return run_film(run, numbers=numbers, opening=True)


def body() -> None:
    """The page, top to bottom: the sidebar, then the replay or the experiments.

    ``app_pages/local_search.py`` is ``from search_viz.lessons.local_search.page import body``
    and ``body()``.
    """
    st.title("Local search: n-queens")
    with link_check(), st.sidebar:
        st.header("Board")
        choice = board_inputs()
        st.header("Algorithm")
        algorithm, options = algorithm_inputs()
        numbers = numbers_input(algorithm, options, board_size(choice))
        each = each_input(algorithm)
    step_tab, experiment_tab = st.tabs(
        ["Step through", "Experiments: 100 boards"],
        key="view",
        on_change="rerun",
        bind="query-params",
    )
    with step_tab:
        if step_tab.open is not False:
            replay(choice, algorithm, options, numbers, each)
    with experiment_tab:
        if experiment_tab.open:
            experiments_panel()


def replay(choice, algorithm: str, options: dict[str, Any], numbers: bool, each: str) -> None:
    """The run's one-line summary, then its film in the player (or what is wrong).

    ``replay(choice, algorithm, options, numbers, each)`` with the sidebar's answers.
    """
    try:
        problem = make_problem(choice)
        run = cached_run(*_run_key(problem, algorithm, options))
    except ValueError as error:
        st.error(str(error), icon=":material/error:")
        return
    if not presenting():  # on a projector the picture needs the room
        st.markdown(summary(run))
    if run.trace.truncated:
        st.info(
            f"The run made more events than a page replays: showing the first {len(run.trace):,}. "
            "The result above is the whole run's."
        )
    if _each_shown(run, problem.n, algorithm, each) != each:
        st.info(
            f"This run makes {len(run.trace):,} steps, more than a replay steps through one "
            f"child at a time on {problem.n} queens (at most {max_child_steps(problem.n):,}): "
            "stepping one generation at a time.",
            icon=":material/info:",
        )
    if numbers and not numbered(run, numbers):
        st.caption(
            f"The conflicts are written in the squares on replays of at most "
            f"{MAX_NUMBERED_STEPS:,} steps; this one has {len(run.trace):,} "
            f"(steps 0 to {len(run.trace) - 1:,})."
        )

    def films(board: NQueens) -> Film | Opening:
        return film_for(board, algorithm, options, numbers, each)

    editing = Editing(problem, edits.edited, own_board_widgets, edits.HINT, films=films)
    film_player(films(problem), key="local_search", new_problem=new_board, edit=editing)
    if not presenting():
        st.caption(INTRO)


def film_for(
    problem: NQueens, algorithm: str, options: dict[str, Any], numbers: bool, each: str
) -> Film | Opening:
    """The film of ``problem``'s run with the sidebar's other answers (the run cached), or
    for a long walk its :class:`Opening`: the whole film is built once the student goes on.

    ``film_for(problem, algorithm, options, numbers, each)``: what the player shows.
    """
    key = _run_key(problem, algorithm, options)
    run = cached_run(*key)
    numbers = numbered(run, numbers)
    whole = partial(cached_film, *key, numbers, _each_shown(run, problem.n, algorithm, each))
    if opens(run):
        middle = partial(run_film, run, numbers=numbers, first=MIDDLE_STEPS)
        part = partial(run_part, run, numbers=numbers)
        return Opening(cached_opening(*key, numbers), whole, middle, part)
    with spinner("Making the replay…"):
        return whole()


def _run_key(problem: NQueens, algorithm: str, options: dict[str, Any]) -> tuple:
    return problem.n, problem.state, algorithm, tuple(sorted(options.items()))


def _each_shown(run, n: int, algorithm: str, each: str) -> str:
    """What one step of the replay is: the sidebar's choice, or a whole generation where a
    genetic run is too long to step through one child at a time."""
    too_long = algorithm == "genetic" and each == "child" and len(run.trace) > max_child_steps(n)
    return "generation" if too_long else each


#: The largest board the experiments run on (larger ones take minutes).
EXPERIMENT_MAX_N = 16

CLASSIC = (
    "**The classic result** (Russell and Norvig, *AIMA*, 3rd ed., §4.1.1): on random "
    "8-queens boards, steepest-ascent hill climbing solves about **14%** (4 moves on average "
    "when it succeeds, 3 when it gets stuck); allowing up to 100 sideways moves in a row "
    "lifts it to about **94%** (21 moves on success, 64 on failure)."
)


@st.cache_resource(max_entries=1)
def experiment_store() -> dict[tuple[int, int], list[Summary]]:
    """Finished experiments, shared by every session: (n, boards) -> one summary per setting.

    Bounded by the page's inputs: one entry per board size and count of boards (20 counts
    from 10 to 200), each seven small summaries.

    ``experiment_store()[(8, 100)]`` holds the seven settings' summaries once run.
    """
    return {}


def _table(summaries: list[Summary]) -> list[dict[str, object]]:
    def steps(x: float | None) -> str:
        return "–" if x is None else f"{x:,.1f}"

    return [
        {
            "algorithm": s.label,
            "solved": f"{s.solved}/{s.runs}",
            "rate": f"{100 * s.success_rate:.0f}%",
            "R&N": "–" if s.classic is None else f"{100 * s.classic:.0f}%",
            "steps, solved": steps(s.mean_steps_solved),
            "steps, not": steps(s.mean_steps_failed),
            "a step is": {"moves": "a move", "steps": "a proposal"}.get(s.unit, "a generation"),
            "ms a board": f"{s.mean_ms:,.1f}",
        }
        for s in summaries
    ]


@st.cache_data(max_entries=64, show_spinner=False)
def experiment_png(n: int, boards: int, zoom: float) -> bytes:
    """The chart of a finished experiment, as PNG bytes: ``experiment_png(8, 100, 1.0)``."""
    return to_png(experiment_figure(experiment_store()[(n, boards)], scale=zoom))


def run_experiment(n: int, boards: int) -> list[Summary]:
    """Every setting on ``boards`` seeded boards, with a progress bar.

    ``run_experiment(8, 100)`` runs the seven settings on boards seeded 0 to 99.
    """
    bar = st.progress(0.0, text="Starting…")
    total = len(SETTINGS) * boards
    summaries = []
    for i, setting in enumerate(SETTINGS):
        shown = {"percent": -1}

        def tick(board: int, i: int = i, label: str = setting.label, shown=shown) -> None:
            done = i * boards + board + 1
            percent = int(100 * done / total)
            if percent != shown["percent"]:
                shown["percent"] = percent
                bar.progress(done / total, text=f"{label}: board {board + 1} of {boards}")

        summaries.append(run_setting(setting, n, boards, on_board=tick))
    bar.empty()
    return summaries


def experiments_panel() -> None:
    """Each algorithm on many seeded random boards: success rate, steps and time.

    The second tab of :func:`body`: ``experiments_panel()``.
    """
    st.markdown(
        "Run every algorithm on the same seeded random boards (board *i* is the random board "
        "with seed *i*) and compare how often each one solves it, in how many steps, and how "
        "fast. " + CLASSIC
    )
    with link_check():
        left, right, _ = st.columns([1, 1, 2])
        with left:
            n = choose_number(
                f"Board size ({MIN_N}–{EXPERIMENT_MAX_N})", MIN_N, EXPERIMENT_MAX_N, 8, key="exp_n"
            )
        with right:
            boards = choose_number("Boards per algorithm", 10, 200, 100, step=10, key="exp_boards")
    store = experiment_store()
    key = (int(n), int(boards))
    if key not in store:
        st.caption(
            "Seven algorithms, each on the same boards; the genetic algorithm takes most of "
            "the time (about half a minute in all for 100 boards of 8 queens)."
        )
        if not st.button("Run the experiment", type="primary", icon=":material/science:"):
            return
        store[key] = run_experiment(*key)
        st.rerun()  # redraw without the button
    summaries = store[key]
    st.image(experiment_png(*key, scale()), width="stretch", alt=experiment_alt(summaries))
    st.dataframe(_table(summaries), hide_index=True, width="stretch")
    st.caption(
        "Mean steps over the boards solved and over those not solved. Hill climbing counts "
        "moves made (as Russell and Norvig, R&N, do), annealing its proposals, the genetic "
        "algorithm its generations. Times include making every event."
    )
