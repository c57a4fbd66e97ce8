"""The informed-search lesson's sidebar: the instance, the search, its heuristic and tie rule.

:func:`choose_instance` and :func:`choose_search` draw the widgets (each bound
to the URL, so a link reopens the same search); building an instance from
them is pure (:func:`build_instance`), so tests call it directly, and bad
input gives an :class:`Instance` whose ``error`` says what is wrong.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass

import streamlit as st

import search_viz as sv
from search_viz.problems.eight_puzzle import (
    HARDEST_STARTS,
    NOTES_GOAL,
    NOTES_START,
    ORDERED_GOAL,
    Board,
    compact,
    scramble,
)
from search_viz.problems.puzzle_heuristics import HEURISTICS
from search_viz.problems.puzzle_input import MAX_CHARS, parse_board
from search_viz.ui.choices import choose_number, choose_one

NOTES = "the notes' (5 moves)"
#: An instance where greedy's solution is longer than A*'s (11 moves, greedy 15).
DETOUR_START: Board = (7, 1, 2, 4, 8, 3, 6, 0, 5)
DETOUR = "greedy's detour: 712/483/6_5"
SCRAMBLED = "scrambled: random moves from a goal"
TYPED = "typed: your own start and goal"
INSTANCES: dict[str, tuple[Board, Board] | None] = {
    NOTES: (NOTES_START, NOTES_GOAL),
    DETOUR: (DETOUR_START, NOTES_GOAL),
    "31 moves: 867/254/3_1": (HARDEST_STARTS[0], ORDERED_GOAL),
    "31 moves: 647/85_/321": (HARDEST_STARTS[1], ORDERED_GOAL),
    SCRAMBLED: None,
    TYPED: None,
}
GOALS = {"1 2 3 / 8 _ 4 / 7 6 5 (the notes')": NOTES_GOAL, "1 2 3 / 4 5 6 / 7 8 _": ORDERED_GOAL}
ALGORITHMS = {"A*": "A*: f = g + h", "greedy": "greedy best-first: f = h"}
TIES = {"fifo": "first in, first out", "deeper": "deeper first"}
SCRAMBLE_MOVES = (1, 40)
#: The seeds a scramble may have, and the sidebar's first.
SEEDS, FIRST_SEED = (0, 9999), 1


@dataclass(frozen=True)
class Instance:
    """An 8-puzzle start and goal chosen in the sidebar, or why there is none (``error``)."""

    start: Board | None
    goal: Board | None
    description: str
    error: str | None = None

    @property
    def key(self) -> tuple:
        """What names this instance in the caches."""
        return (self.start, self.goal)


@dataclass(frozen=True)
class SearchChoice:
    """Which search to step through: ``algorithm`` ("A*" or "greedy"), heuristic, tie rule."""

    algorithm: str
    heuristic: str
    tie: str


def build_instance(kind: str, params: tuple = ()) -> Instance:
    """The instance ``kind`` with the sidebar's parameters, checked; bad input gives ``error``.

    ``params``: (goal label, moves, seed) for a scramble, (start text, goal
    text) for a typed board, nothing otherwise.

    >>> build_instance(NOTES).start
    (2, 8, 3, 1, 6, 4, 7, 0, 5)
    >>> build_instance(TYPED, ("213804765", "123804765")).error.split(":")[0]
    'This start cannot reach this goal'
    """
    chosen = INSTANCES.get(kind)
    if chosen is not None:
        start, goal = chosen
        return Instance(start, goal, f"The 8-puzzle from {compact(start)} to {compact(goal)}.")
    if kind == SCRAMBLED:
        goal_label, moves, seed = params
        goal = GOALS[goal_label]
        start = scramble(goal, moves, seed)
        return Instance(
            start,
            goal,
            f"{moves} random moves from the goal (seed {seed}): from {compact(start)} "
            f"to {compact(goal)}.",
        )
    if kind == TYPED:
        start_text, goal_text = params
        try:
            start, goal = parse_board(start_text, "start"), parse_board(goal_text, "goal")
            sv.EightPuzzle(start, goal=goal)
        except ValueError as error:
            return Instance(None, None, "", error=_typed_error(str(error)))
        return Instance(start, goal, f"Your puzzle: from {compact(start)} to {compact(goal)}.")
    raise ValueError(f"unknown instance {kind!r}")


def _typed_error(message: str) -> str:
    if message.startswith("unsolvable: "):
        reason = message.removeprefix("unsolvable: ")
        return (
            f"This start cannot reach this goal: {reason} Half of all boards are like this. "
            "Swap two tiles (not the blank) in either board to change its parity."
        )
    return message[0].upper() + message[1:] + "."


@st.cache_resource(show_spinner=False, max_entries=64)
def cached_instance(kind: str, params: tuple) -> Instance:
    """:func:`build_instance`, once per server for each choice.

    >>> cached_instance(SCRAMBLED, (list(GOALS)[1], 4, 1)).goal
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    """
    return build_instance(kind, params)


def choose_instance() -> Instance:
    """The sidebar's instance widgets (every one bound to the URL); the chosen instance."""
    kind = st.selectbox(
        "Instance",
        list(INSTANCES),
        key="instance",
        bind="query-params",
        help="The notes' example, one where greedy goes astray, the two hardest starts, "
        "a random one, or your own.",
    )
    if kind == SCRAMBLED:
        goal_label = st.radio("Goal", list(GOALS), key="scramble_goal", bind="query-params")
        moves = st.slider(
            "Scramble moves", *SCRAMBLE_MOVES, 12, key="scramble", bind="query-params"
        )
        seed = int(choose_number("Seed", *SEEDS, FIRST_SEED, key="seed"))
        return cached_instance(kind, (goal_label, moves, seed))
    if kind == TYPED:
        start_text = st.text_input(
            "Start",
            "283164705",
            max_chars=MAX_CHARS,
            key="start_board",
            bind="query-params",
            help="9 digits row by row, 0 or _ for the blank; spaces or slashes may separate rows.",
        )
        goal_text = st.text_input(
            "Goal", "123804765", max_chars=MAX_CHARS, key="goal_board", bind="query-params"
        )
        return cached_instance(kind, (start_text, goal_text))
    return cached_instance(kind, ())


def typed_widgets(puzzle: sv.EightPuzzle) -> dict[str, object]:
    """The sidebar's values that choose ``puzzle`` as a typed start and goal (edit mode puts
    an edited puzzle there, so that the link holds it).

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> typed_widgets(sv.EightPuzzle(NOTES_START))
    {'instance': 'typed: your own start and goal', 'start_board': '283164705', \
'goal_board': '123804765'}
    """
    return {
        "instance": TYPED,
        "start_board": "".join(map(str, puzzle.initial)),
        "goal_board": "".join(map(str, puzzle.goal)),
    }


def new_problem(state: MutableMapping) -> None:
    """Practice's "New problem": a fresh random scramble, in ``state`` (the widgets' values).

    A scramble takes the next seed; any other instance becomes a scramble
    (with the seed the sidebar last had). The number of moves, the goal and
    the search keep their values.

    >>> state = {"instance": SCRAMBLED, "seed": 7}
    >>> new_problem(state); state
    {'instance': 'scrambled: random moves from a goal', 'seed': 8}
    >>> state = {"instance": NOTES}
    >>> new_problem(state); state["instance"] == SCRAMBLED, state["seed"]
    (True, 1)
    >>> state = {"instance": SCRAMBLED, "seed": 9999}
    >>> new_problem(state); state["seed"]
    0
    """
    seed = int(state.get("seed", FIRST_SEED))
    if state.get("instance") == SCRAMBLED:
        seed = seed + 1 if seed < SEEDS[1] else SEEDS[0]
    state["instance"] = SCRAMBLED
    state["seed"] = seed


def choose_search() -> SearchChoice:
    """The sidebar's search widgets: algorithm, heuristic and tie rule (bound to the URL)."""
    algorithm = choose_one(
        "Algorithm",
        list(ALGORITHMS),
        default="A*",
        key="algorithm",
        help="; ".join(ALGORITHMS.values()),
    )
    heuristic = choose_one(
        "Heuristic h",
        list(HEURISTICS),
        default="misplaced",
        key="heuristic",
        help="; ".join(f"{name}: {what}" for name, what in HEURISTICS.items()),
    )
    tie_label = st.radio(
        "Ties among equal f",
        list(TIES.values()),
        key="tie",
        bind="query-params",
        help="Which node leaves the frontier first when several share the lowest f: the one "
        "put on it first, or the deepest (largest g). On the 31-move instances this alone "
        "changes how many nodes A* expands about 3x.",
    )
    tie = next(code for code, label in TIES.items() if label == tie_label)
    return SearchChoice(algorithm, heuristic, tie)


def choose_compare() -> bool:
    """The sidebar's compare-mode toggle (bound to the URL): greedy and A* side by side."""
    return st.toggle(
        "Greedy and A* side by side",
        key="both",
        bind="query-params",
        help="Compare mode: both searches on this instance, with this heuristic and tie rule, "
        "driven by one player.",
    )
