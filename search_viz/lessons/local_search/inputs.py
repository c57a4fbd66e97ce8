"""The local-search lesson's sidebar: the start board, the algorithm and its options.

Every widget is bound to the URL (its key is the link's parameter), so a link
reopens the same run; the player adds the step.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import streamlit as st

from search_viz.lessons.local_search.board import MAX_NUMBERED
from search_viz.lessons.local_search.sentences import TITLES
from search_viz.problems.nqueens import EXAMPLES, MAX_N, MIN_N, NQueens, parse_rows
from search_viz.ui.choices import choose_number

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
EACH = {"child": "each child", "generation": "each generation"}

#: What the page lets a user ask for (the library accepts more; these keep a page quick).
MAX_STEPS = 20_000
MAX_RESTARTS = 100
MAX_SIDEWAYS = 1_000
MAX_POPULATION = 100
MAX_GENERATIONS = 1_000


@dataclass(frozen=True)
class BoardChoice:
    """The start board the user asked for (``n``: a random board's size; a board typed in is
    as wide as its rows)."""

    kind: str
    n: int
    seed: int
    rows: str


def board_inputs() -> BoardChoice:
    """The sidebar's board widgets (all bound to the URL).

    In a page: ``with st.sidebar: choice = board_inputs()``, then ``make_problem(choice)``.
    """
    kind = st.selectbox(
        "Start board", list(BOARDS), format_func=BOARDS.get, key="board", bind="query-params"
    )
    n, seed, rows = 8, 0, ""
    if kind == "random":
        n = choose_number(
            f"Board size n ({MIN_N}–{MAX_N} queens)",
            min_value=1,
            max_value=2 * MAX_N,
            value=8,
            step=1,
            key="n",
        )
        seed = choose_number(
            "Board seed",
            min_value=0,
            max_value=MAX_SEED,
            value=0,
            key="board_seed",
        )
    elif kind == "own":
        rows = st.text_input(
            "Rows, one per column (row 0 at the bottom)",
            value="3 2 1 4 3 2 1 2",
            max_chars=400,
            key="rows",
            bind="query-params",
            help=(
                f"The board has as many columns as rows typed ({MIN_N} to {MAX_N}): "
                "0 4 7 5 2 6 1 3 is 8 queens, [1, 3, 0, 2] is 4."
            ),
        )
    return BoardChoice(kind, int(n), int(seed), rows)


#: The largest board seed the sidebar takes.
MAX_SEED = 10**6


def new_board(state=None, rng: random.Random | None = None) -> None:
    """Make the page's problem a fresh random board: the player's "New problem" (practice).

    Called before the page runs again: sets the start board to "random" and its
    seed to another one in ``state`` (the session's, by default); the board
    size and the algorithm stay. In a page:
    ``film_player(film, key="local_search", new_problem=new_board)``.

    >>> state = {"board": "aima-4.3a"}
    >>> new_board(state, random.Random(0))
    >>> state["board"], 0 <= state["board_seed"] <= MAX_SEED
    ('random', True)
    """
    state = st.session_state if state is None else state
    rng = rng or random.Random()
    old = state.get("board_seed", None)
    seed = old
    while seed == old:
        seed = rng.randrange(1, MAX_SEED + 1)  # not 0: the default, which a link leaves out
    state["board"] = "random"
    state["board_seed"] = seed


def own_board_widgets(problem: NQueens) -> dict[str, object]:
    """The sidebar's values that choose ``problem``'s board as "Your own board" (edit mode puts
    an edited board there, so that the link holds it).

    >>> own_board_widgets(NQueens(4, state=(1, 3, 0, 2)))
    {'board': 'own', 'rows': '1 3 0 2'}
    """
    return {"board": "own", "rows": " ".join(map(str, problem.state))}


def board_size(choice: BoardChoice) -> int:
    """How many queens ``choice``'s board holds (a typed board that cannot be read: 8, the
    page's message says why).

    >>> board_size(BoardChoice("own", 8, 0, "1 3 0 2")), board_size(BoardChoice("random", 6, 0, ""))
    (4, 6)
    """
    if choice.kind == "random":
        return choice.n
    if choice.kind == "own":
        try:
            return len(parse_rows(choice.rows))
        except ValueError:
            return 8
    return len(EXAMPLES[choice.kind])


def make_problem(choice: BoardChoice) -> NQueens:
    """The board asked for, or a ValueError whose message the page shows.

    >>> make_problem(BoardChoice("aima-4.3a", 8, 0, "")).state
    (3, 2, 1, 4, 3, 2, 1, 2)
    >>> make_problem(BoardChoice("own", 8, 0, "1 3 0 2")).n  # as wide as its rows
    4
    >>> make_problem(BoardChoice("own", 8, 0, "1 0 2"))
    Traceback (most recent call last):
    ...
    ValueError: A board has 4 to 50 columns, one row typed for each: 3 rows typed.
    """
    if choice.kind == "random":
        return NQueens(choice.n, seed=choice.seed)
    if choice.kind == "own":
        rows = parse_rows(choice.rows)
        if not MIN_N <= len(rows) <= MAX_N:
            raise ValueError(
                f"A board has {MIN_N} to {MAX_N} columns, one row typed for each: "
                f"{len(rows)} row{'s' * (len(rows) != 1)} typed."
            )
        return NQueens(len(rows), state=rows)
    return NQueens(8, state=EXAMPLES[choice.kind])


def algorithm_inputs() -> tuple[str, dict[str, Any]]:
    """The sidebar's algorithm widgets; returns the algorithm and its options.

    In a page: ``algorithm, options = algorithm_inputs()`` gives e.g.
    ``("simulated_annealing", {"t0": 1000.0, "cooling": 0.99, ...})``.
    """
    algorithm = st.selectbox(
        "Algorithm",
        list(TITLES),
        format_func=TITLES.get,
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
        choose_number(
            "Algorithm seed",
            min_value=0,
            max_value=10**6,
            value=1,
            key="seed",
            help="The same seed replays the same run.",
        )
    )
    return algorithm, options


def _hill_climbing_inputs() -> dict[str, Any]:
    variant = st.radio(
        "Variant", list(VARIANTS), format_func=VARIANTS.get, key="variant", bind="query-params"
    )
    sideways = choose_number(
        "Sideways moves allowed in a row",
        0,
        MAX_SIDEWAYS,
        0,
        key="sideways",
        help="Moves that keep the conflicts equal: a way across a plateau.",
    )
    restarts = choose_number(
        "Random restarts",
        0,
        MAX_RESTARTS,
        0,
        key="restarts",
        help="When stuck, start again from a random board, at most this many times.",
    )
    return {"variant": variant, "sideways": int(sideways), "restarts": int(restarts)}


def _annealing_inputs() -> dict[str, Any]:
    t0 = choose_number(
        "Starting temperature T0",
        min_value=0.0,
        max_value=1e9,
        value=1000.0,
        step=100.0,
        key="t0",
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
        cooling = choose_number(
            "Cooling factor",
            min_value=0.0,
            max_value=1.0,
            value=0.99,
            step=0.001,
            format="%.4f",
            key="cooling",
            help="T is multiplied by this each step; strictly between 0 and 1. The notes use 0.99.",
        )
    neighbour = st.radio(
        "Neighbour",
        list(NEIGHBOURS),
        format_func=NEIGHBOURS.get,
        key="neighbour",
        bind="query-params",
    )
    max_steps = choose_number("Maximum steps", 1, MAX_STEPS, 10_000, step=1_000, key="max_steps")
    return {
        "t0": float(t0),
        "cooling": float(cooling),
        "schedule": schedule,
        "neighbour": neighbour,
        "max_steps": int(max_steps),
    }


def _genetic_inputs() -> dict[str, Any]:
    population = choose_number(
        "Population",
        1,
        MAX_POPULATION,
        50,
        key="population",
        help="Boards per generation: at least 2.",
    )
    generations = choose_number(
        "Generations at most",
        0,
        MAX_GENERATIONS,
        500,
        step=50,
        key="generations",
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
    mutation = choose_number(
        "Mutation chance",
        0.0,
        1.0,
        0.3,
        step=0.05,
        key="mutation",
        help="The chance that a child has one queen moved.",
    )
    elitism = choose_number(
        "Elitism",
        0,
        MAX_POPULATION,
        2,
        key="elitism",
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


def numbers_input(algorithm: str, options: dict[str, Any], n: int) -> bool:
    """Whether to write each move's conflicts in the squares (steepest ascent, small boards).

    In a page: ``numbers = numbers_input(algorithm, options, board_size(choice))`` (False, with no
    checkbox, where the numbers do not apply).
    """
    if algorithm != "hill_climbing" or options.get("variant") != "steepest" or n > MAX_NUMBERED:
        return False
    return st.checkbox(
        "Write each move's conflicts in the squares",
        value=True,
        key="numbers",
        bind="query-params",
        help="As in AIMA's figure 4.3: steepest ascent takes a square with the lowest number.",
    )


def each_input(algorithm: str) -> str:
    """What a step of the genetic algorithm's replay is: each child, or each generation.

    In a page: ``each = each_input(algorithm)`` ("child", with no widget, for the others).
    """
    if algorithm != "genetic":
        return "child"
    return st.radio(
        "Step through",
        list(EACH),
        format_func=EACH.get,
        key="each",
        bind="query-params",
        horizontal=True,
        help="Each child shows its parents, the crossover and the mutation; "
        "each generation shows only the fittest board of every generation.",
    )
