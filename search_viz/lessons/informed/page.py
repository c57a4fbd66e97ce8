"""The informed-search page, top to bottom: the replay, the solution, what every search costs.

The sidebar chooses the instance and the search (:mod:`.inputs`); the replay
is a film played in the browser (one film, or greedy's and A*'s side by side
in compare mode); below it the solution move by move, and the comparison of
every search on the same instance (:mod:`.charts`). Searches and films are
cached across sessions: a lecture hall on one example costs one film.
"""

from __future__ import annotations

from concurrent.futures import Future, wait
from functools import partial

import streamlit as st

import search_viz as sv
from search_viz.algorithms.informed import astar
from search_viz.algorithms.informed_compare import Row, compare
from search_viz.film.collector import held
from search_viz.film.export import gif
from search_viz.film.film import LONG_FILM, MIDDLE_STEPS, OPENING_STEPS, Film, FilmPart
from search_viz.film.pages import standalone_page
from search_viz.lessons.informed import edits
from search_viz.lessons.informed.charts import (
    B_STAR,
    compare_chart,
    compare_rows,
    tie_rows,
)
from search_viz.lessons.informed.descriptions import compare_alt, strip_alt
from search_viz.lessons.informed.drawing import (
    MAX_EVENTS,
    SEARCHES,
    film_from_trace,
    part_from_trace,
)
from search_viz.lessons.informed.inputs import (
    DETOUR,
    DETOUR_START,
    TIES,
    Instance,
    SearchChoice,
    choose_compare,
    choose_instance,
    choose_search,
    new_problem,
    typed_widgets,
)
from search_viz.lessons.informed.sentences import greedy_callout_text
from search_viz.lessons.informed.solution import solution_film
from search_viz.lessons.shared.eight_puzzle import path_strip_figure
from search_viz.lessons.shared.figure import to_png
from search_viz.problems.eight_puzzle import NOTES_GOAL, Board, compact
from search_viz.problems.puzzle_heuristics import HEURISTICS
from search_viz.trace import Recording
from search_viz.ui.background import made_now, made_once, rerun_once_made, shown_when_made
from search_viz.ui.film_player import Editing, Opening, film_player
from search_viz.ui.links import link_check
from search_viz.ui.presenter import is_on as presenting
from search_viz.ui.presenter import scale
from search_viz.ui.spinners import spinner

#: Compare mode's two films, in order, with their titles.
COMPARED = {"greedy": "Greedy best-first: f = h", "A*": "A*: f = g + h"}
#: The solution's tabs, and their key (also the link's parameter naming the open one).
SOLUTION_TABS = ["Move by move", "Strip of boards"]
SOLUTION = "solution"
#: The key of the solution's expander (also the link's parameter, true when it is open).
SOLUTION_OPEN = "solution-open"
#: The comparison's tabs (every number, or the chart of them), and their key and parameter.
COMPARISON_TABS = ["Table", "Chart"]
COMPARISON = "comparison"
#: The key of the expander with the tie rule's effect (open or closed in session state).
TIES_ALONE = "ties-alone"


# ------------------------------------------------------------------ cached work
# The searches and films are built under a message naming the puzzle and the search
# (:func:`trace_of`, :func:`film_of`): a hard instance takes seconds the first time.
@st.cache_resource(show_spinner=False, max_entries=32, ttl=3600)
def cached_recording(
    start: Board, goal: Board, algorithm: str, heuristic: str, tie: str
) -> Recording:
    """The search's first :data:`MAX_EVENTS` events, the run past them left for
    :func:`cached_trace`: a long search's opening needs only its events, and the picture
    shows before the search has run to its end (A* on a 31-move puzzle: its first 60,000
    events take about a seventh of its search).

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> len(cached_recording(NOTES_START, NOTES_GOAL, "A*", "misplaced", "fifo").head)
    23
    """
    problem = sv.EightPuzzle(start, goal=goal)
    search = SEARCHES[algorithm](problem, heuristic=heuristic, tie=tie)
    with held():  # see search_viz.lessons.informed.drawing.recorded
        return sv.Trace.begin(search, limit=MAX_EVENTS)


@st.cache_resource(show_spinner=False, max_entries=32, ttl=3600)
def cached_trace(start: Board, goal: Board, algorithm: str, heuristic: str, tie: str) -> sv.Trace:
    """The recorded search (at most :data:`MAX_EVENTS` events kept; the result is the full one).

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> cached_trace(NOTES_START, NOTES_GOAL, "A*", "misplaced", "fifo").result.value
    5
    """
    recording = cached_recording(start, goal, algorithm, heuristic, tie)
    with held():
        return recording.finish()


@st.cache_resource(show_spinner=False, max_entries=32, ttl=3600)
def cached_film(
    start: Board, goal: Board, algorithm: str, heuristic: str, tie: str, size: str
) -> Film:
    """The film of one search, once per server for everyone who opens it."""
    trace = cached_trace(start, goal, algorithm, heuristic, tie)
    film = film_from_trace(trace, goal, algorithm, heuristic, tie, size=size)
    film.payload()  # the bytes the browser is sent: made here, under the page's message, once
    return film


@st.cache_resource(show_spinner=False, max_entries=32, ttl=3600)
def cached_opening(
    start: Board, goal: Board, algorithm: str, heuristic: str, tie: str, size: str
) -> Film:
    """The opening of a long search's film (its first steps), with :func:`cached_film`'s key:
    made from the search's first events, before it has run to its end."""
    trace = cached_recording(start, goal, algorithm, heuristic, tie).head
    film = film_from_trace(trace, goal, algorithm, heuristic, tie, size=size, opening=True)
    film.payload()
    return film


def middle_film(
    start: Board, goal: Board, algorithm: str, heuristic: str, tie: str, size: str
) -> Film:
    """The middle of a very long search's film (its first ``MIDDLE_STEPS`` steps), with
    :func:`cached_film`'s key: made in the background once the student goes on past the
    opening, and kept with it by the player (see :class:`Opening`)."""
    trace = cached_recording(start, goal, algorithm, heuristic, tie).head
    return film_from_trace(trace, goal, algorithm, heuristic, tie, size=size, first=MIDDLE_STEPS)


def film_part(
    start: Board, goal: Board, algorithm: str, heuristic: str, tie: str, size: str, chunks: range
) -> FilmPart:
    """Chunks ``chunks`` of a very long search's film, with :func:`cached_film`'s key: made
    in the background where the student jumps far into the film before it is made whole
    (see :class:`Opening`). From the events kept, as the opening and the middle are: the
    search need not have run to its end (a replay of a search that had not ended holds no
    step that says how it ends), and their tree's plan serves again."""
    trace = cached_recording(start, goal, algorithm, heuristic, tie).head
    return part_from_trace(trace, goal, algorithm, heuristic, tie, chunks, size=size)


def searching_text(start: Board, goal: Board, algorithm: str, heuristic: str) -> str:
    """What the page says while a search runs: which search, on which puzzle.

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> searching_text(NOTES_START, NOTES_GOAL, "A*", "misplaced")
    'Searching with A* (h = misplaced) from 283/164/7_5 to 123/8_4/765…'
    """
    return f"Searching with {algorithm} (h = {heuristic}) from {compact(start)} to {compact(goal)}…"


def drawing_text(trace: sv.Trace, start: Board, algorithm: str, opening: bool = False) -> str:
    """What the page says while a replay is drawn: its steps, the search and the puzzle
    (``opening``: only its first steps are drawn now).

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> trace = cached_trace(NOTES_START, NOTES_GOAL, "A*", "misplaced", "fifo")
    >>> drawing_text(trace, NOTES_START, "A*")
    'Drawing the replay of 23 search events: A* on 283/164/7_5, a 5-move solution (once; \
then everyone who opens it shares it)…'
    """
    ended = trace.finished and trace.result.path  # a long search's head: not yet
    found = f", a {trace.result.value}-move solution" if ended else ""
    what = f"the first {OPENING_STEPS} steps of " if opening else ""
    return (
        f"Drawing {what}the replay of {len(trace):,} search events: {algorithm} on "
        f"{compact(start)}{found} (once; then everyone who opens it shares it)…"
    )


def finishing_text(algorithm: str) -> str:
    """What the page says below an opening while the search runs on to its end.

    >>> finishing_text("A*")
    'A* searches on past the replay: its solution and what it cost show here once it ends…'
    """
    return (
        f"{algorithm} searches on past the replay: its solution and what it cost show here "
        "once it ends…"
    )


def searched_to_its_end(key: tuple, background: bool = False) -> Future[None]:
    """The search of ``key`` (:func:`cached_trace`'s) run to its end, once per server: in the
    page's run (under :func:`trace_of`'s message), or with ``background`` away from it. Then
    ``cached_trace(*key)`` answers at once.

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> key = (NOTES_START, NOTES_GOAL, "A*", "misplaced", "fifo")
    >>> searched_to_its_end(key, background=True).result(), cached_trace(*key).result.value
    (None, 5)
    """
    if not background:
        trace_of(*key)
        return made_now(None)
    return made_once(("informed.search", *key), partial(_search_to_its_end, key))


def _search_to_its_end(key: tuple) -> None:
    cached_trace(*key)  # kept by its cache, not by the background's store: it is big


def trace_of(start: Board, goal: Board, algorithm: str, heuristic: str, tie: str) -> sv.Trace:
    """:func:`cached_trace`, under a message naming the search while it runs the first time."""
    with spinner(searching_text(start, goal, algorithm, heuristic), show_time=True):
        return cached_trace(start, goal, algorithm, heuristic, tie)


def film_of(
    start: Board, goal: Board, algorithm: str, heuristic: str, tie: str, size: str
) -> Film | Opening:
    """:func:`cached_film`, under messages naming the search and the replay while they are
    made the first time; for a search of more than ``LONG_FILM`` events, its :class:`Opening`
    (the rest is drawn once the student goes on), made before the search has run past the
    events it keeps."""
    with spinner(searching_text(start, goal, algorithm, heuristic), show_time=True):
        head = cached_recording(start, goal, algorithm, heuristic, tie).head
    key = (start, goal, algorithm, heuristic, tie, size)
    if len(head) <= LONG_FILM:  # the search ended within the events kept: head is all of it
        with spinner(drawing_text(head, start, algorithm), show_time=True):
            return cached_film(*key)
    with spinner(drawing_text(head, start, algorithm, opening=True), show_time=True):
        return Opening(
            cached_opening(*key),
            partial(cached_film, *key),
            partial(middle_film, *key),
            partial(film_part, *key),
        )


@st.cache_resource(show_spinner=False, max_entries=32, ttl=3600)
def cached_solution(path: tuple[Board, ...], algorithm: str, heuristic: str) -> Film:
    """The solution's own small film: one board, its tiles sliding move by move."""
    return solution_film(path, algorithm, heuristic)


@st.cache_data(show_spinner=False, max_entries=64)
def strip_png(path: tuple[Board, ...], zoom: float) -> bytes:
    """The solution as a strip of boards, as PNG."""
    per_row = 12 if len(path) <= 48 else 16
    return to_png(path_strip_figure(list(path), scale=zoom, per_row=per_row))


#: What the page says while the comparison is made.
COMPARING = "Running all eight searches on this instance…"


def comparison(start: Board, goal: Board, tie: str, background: bool = False) -> Future[list[Row]]:
    """Every search of the comparison on this instance, made once per server: in the page's
    run (under a message), or with ``background`` away from it (see
    :mod:`search_viz.ui.background`).

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> rows = comparison(NOTES_START, NOTES_GOAL, "fifo", background=True).result()
    >>> [row.moves for row in rows][-1]
    5
    """
    if background:
        return _compared(start, goal, tie)
    with spinner(COMPARING, show_time=True):
        made = _compared(start, goal, tie, background=False)
        wait([made])  # made here, or by a page that showed this instance by its opening
    return made


def cached_compare(start: Board, goal: Board, tie: str) -> list[Row]:
    """:func:`comparison`'s rows, waited for.

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> [row.moves for row in cached_compare(NOTES_START, NOTES_GOAL, "fifo")][-1]
    5
    """
    return _compared(start, goal, tie, background=False).result()


def _compared(start: Board, goal: Board, tie: str, background: bool = True) -> Future[list[Row]]:
    make = partial(compare, sv.EightPuzzle(start, goal=goal), tie=tie)
    return made_once(("informed.compare", start, goal, tie), make, background)


@st.cache_data(show_spinner="Running A* with the other tie rule…", max_entries=64)
def cached_tie_effect(start: Board, goal: Board, tie: str) -> dict[str, dict[str, int]]:
    """Nodes A* expands with each heuristic under each tie rule: {heuristic: {tie: expanded}}.

    The comparison already ran A* under ``tie``; only the other rule is run here.

    >>> from search_viz.problems.eight_puzzle import NOTES_START
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


@st.cache_data(show_spinner=False, max_entries=256)
def compare_png(rows: tuple[Row, ...], zoom: float) -> bytes:
    """The comparison chart as PNG."""
    return to_png(compare_chart(rows, scale=zoom))


# ------------------------------------------------------------------ the page
def body() -> None:
    """The whole page."""
    st.title("Informed search: greedy best-first and A*")
    with link_check(), st.sidebar:
        instance = choose_instance()
        choice = choose_search()
        both = choose_compare()
    if instance.error:
        st.error(instance.error, icon=":material/error:")
        return
    # First: a long search's opening needs only its first events. Below the player, what
    # needs the search run to its end, and the comparison, are made in the background when
    # the player shows an opening, so that the page's run ends and the player's asks for the
    # rest of the replay are answered at once (see search_viz.ui.background).
    long = replay(instance, choice, both)
    key = (instance.start, instance.goal, choice.algorithm, choice.heuristic, choice.tie)
    searched = searched_to_its_end(key, background=long)
    compared = comparison(instance.start, instance.goal, choice.tie, background=long)
    st.caption(instance.description)
    trace = (
        cached_trace(*key) if shown_when_made(searched, finishing_text(choice.algorithm)) else None
    )
    if trace is not None and trace.truncated:
        st.warning(truncated_text(trace), icon=":material/timer_off:")
    if not presenting():
        st.markdown(
            "A heuristic **h** estimates how many moves a board still needs. Both searches "
            "take the frontier node with the lowest f: **greedy best-first** uses f = h, the "
            "board that looks closest; **A\\*** uses f = g + h, the moves made so far plus the "
            "estimate."
        )
    greedy_callout(instance, choice.heuristic)
    if trace is not None:
        solution_panel(trace, choice)
    compare_panel(compared, instance, choice.tie)
    rerun_once_made([searched, compared])


def replay(instance: Instance, choice: SearchChoice, both: bool) -> bool:
    """The player: the chosen search's film, or greedy's and A*'s side by side. In edit mode a
    tile slid in the picture makes a typed start (the link holds it).

    ``long = replay(instance, choice, both)``: whether the player shows an opening (a long
    search's first steps, the rest asked for as the student goes on).
    """
    size = "projector" if presenting() else "wide"

    def films(puzzle: sv.EightPuzzle) -> list[Film | Opening]:
        start, goal = puzzle.initial, puzzle.goal
        if both:
            return [film_of(start, goal, algorithm, choice.heuristic, choice.tie, "half")
                    for algorithm in COMPARED]  # fmt: skip
        return [film_of(start, goal, choice.algorithm, choice.heuristic, choice.tie, size)]

    puzzle = sv.EightPuzzle(instance.start, goal=instance.goal)
    editing = Editing(puzzle, edits.edited, typed_widgets, edits.HINT, films=films)
    titles = list(COMPARED.values()) if both else None
    shown = films(puzzle)
    film_player(shown, key="informed", titles=titles, new_problem=_new_problem,
                edit=editing)  # fmt: skip
    return any(isinstance(film, Opening) for film in shown)


def _new_problem() -> None:
    """The player's "New problem" (called before the page runs again): a new scramble."""
    new_problem(st.session_state)


def truncated_text(trace: sv.Trace) -> str:
    """What the warning says when the replay holds only the search's first events.

    >>> from search_viz import Event, Result
    >>> trace = sv.Trace([Event("expand", 1)], Result(value=31, stats={"expanded": 9}), True)
    >>> truncated_text(trace)  # doctest: +ELLIPSIS
    'This search makes more events than a replay keeps: the replay shows its first 1 steps; ...'
    """
    result = trace.result
    return (
        f"This search makes more events than a replay keeps: the replay shows its first "
        f"{len(trace):,} steps; in all it expanded {result.stats['expanded']:,} nodes and found "
        f"a solution of {result.value} moves (below). A better heuristic (Manhattan or linear "
        "conflict) or deeper-first ties may make the replay short enough to watch to the end."
    )


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


def solution_panel(trace: sv.Trace, choice: SearchChoice) -> None:
    """The solution move by move (its own small film) and as a strip of boards, in an
    expander and two tabs of which only what is open is computed; the link holds both
    (``solution-open=true``, ``solution=``).

    Shut, it costs nothing: each new start would otherwise make the solution's own film
    and the page that plays it in a frame (which the browser loads again at every edit).
    ``solution_panel(trace, choice)`` under the replay; with ``?solution-open=true&solution=
    Strip+of+boards`` it draws the strip, and neither the solution's film nor its page.
    """
    path = trace.result.path
    if not path:
        return
    moves = len(path) - 1
    title = f"The solution {choice.algorithm} found: {moves} move{'s' * (moves != 1)}"
    if moves == 0:
        st.header(title)
        st.info("The start is the goal: nothing to move.", icon=":material/flag:")
        return
    panel = st.expander(
        f"{title}, move by move or as a strip of boards",
        key=SOLUTION_OPEN,
        on_change="rerun",
        bind="query-params",
    )
    if not panel.open:
        return
    with panel:
        _solution_tabs(path, choice)


def _solution_tabs(path: list[Board], choice: SearchChoice) -> None:
    # Only the open tab is computed: the film and its page of its own, or the strip. The
    # tab is in the link, so that Share reopens it.
    by_move, strip = st.tabs(SOLUTION_TABS, key=SOLUTION, on_change="rerun", bind="query-params")
    if by_move.open:
        with by_move:
            film = cached_solution(tuple(path), choice.algorithm, choice.heuristic)
            # The solution plays in a frame of its own, so that its player keeps its step (and
            # its keys) apart from the replay's above.
            st.iframe(standalone_page([film], title="Move by move", url_step=False), height=470)
            st.download_button(
                "Download as GIF",
                data=lambda: gif(film, 0, len(film) - 1, fps=1.5),
                file_name="solution.gif",
                mime="image/gif",
                icon=":material/download:",
                on_click="ignore",
                key="solution_gif",
            )
    if strip.open:
        with strip:
            st.image(strip_png(tuple(path), scale()), alt=strip_alt(path))


def compare_panel(made: Future[list[Row]], instance: Instance, tie: str) -> None:
    """Every search on this instance (its rows ``made``; a note until then): a table with
    b* or a chart (in tabs: only the open one is drawn), and what the tie rule changes (in an
    expander: A* runs again under the other rule only once it is opened).

    ``compare_panel(comparison(start, goal, "fifo"), instance, "fifo")``.
    """
    st.header("What a heuristic buys: every search on this instance")
    if not shown_when_made(made, COMPARING):
        return
    rows = made.result()
    # Only the open tab is drawn: the chart (a PNG, about 0.15 s of CPU for each new
    # instance) waits until it is asked for. The link names the open tab.
    table, chart = st.tabs(COMPARISON_TABS, key=COMPARISON, on_change="rerun", bind="query-params")
    if table.open:
        with table:
            st.dataframe(
                compare_rows(rows),
                hide_index=True,
                column_config={
                    "nodes expanded": st.column_config.NumberColumn(format="localized"),
                    "N (generated, start not counted)": st.column_config.NumberColumn(
                        format="localized"
                    ),
                    "largest frontier": st.column_config.NumberColumn(format="localized"),
                    "b*": st.column_config.TextColumn(help=B_STAR),
                },
            )
            st.caption(
                f"Ties: {TIES[tie]}. Nodes expanded: taken off the frontier (the goal "
                f"included). {B_STAR} Time: wall time of the first run on this server, events "
                "included."
            )
    if chart.open:
        with chart:
            st.image(compare_png(tuple(rows), scale()), alt=compare_alt(rows))
    # A* is run again under the other tie rule only when the student opens this.
    ties = st.expander("The tie rule alone: nodes A\\* expands", key=TIES_ALONE, on_change="rerun")
    if ties.open:
        with ties:
            effect = cached_tie_effect(instance.start, instance.goal, tie)
            st.dataframe(
                tie_rows(effect, TIES),
                hide_index=True,
                column_config={
                    TIES[t]: st.column_config.NumberColumn(format="localized") for t in TIES
                },
            )
            st.caption(
                "Every solution has the same length; only the order among nodes of equal f "
                "differs. Deeper-first ties dive towards the goal along the last layer of f "
                "instead of sweeping it."
            )
