"""The informed-search lesson's sidebar, cached searches and frames, and the stage of one step.

The page (``app_pages/informed_search.py``) reads top to bottom: choose the
instance and the search in the sidebar (:func:`choose_instance`,
:func:`choose_search`), step through it (:func:`stage`), then see the
solution and the comparison (``ui/informed_panels.py``). Building an instance
is pure (:func:`build_instance`), so tests call it directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

import search_viz as sv
from search_viz.algorithms.informed import ASTAR_PSEUDOCODE, GREEDY_PSEUDOCODE, astar, greedy
from search_viz.algorithms.informed_compare import Row, compare
from search_viz.lessons.shared.eight_puzzle import path_frame_figure, path_strip_figure
from search_viz.lessons.shared.figure import to_png
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
from search_viz.render.animation import MAX_FRAMES, gif_bytes
from search_viz.render.frontier_table import frontier_rows, ties_at_expansion
from search_viz.render.informed_charts import compare_chart
from search_viz.render.informed_search import InformedPicture, informed_figure
from search_viz.render.informed_sentences import informed_sentence
from search_viz.ui.compare import Side, side_by_side
from search_viz.ui.informed_panels import frontier_html, greedy_callout_text, show_compare_table
from search_viz.ui.panels import counters, note, pseudocode

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
#: A replay keeps at most this many events; the search itself always runs to its end.
MAX_EVENTS = 60_000


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
        seed = int(st.number_input("Seed", 0, 9999, 1, key="seed", bind="query-params"))
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


def choose_search() -> SearchChoice:
    """The sidebar's search widgets: algorithm, heuristic and tie rule (bound to the URL)."""
    algorithm = st.segmented_control(
        "Algorithm",
        list(ALGORITHMS),
        default="A*",
        required=True,
        key="algorithm",
        bind="query-params",
        help="; ".join(ALGORITHMS.values()),
    )
    heuristic = st.segmented_control(
        "Heuristic h",
        list(HEURISTICS),
        default="misplaced",
        required=True,
        key="heuristic",
        bind="query-params",
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


# ------------------------------------------------------------------ cached work
def search_of(start: Board, goal: Board, choice: SearchChoice):
    """The generator of the chosen search on the instance.

    >>> sv.run(search_of(NOTES_START, NOTES_GOAL, SearchChoice("A*", "manhattan", "fifo"))).value
    5
    """
    problem = sv.EightPuzzle(start, goal=goal)
    search = astar if choice.algorithm == "A*" else greedy
    return search(problem, heuristic=choice.heuristic, tie=choice.tie)


@st.cache_resource(show_spinner="Searching…", max_entries=32)
def cached_trace(start: Board, goal: Board, choice: SearchChoice) -> sv.Trace:
    """The recorded search (at most :data:`MAX_EVENTS` events kept; the result is the full one)."""
    return sv.Trace.record(search_of(start, goal, choice), limit=MAX_EVENTS)


@st.cache_resource(show_spinner="Laying out the search tree…", max_entries=32)
def cached_picture(start: Board, goal: Board, choice: SearchChoice) -> InformedPicture:
    """The tree and layout every frame of this search shares."""
    trace = cached_trace(start, goal, choice)
    return InformedPicture(trace, goal, choice.heuristic, choice.algorithm)


def figure_for(start: Board, goal: Board, choice: SearchChoice, step: int, zoom: float = 1.0):
    """The picture of one step (what the page shows and the export saves).

    >>> choice = SearchChoice("greedy", "misplaced", "fifo")
    >>> figure_for(NOTES_START, NOTES_GOAL, choice, 0).axes[1].get_title().splitlines()[0]
    'just generated'
    """
    return informed_figure(cached_picture(start, goal, choice), step, scale=zoom)


@st.cache_data(show_spinner=False, max_entries=4000)
def frame_png(start: Board, goal: Board, choice: SearchChoice, step: int, zoom: float) -> bytes:
    """One step's picture as PNG, once for every visitor."""
    return to_png(figure_for(start, goal, choice, step, zoom))


# ------------------------------------------------------------------ one step
def stage(instance: Instance, choice: SearchChoice, step: int, zoom: float) -> None:
    """Everything that changes with the step: picture, sentence, pseudocode, counters, frontier."""
    start, goal = instance.start, instance.goal
    trace = cached_trace(start, goal, choice)
    state = trace.state(step)
    event = state.event
    rows = frontier_rows(trace, step, choice.tie)
    note(step_sentence(trace, step, choice), step)
    st.image(frame_png(start, goal, choice, step, zoom))
    code_column, numbers_column = st.columns([1, 1])
    with code_column:
        # Unscaled: presenter mode's larger root font already enlarges it, and it must fit.
        pseudocode(ASTAR_PSEUDOCODE if choice.algorithm == "A*" else GREEDY_PSEUDOCODE, event.line)
        st.caption(f"Ties among equal f: {TIES[choice.tie]}.")
    with numbers_column:
        numbers = {"expanded": state.counts.get("expand", 0), "on the frontier": len(rows)}
        if event.g is not None:
            numbers.update({"g": event.g, "h": event.h, "f": event.value})
        counters(numbers)
        just_put = event.node if event.kind == "generate" else None
        # Unscaled, like the pseudocode: presenter mode's larger root font enlarges it.
        st.html(frontier_html(rows, compact, choice.algorithm, choice.tie, just_put))


def step_sentence(trace: sv.Trace, step: int, choice: SearchChoice) -> str:
    """The sentence of one step of ``choice``'s search."""
    return informed_sentence(
        trace.events[step],
        choice.algorithm,
        label=compact,
        heuristic=choice.heuristic,
        tie=choice.tie,
        ties=ties_at_expansion(trace, step, choice.tie),
        path=trace.result.path,
        expanded=trace.result.stats.get("expanded"),
    )


# ------------------------------------------------------------------ compare mode
def side_by_side_stage(
    instance: Instance, choice: SearchChoice, zoom: float
) -> tuple[int, Callable[[int], None]]:
    """Greedy best-first and A* on the same instance, heuristic and tie rule, one player.

    Returns the number of steps and the function that shows a step, for ``replay``.
    """
    sides = []
    for algorithm in ("greedy", "A*"):
        each = SearchChoice(algorithm, choice.heuristic, choice.tie)
        trace = cached_trace(instance.start, instance.goal, each)
        title = "Greedy best-first: f = h" if algorithm == "greedy" else "A*: f = g + h"
        sides.append(Side(title, len(trace), _compact_stage(instance, each, zoom)))
    return side_by_side(*sides)


def _compact_stage(instance: Instance, choice: SearchChoice, zoom: float) -> Callable[[int], None]:
    """One side of the comparison: the sentence, the picture and the counters, stacked."""
    trace = cached_trace(instance.start, instance.goal, choice)

    def show(step: int) -> None:
        event = trace.events[step]
        note(step_sentence(trace, step, choice), step)
        st.image(frame_png(instance.start, instance.goal, choice, step, zoom), width="stretch")
        numbers = {"expanded": trace.state(step).counts.get("expand", 0)}
        if event.g is not None:
            numbers.update({"g": event.g, "h": event.h, "f": event.f})
        if step == len(trace) - 1 and trace.result.path:
            numbers["path length"] = len(trace.result.path) - 1
        counters(numbers)

    return show


# ------------------------------------------------------------------ after the replay
@st.cache_data(show_spinner=False, max_entries=64)
def strip_png(path: tuple[Board, ...], zoom: float) -> bytes:
    """The solution as a strip of boards, as PNG."""
    per_row = 12 if len(path) <= 48 else 16
    return to_png(path_strip_figure(list(path), scale=zoom, per_row=per_row))


@st.cache_data(show_spinner="Drawing the animation…", max_entries=32)
def path_gif(path: tuple[Board, ...], zoom: float) -> bytes:
    """The solution played move by move, as an animated GIF."""
    return gif_bytes(lambda i: path_frame_figure(path, i, scale=zoom), range(len(path)), fps=1.5)


def solution_panel(trace: sv.Trace, algorithm: str, zoom: float) -> None:
    """The solution path as a strip of boards, and the same path as an animation."""
    path = trace.result.path
    if not path:
        return
    moves = len(path) - 1
    st.subheader(f"The solution {algorithm} found: {moves} move{'s' if moves != 1 else ''}")
    if moves == 0:
        st.info("The start is the goal: nothing to move.", icon=":material/flag:")
        return
    if len(path) > MAX_FRAMES:
        st.image(strip_png(tuple(path), zoom))
        return
    strip, animation = st.tabs(
        ["Strip of boards", "Animation"], key="solution_view", on_change="rerun"
    )
    with strip:
        st.image(strip_png(tuple(path), zoom))
    if animation.open:  # drawn only when asked for: one frame per move
        with animation:
            st.image(path_gif(tuple(path), zoom), width=int(300 * zoom**0.5))
            st.caption("The solution played move by move (1.5 moves a second, then again).")


@st.cache_data(show_spinner="Running all eight searches on this instance…", max_entries=64)
def cached_compare(start: Board, goal: Board, tie: str) -> list[Row]:
    """Every search of the comparison on this instance, once per server.

    >>> [row.moves for row in cached_compare(NOTES_START, NOTES_GOAL, "fifo")][-1]
    5
    """
    return compare(sv.EightPuzzle(start, goal=goal), tie=tie)


@st.cache_data(show_spinner="Running A* with the other tie rule…", max_entries=64)
def cached_tie_effect(start: Board, goal: Board, tie: str) -> dict[str, dict[str, int]]:
    """Nodes A* expands with each heuristic under each tie rule: {heuristic: {tie: expanded}}.

    The comparison already ran A* under ``tie``; only the other rule is run here.

    >>> cached_tie_effect(NOTES_START, NOTES_GOAL, "fifo")["misplaced"]
    {'fifo': 7, 'deeper': 6}
    """
    problem = sv.EightPuzzle(start, goal=goal)
    done = {row.name: row.expanded for row in cached_compare(start, goal, tie)}
    return {
        name: {
            rule: done[f"A*, {name}"]
            if rule == tie
            else sv.run(astar(problem, heuristic=name, tie=rule)).stats["expanded"]
            for rule in TIES
        }
        for name in HEURISTICS
    }


@st.cache_data(show_spinner=False, max_entries=4000)
def compare_png(rows: tuple[Row, ...], zoom: float) -> bytes:
    """The comparison chart as PNG."""
    return to_png(compare_chart(rows, scale=zoom))


def compare_panel(instance: Instance, tie: str, zoom: float) -> list[Row]:
    """Every search on this instance: a chart, a table, and what the tie rule changes."""
    st.subheader("What a heuristic buys: every search on this instance")
    rows = cached_compare(instance.start, instance.goal, tie)
    st.image(compare_png(tuple(rows), zoom))
    show_compare_table(rows)
    st.caption(
        f"Ties: {TIES[tie]}. Nodes expanded: taken off the frontier (the goal included). "
        "b*: the effective branching factor, the b of a uniform tree as deep as the solution "
        "holding as many nodes as the search generated (the start not counted). Time: wall "
        "time of the first run on this server, events included."
    )
    effect = cached_tie_effect(instance.start, instance.goal, tie)
    st.markdown("**The tie rule alone: nodes A\\* expands**")
    st.dataframe(
        [
            {"heuristic": name, **{TIES[t]: counts[t] for t in TIES}}
            for name, counts in effect.items()
        ],
        hide_index=True,
        column_config={TIES[t]: st.column_config.NumberColumn(format="localized") for t in TIES},
    )
    st.caption(
        "Every solution has the same length; only the order among nodes of equal f differs. "
        "Deeper-first ties dive towards the goal along the last layer of f instead of sweeping it."
    )
    return rows


def greedy_callout(instance: Instance, heuristic: str) -> None:
    """The notes' "A*" is greedy best-first search, shown on the instance where greedy goes astray.

    Quick on every page load: that instance is small (A* needs 11 moves).
    """
    rows = {row.name: row for row in cached_compare(DETOUR_START, NOTES_GOAL, "fifo")}
    where = f"{compact(DETOUR_START)} (ties first in, first out)"
    text = greedy_callout_text(
        heuristic, rows[f"greedy, {heuristic}"].moves, rows[f"A*, {heuristic}"].moves, where
    )
    st.info(text, icon=":material/lightbulb:")
    if instance.start != DETOUR_START:
        st.button(
            "Open greedy's detour",
            icon=":material/alt_route:",
            on_click=_open_detour,
            key="open_detour",
        )


def _open_detour() -> None:
    st.session_state["instance"] = DETOUR
