"""The local-search lesson's widgets, cached runs and frames, and the stage.

The page (``app_pages/local_search.py``) reads top to bottom: choose the board and
the algorithm in the sidebar, then step through the run (here), or run the
experiments over many seeded boards (``ui/local_experiments.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from search_viz.algorithms.genetic import genetic_pseudocode
from search_viz.algorithms.local_notes import explain_local, pairs
from search_viz.algorithms.local_search import pseudocode_for
from search_viz.lessons.shared.figure import to_png
from search_viz.problems.nqueens import EXAMPLES, MAX_N, MIN_N, NQueens, parse_rows
from search_viz.render.local_curves import CurvesCanvas
from search_viz.render.local_run import Run, counters_at
from search_viz.render.local_search import board_figure_at, population_figure
from search_viz.render.queens import MAX_NUMBERED
from search_viz.ui.panels import counters, note, pseudocode
from search_viz.ui.player import replay
from search_viz.ui.presenter import scale

ALGORITHMS = {
    "hill_climbing": "Hill climbing",
    "simulated_annealing": "Simulated annealing",
    "genetic": "Genetic algorithm",
}
BOARDS = {
    "random": "A random board (choose a seed)",
    "aima-4.3a": "AIMA figure 4.3(a): 17 attacking pairs",
    "local-minimum": "A local minimum: 1 pair, every move worse",
    "own": "Your own board",
}
VARIANTS = {"steepest": "Steepest ascent", "first-choice": "First choice"}
SCHEDULES = {"exponential": "Exponential: T × cooling", "linear": "Linear: down to 0"}
NEIGHBOURS = {
    "column-in-turn": "Next column in turn (the notes)",
    "random": "Random queen (classic)",
}
CROSSOVERS = {"one-point": "One-point", "uniform": "Uniform"}
SELECTIONS = {"roulette": "Roulette (by fitness)", "tournament": "Tournament of 3"}

#: What the page lets a user ask for (the library accepts more; these keep a page quick).
MAX_STEPS = 20_000
MAX_RESTARTS = 100
MAX_SIDEWAYS = 1_000
MAX_POPULATION = 100
MAX_GENERATIONS = 1_000


@dataclass(frozen=True)
class BoardChoice:
    """The start board the user asked for."""

    kind: str
    n: int
    seed: int
    rows: str


def board_inputs() -> BoardChoice:
    """The sidebar's board widgets (all bound to the URL)."""
    kind = st.selectbox(
        "Start board", list(BOARDS), format_func=BOARDS.get, key="board", bind="query-params"
    )
    n, seed, rows = 8, 0, ""
    if kind in ("random", "own"):
        n = st.number_input(
            f"Board size n ({MIN_N}–{MAX_N} queens)",
            min_value=1,
            max_value=2 * MAX_N,
            value=8,
            step=1,
            key="n",
            bind="query-params",
        )
    if kind == "random":
        seed = st.number_input(
            "Board seed",
            min_value=0,
            max_value=10**6,
            value=0,
            key="board_seed",
            bind="query-params",
        )
    elif kind == "own":
        rows = st.text_input(
            "Rows, one per column (row 0 at the bottom)",
            value="3 2 1 4 3 2 1 2",
            max_chars=400,
            key="rows",
            bind="query-params",
            help="e.g. 0 4 7 5 2 6 1 3, or [0, 4, 7, 5, 2, 6, 1, 3]",
        )
    return BoardChoice(kind, int(n), int(seed), rows)


def make_problem(choice: BoardChoice) -> NQueens:
    """The board asked for, or a ValueError whose message the page shows."""
    if choice.kind == "random":
        return NQueens(choice.n, seed=choice.seed)
    if choice.kind == "own":
        return NQueens(choice.n, state=parse_rows(choice.rows))
    return NQueens(8, state=EXAMPLES[choice.kind])


def algorithm_inputs() -> tuple[str, dict[str, Any]]:
    """The sidebar's algorithm widgets; returns the algorithm and its options."""
    algorithm = st.selectbox(
        "Algorithm",
        list(ALGORITHMS),
        format_func=ALGORITHMS.get,
        index=1,
        key="algorithm",
        bind="query-params",
    )
    if algorithm == "hill_climbing":
        options = _hill_climbing_inputs()
    elif algorithm == "simulated_annealing":
        options = _annealing_inputs()
    else:
        options = _genetic_inputs()
    options["seed"] = int(
        st.number_input(
            "Algorithm seed",
            min_value=0,
            max_value=10**6,
            value=1,
            key="seed",
            bind="query-params",
            help="The same seed replays the same run.",
        )
    )
    return algorithm, options


def _hill_climbing_inputs() -> dict[str, Any]:
    variant = st.radio(
        "Variant", list(VARIANTS), format_func=VARIANTS.get, key="variant", bind="query-params"
    )
    sideways = st.number_input(
        "Sideways moves allowed in a row",
        0,
        MAX_SIDEWAYS,
        0,
        key="sideways",
        bind="query-params",
        help="Moves that keep the conflicts equal: a way across a plateau.",
    )
    restarts = st.number_input(
        "Random restarts",
        0,
        MAX_RESTARTS,
        0,
        key="restarts",
        bind="query-params",
        help="When stuck, start again from a random board, at most this many times.",
    )
    return {"variant": variant, "sideways": int(sideways), "restarts": int(restarts)}


def _annealing_inputs() -> dict[str, Any]:
    t0 = st.number_input(
        "Starting temperature T0",
        min_value=0.0,
        max_value=1e9,
        value=1000.0,
        step=100.0,
        key="t0",
        bind="query-params",
        help="Must be above 0. The notes start at 1000.",
    )
    schedule = st.radio(
        "Schedule",
        list(SCHEDULES),
        format_func=SCHEDULES.get,
        key="schedule",
        bind="query-params",
    )
    cooling = 0.99  # the linear schedule does not use it
    if schedule == "exponential":
        cooling = st.number_input(
            "Cooling factor",
            min_value=0.0,
            max_value=1.0,
            value=0.99,
            step=0.001,
            format="%.4f",
            key="cooling",
            bind="query-params",
            help="T is multiplied by this each step; strictly between 0 and 1. The notes use 0.99.",
        )
    neighbour = st.radio(
        "Neighbour",
        list(NEIGHBOURS),
        format_func=NEIGHBOURS.get,
        key="neighbour",
        bind="query-params",
    )
    max_steps = st.number_input(
        "Maximum steps", 1, MAX_STEPS, 10_000, step=1_000, key="max_steps", bind="query-params"
    )
    return {
        "t0": float(t0),
        "cooling": float(cooling),
        "schedule": schedule,
        "neighbour": neighbour,
        "max_steps": int(max_steps),
    }


def _genetic_inputs() -> dict[str, Any]:
    population = st.number_input(
        "Population",
        1,
        MAX_POPULATION,
        50,
        key="population",
        bind="query-params",
        help="Boards per generation: at least 2.",
    )
    generations = st.number_input(
        "Generations at most",
        0,
        MAX_GENERATIONS,
        500,
        step=50,
        key="generations",
        bind="query-params",
    )
    crossover = st.radio(
        "Crossover",
        list(CROSSOVERS),
        format_func=CROSSOVERS.get,
        key="crossover",
        bind="query-params",
        horizontal=True,
    )
    selection = st.radio(
        "Selection",
        list(SELECTIONS),
        format_func=SELECTIONS.get,
        key="selection",
        bind="query-params",
    )
    mutation = st.number_input(
        "Mutation chance",
        0.0,
        1.0,
        0.3,
        step=0.05,
        key="mutation",
        bind="query-params",
        help="The chance that a child has one queen moved.",
    )
    elitism = st.number_input(
        "Elitism",
        0,
        MAX_POPULATION,
        2,
        key="elitism",
        bind="query-params",
        help="The fittest boards kept unchanged; fewer than the population.",
    )
    return {
        "population": int(population),
        "generations": int(generations),
        "crossover": crossover,
        "selection": selection,
        "mutation": float(mutation),
        "elitism": int(elitism),
    }


# -------------------------------------------------------------------- caching
@st.cache_resource(max_entries=16, show_spinner="Running the search…")
def cached_run(n: int, state: tuple, algorithm: str, options: tuple) -> Run:
    """The recorded run, shared by every session (immutable: never change it)."""
    return Run.record(NQueens(n, state=state), algorithm, dict(options))


def _frame(fig) -> bytes:
    return to_png(fig)


@st.cache_data(max_entries=1000, show_spinner=False)  # about 60 kB each
def board_png(n, state, algorithm, options, step: int, zoom: float, numbers: bool) -> bytes:
    """The board at ``step``, as PNG bytes, rendered once per server."""
    run = cached_run(n, state, algorithm, options)
    return _frame(board_figure_at(run, step, scale=zoom, numbers=numbers))


@st.cache_resource(max_entries=16, show_spinner=False)
def cached_curves(
    n: int, state: tuple, algorithm: str, options: tuple, zoom: float
) -> CurvesCanvas:
    """The run's curves drawn once; each step only moves the cursor (shared, with a lock)."""
    return CurvesCanvas(cached_run(n, state, algorithm, options), scale=zoom)


@st.cache_data(max_entries=500, show_spinner=False)  # about 110 kB each; a blit is quick
def curves_png(n, state, algorithm, options, step: int, zoom: float) -> bytes:
    """The curves with the cursor at ``step``, as PNG bytes."""
    return cached_curves(n, state, algorithm, options, zoom).png(step)


@st.cache_data(max_entries=300, show_spinner=False)
def population_png(n, state, algorithm, options, step: int, zoom: float) -> bytes:
    """The genetic algorithm's population at ``step``, as PNG bytes."""
    return _frame(population_figure(cached_run(n, state, algorithm, options), step, scale=zoom))


# ---------------------------------------------------------------------- stage
def pseudocode_of(algorithm: str, options: dict[str, Any]) -> str:
    """The pseudocode shown beside this run."""
    if algorithm == "genetic":
        return genetic_pseudocode(options.get("crossover", "one-point"))
    return pseudocode_for(
        algorithm,
        options.get("variant", "steepest"),
        neighbour=options.get("neighbour", "column-in-turn"),
        schedule=options.get("schedule", "exponential"),
    )


def summary(run: Run) -> str:
    """One line about the whole run: where it started, how it ended, how long it took."""
    r = run.trace.result
    start = run.problem.conflicts(run.problem.state)
    name = ALGORITHMS[run.algorithm]
    stopped = r.stats.get("stopped")
    if run.algorithm == "genetic":
        count, unit = r.stats["generations"], "generation"
    else:
        count, unit = r.stats["steps"], "step"
    length = f"{count:,} {unit}" + ("" if count == 1 else "s")
    if stopped == "solved" and count == 0:
        where = "the start board" if unit == "step" else "a starting board"
        length = f"0 {unit}s: {where} is a solution"
    outcome = {
        "solved": f"**solved** after {length}",
        "stuck": f"**stuck** after {length}, best board: {pairs(r.value)}",
    }.get(stopped, f"stopped after {length} with {pairs(r.value)}")
    return (
        f"{name} from a board with {pairs(start)}: {outcome} ({len(run.trace):,} events to replay)."
    )


def stage(run: Run, key: tuple, numbers: bool) -> None:
    """The player and, for each step, the board, the panels and the curves."""
    n, state, algorithm, options = key
    opts = dict(options)
    code = pseudocode_of(algorithm, opts)
    variant = opts.get("variant", "steepest")
    st.markdown(summary(run))
    if run.trace.truncated:
        st.info(
            f"The run made more events than a page replays: showing the first {len(run.trace):,}. "
            "The result above is the whole run's."
        )

    def show(step: int) -> None:
        zoom = scale()
        event = run.trace.events[step]
        picture, side = st.columns([1, 1])
        picture.image(board_png(n, state, algorithm, options, step, zoom, numbers), width="stretch")
        with side:
            note(explain_local(event, algorithm, variant, run.max_pairs), step)
            pseudocode(code, event.line)
            counters(counters_at(run, step))
        st.image(curves_png(n, state, algorithm, options, step, zoom), width="stretch")
        if algorithm == "genetic":
            st.image(population_png(n, state, algorithm, options, step, zoom), width="stretch")

    zoom = scale()
    replay(
        len(run.trace),
        show,
        key="local_search",
        reset_on=key,
        figure=lambda step: board_figure_at(run, step, scale=scale(), numbers=numbers),
        prefetch=lambda step: board_png(n, state, algorithm, options, step, zoom, numbers),
    )


def numbers_input(algorithm: str, options: dict[str, Any], n: int) -> bool:
    """Whether to write each move's conflicts in the squares (steepest ascent, small boards)."""
    if algorithm != "hill_climbing" or options.get("variant") != "steepest" or n > MAX_NUMBERED:
        return False
    return st.checkbox(
        "Write each move's conflicts in the squares",
        value=True,
        key="numbers",
        bind="query-params",
        help="As in AIMA's figure 4.3: steepest ascent takes a square with the lowest number.",
    )
