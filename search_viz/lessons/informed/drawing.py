"""The film of greedy best-first search or A* on the 8-puzzle: the tree, the board, the goal.

The scene is drawn once (:func:`draw_scene`): on the left the search tree,
every node it will ever hold in place and hidden (:mod:`.tree`); on the right
the board the step is about, each tile's share of h on it (:mod:`.board`),
and the goal. Each event of the search is one step: a node appears, is
highlighted, changes status; the board, the sentence, the counters and the
frontier table follow it.

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START
>>> film = film_of(sv.astar, sv.EightPuzzle(NOTES_START), heuristic="misplaced")
>>> len(film), film.state(0).counters["h"], film.state(-1).counters["solution"]
(23, 4, '5 moves')
"""

from __future__ import annotations

import functools
import threading
import weakref
from dataclasses import dataclass
from functools import partial
from typing import Any

from matplotlib.figure import Figure

from search_viz.algorithms.informed import ASTAR_PSEUDOCODE, GREEDY_PSEUDOCODE, astar, greedy
from search_viz.events import Event
from search_viz.film.builder import FilmBuilder
from search_viz.film.collector import held
from search_viz.film.film import CHUNK_STEPS, LONG_FILM, OPENING_STEPS, Film, FilmPart
from search_viz.film.sketch import Sketch
from search_viz.film.style import DARK_GREY, font_size
from search_viz.lessons.informed.board import BoardPanel
from search_viz.lessons.informed.descriptions import Describer
from search_viz.lessons.informed.edits import mark_editable
from search_viz.lessons.informed.frontier import Frontier, FrontierTable, row_of
from search_viz.lessons.informed.questions import Asker
from search_viz.lessons.informed.sentences import informed_sentence
from search_viz.lessons.informed.tree import (
    LOOKS,
    TreePlan,
    TreeSteps,
    draw_tree,
    frontier_items,
    plan_tree,
)
from search_viz.lessons.shared.figure import legend_handle, text_width, wrapped
from search_viz.lessons.shared.outcome import at_the_end
from search_viz.lessons.shared.search_tree import SearchTree
from search_viz.problems.eight_puzzle import NOTES_START, EightPuzzle, compact
from search_viz.problems.puzzle_heuristics import HEURISTICS
from search_viz.trace import Trace

#: A replay keeps at most this many events; the search itself always runs to its end.
MAX_EVENTS = 60_000
#: The two searches this lesson films, by the name the pages use.
SEARCHES = {"A*": astar, "greedy": greedy}
#: Each search's f, as the titles write it.
F_OF = {"A*": "f = g + h", "greedy": "f = h"}


@dataclass(frozen=True)
class Geometry:
    """Where the parts of the picture go: the figure's size (inches), axes as figure fractions."""

    size: tuple[float, float]
    tree: tuple[float, float, float, float]
    board: tuple[float, float, float, float]
    goal: tuple[float, float, float, float]
    legend: tuple[float, float]
    legend_loc: str
    columns: int
    font: float
    #: The legend's font size, as a share of the legend's usual size.
    legend_scale: float = 0.9
    #: Whether a small tree's nodes are boards (else markers with their numbers under them).
    boards: bool = True

    def room(self) -> tuple[float, float]:
        """The tree's area in points."""
        return self.tree[2] * self.size[0] * 72, self.tree[3] * self.size[1] * 72


#: The page's picture: a wide tree, the board and the goal on its right.
WIDE = Geometry(
    size=(12.0, 6.4),
    tree=(0.055, 0.02, 0.655, 0.9),
    board=(0.73, 0.42, 0.26, 0.56),
    goal=(0.79, 0.205, 0.14, 0.21),
    legend=(0.995, 0.005),
    legend_loc="lower right",
    columns=2,
    font=12.4,
    legend_scale=1.1,
)
#: The page's picture on a projector (presenter mode): as wide, less tall, so that on a
#: 1280x720 screen the sentence still fits under it; no text smaller than 11 pt, which is
#: 14 px there.
PROJECTOR = Geometry(
    size=(12.0, 4.9),
    tree=(0.05, 0.03, 0.665, 0.87),
    board=(0.735, 0.42, 0.255, 0.56),
    goal=(0.79, 0.175, 0.14, 0.215),
    legend=(0.995, 0.005),
    legend_loc="lower right",
    columns=2,
    font=14.0,
    legend_scale=1.1,
    boards=False,  # six rows of boards in 4.3 inches: digits of 7 pt; the board is on the right
)
#: One half of compare mode (about 400 px wide at 1280x800 with the sidebar open, 600 px on a
#: projector): the tree as markers with their numbers, the board and the goal on its right,
#: the legend under the tree; wider than tall, so that it fills its column.
NARROW = Geometry(
    size=(6.4, 4.2),
    tree=(0.075, 0.22, 0.64, 0.64),
    board=(0.725, 0.33, 0.265, 0.6),
    goal=(0.778, 0.0, 0.16, 0.28),
    legend=(0.0, 0.0),
    legend_loc="lower left",
    columns=2,
    font=11.0,
    legend_scale=1.1,
    boards=False,
)
#: The pictures' shapes, by the name ``film_of`` takes.
SIZES = {"wide": WIDE, "projector": PROJECTOR, "half": NARROW}


@dataclass
class ScenePlan:
    """Everything the scene needs, computed once: redrawing it (for an export) is cheap."""

    geometry: Geometry
    tree: TreePlan
    panel: BoardPanel
    title: str


def draw_scene(plan: ScenePlan) -> Sketch:
    """The whole picture of one replay, every part that ever changes tagged (see the module).

    A sketch: written as SVG for the film without matplotlib's artists, replayed on a
    matplotlib figure for exports (see :mod:`search_viz.film.sketch`).
    """
    g = plan.geometry
    scene = Sketch(*g.size)
    tree_ax, board_ax, goal_ax = (
        scene.axes(box, xlim=(0.0, 1.0), ylim=(0.0, 1.0)) for box in (g.tree, g.board, g.goal)
    )
    draw_tree(scene, tree_ax, plan.tree, g.font)
    room = g.tree[2] * g.size[0] * 72  # the tree's width: a title wider goes on two lines
    title = wrapped(plan.title, room, g.font * 1.1)
    half = text_width(title, g.font * 1.1) / room / 2
    tree_ax.text(
        _over_the_root(tree_ax, plan.tree, half),
        1.02,
        title,
        transform=tree_ax.transAxes,
        ha="center",
        va="bottom",
        fontsize=g.font * 1.1,
        color=DARK_GREY,
    )
    scene.legend(
        list(LOOKS.values()),
        legend_handle,
        anchor=g.legend,
        loc=g.legend_loc,
        ncols=g.columns,
        fontsize=font_size("legend", g.legend_scale),
        frameon=True,
        framealpha=0.9,
    )
    plan.panel.draw(scene, board_ax, goal_ax, g.font)
    return scene


def _over_the_root(ax, plan: TreePlan, half: float) -> float:
    """Where the tree's title is centred, as a fraction of the tree's width: over the root,
    the middle of the picture that a phone opens at (within the middle half of the tree),
    but no nearer an edge than ``half``, half the title's width (its whole within the tree)."""
    unit = plan.units.get(plan.root)
    if unit is None or half >= 0.5:
        return 0.5
    x0, x1 = ax.get_xlim()
    return min(0.75, 1 - half, max(0.25, half, (unit[0] - x0) / (x1 - x0)))


def tree_title(plan: TreePlan) -> str:
    """What the tree's title says each node shows: short, so that a phone, which shows the
    middle third of the tree at a readable size, shows it whole.

    >>> tree_title(TreePlan("boards", "A*", {}, {}, {}, {}, [], 0, (0, 1, 0, 1)))
    'Under each board: g + h = f'
    """
    what = "g + h = f" if plan.algorithm == "A*" else "h = f"
    if plan.detail == "boards":
        return f"Under each board: {what}"
    if plan.detail == "markers" and plan.labels:
        return f"Under each marker: {what}"
    if plan.detail == "markers":
        return "One marker per board (the highlighted one is on the right)"
    return "Each marker stands for the boards of one depth, side by side"


# ------------------------------------------------------------------ the film
def films(algorithm: Any, problem: Any) -> bool:
    """Whether this lesson films ``algorithm`` on ``problem``: greedy or A* on an 8-puzzle.

    >>> import search_viz as sv
    >>> films(sv.astar, sv.EightPuzzle(NOTES_START)), films(sv.bfs, sv.EightPuzzle(NOTES_START))
    (True, False)
    """
    return algorithm in SEARCHES.values() and isinstance(problem, EightPuzzle)


def film_of(
    algorithm: Any,
    problem: EightPuzzle,
    *,
    heuristic: str | None = None,
    tie: str = "fifo",
    size: str = "wide",
    limit: int = MAX_EVENTS,
) -> Film:
    """The film of ``algorithm`` (``sv.greedy`` or ``sv.astar``) on the 8-puzzle ``problem``.

    ``heuristic`` names one of the puzzle's heuristics (None: the puzzle's own
    h, Manhattan); ``tie`` is the tie rule; ``size`` is the picture's shape
    (one of :data:`SIZES`: "wide" for the page, "projector" for presenter
    mode, "half" for one half of compare mode); at most ``limit`` events are
    replayed.
    """
    name = next((n for n, search in SEARCHES.items() if search is algorithm), None)
    if name is None or not isinstance(problem, EightPuzzle):
        raise TypeError("the informed-search lesson films sv.greedy and sv.astar on sv.EightPuzzle")
    heuristic = "manhattan" if heuristic is None else heuristic
    if not isinstance(heuristic, str) or heuristic not in HEURISTICS:
        raise ValueError(
            f"a film writes what each tile adds to h, so h must be one of "
            f"{', '.join(map(repr, HEURISTICS))}, not {heuristic!r}"
        )
    trace = recorded(algorithm(problem, heuristic=heuristic, tie=tie), limit)
    return film_from_trace(trace, problem.goal, name, heuristic, tie, size=size)


def recorded(search, limit: int) -> Trace:
    """``Trace.record(search, limit=limit)`` with Python's cycle collector held off: a long
    search makes hundreds of thousands of objects that live until it ends (its events, its
    frontier, its closed set), which the collector would otherwise walk again and again
    (A* on a 31-move puzzle: about a tenth of its second).

    >>> import search_viz as sv
    >>> recorded(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"), 100).result.value
    5
    """
    with held():
        return Trace.record(search, limit=limit)


@held()  # a long replay's tree and panels make as many objects as its search: see recorded
def film_from_trace(
    trace: Trace,
    goal,
    algorithm: str,
    heuristic: str,
    tie: str,
    *,
    size: str = "wide",
    opening: bool = False,
    first: int | None = None,
) -> Film:
    """The film of a recorded search (``algorithm`` is "A*" or "greedy"; see :func:`film_of`).

    ``opening``: only its opening (its first ``OPENING_STEPS`` steps, see
    :mod:`search_viz.film.film`), for a search of more than ``LONG_FILM`` events; ``first``:
    only so many of its first steps (``MIDDLE_STEPS``: its middle, for a search of more than
    ``VERY_LONG_FILM`` events).
    """
    if opening:
        first = OPENING_STEPS
    if first and len(trace) <= LONG_FILM:
        raise ValueError(f"only a search of more than {LONG_FILM} events is filmed by its opening")
    writing = _Writing(trace, goal, algorithm, heuristic, tie, size)
    writing.steps(stop=first)
    writer = writing.writer
    if len(trace) <= LONG_FILM:  # a long search's opening is made before its end is known
        writer.outcome(at_the_end(writer.counters))  # what edit mode says an edit changed
    return writer.film(whole=len(trace) if first else None)


@held()
def part_from_trace(
    trace: Trace,
    goal,
    algorithm: str,
    heuristic: str,
    tie: str,
    chunks: range,
    *,
    size: str = "wide",
) -> FilmPart:
    """Chunks ``chunks`` of the film of a recorded search (see :func:`film_from_trace`), made
    without the words of the steps before them: where a student jumps far into a long
    search's film whose whole is still being made.

    >>> import search_viz as sv
    >>> from search_viz.problems.eight_puzzle import HARDEST_STARTS, ORDERED_GOAL
    >>> puzzle = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
    >>> trace = recorded(sv.astar(puzzle, heuristic="misplaced"), 1600)
    >>> part = part_from_trace(trace, ORDERED_GOAL, "A*", "misplaced", "fifo", range(3, 4))
    >>> whole = film_from_trace(trace, ORDERED_GOAL, "A*", "misplaced", "fifo")
    >>> part.steps, part.chunks[3] == whole.chunk(3)
    (range(1500, 1600), True)
    """
    writing = _Writing(trace, goal, algorithm, heuristic, tie, size)
    writing.writer.skip_to(chunks.start * CHUNK_STEPS)
    writing.steps(stop=min(len(trace), chunks.stop * CHUNK_STEPS))
    return writing.writer.part(len(trace))


class _Writing:
    """A film of a recorded search being written: its plan, its builder, its steps."""

    def __init__(self, trace: Trace, goal, algorithm: str, heuristic: str, tie: str, size: str):
        events = trace.events
        if size not in SIZES:
            raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
        geometry = SIZES[size]
        tree, tree_plan = _planned(trace, algorithm, geometry)
        numbers = [_numbers(e, algorithm) for e in events]
        panel = BoardPanel(
            (e.node for e in events if _board(e) is not None),
            goal,
            heuristic,
            [n for n in numbers if n is not None],
            algorithm,
        )
        plan = ScenePlan(geometry, tree_plan, panel, tree_title(tree_plan))
        start = events[0].node if events else goal
        shape = f"informed {compact(start)} {compact(goal)} {algorithm} {heuristic} {len(events)}"
        self.writer = FilmBuilder(
            partial(draw_scene, plan),
            title=f"{algorithm}: {F_OF[algorithm]}, h = {heuristic}",
            pseudocode=ASTAR_PSEUDOCODE if algorithm == "A*" else GREEDY_PSEUDOCODE,
            layout="below",
            # The tie rule and the picture's size change the order of the steps or how they
            # look, not what they are: a film of the same search and length keeps the step.
            shape=shape,
        )
        mark_editable(self.writer, start)  # what a click changes in edit mode
        self._args = (trace, tree, tree_plan, panel, numbers, algorithm, heuristic, tie, goal)

    def steps(self, stop: int | None = None) -> None:
        """Write the steps before ``stop`` (None: every step)."""
        _write_steps(self.writer, *self._args, stop)


#: The latest recorded searches' trees and plans, each kept while its trace lives (a weak
#: reference to it, its plans by geometry): a long search's film is made in parts (each a
#: walk of the same tree), its opening and middle too. A long search's take about 25 MB.
_PLANS: list[tuple[weakref.ref, dict]] = []
_PLANS_LOCK = threading.Lock()
#: How many searches' plans are kept.
MAX_PLANS = 4


def _planned(trace: Trace, algorithm: str, geometry: Geometry) -> tuple[SearchTree, TreePlan]:
    """The search tree of ``trace`` and where its nodes go in ``geometry``'s picture, made
    once for each of the latest traces (a long search's, about 0.3 s).

    >>> import search_viz as sv
    >>> trace = recorded(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"), 100)
    >>> _planned(trace, "A*", WIDE)[1] is _planned(trace, "A*", WIDE)[1]
    True
    """
    with _PLANS_LOCK:
        _PLANS[:] = [(ref, plans) for ref, plans in _PLANS if ref() is not None]
        plans = next((plans for ref, plans in _PLANS if ref() is trace), None)
        if plans is None:
            plans = {}
            _PLANS.append((weakref.ref(trace), plans))
            del _PLANS[:-MAX_PLANS]
    key = (algorithm, geometry.room(), geometry.boards)
    if "tree" not in plans:
        plans["tree"] = SearchTree(trace, tree_search=False)
    tree = plans["tree"]
    if key not in plans:
        plans[key] = plan_tree(tree, trace, algorithm, geometry.room(), geometry.boards)
    return tree, plans[key]


def _write_steps(
    writer, trace, tree, tree_plan, panel, numbers, algorithm, heuristic, tie, goal, stop=None
):
    """One step per event: what the tree, the board and the panels show after it, what it asks
    (``stop``: only the steps before that one). The steps the writer skips (see
    ``FilmBuilder.skip_to``) change the tree and the frontier only, and the board at the
    last of them."""
    steps = TreeSteps(tree_plan, writer, writer.scene.get_axes()[0])
    label = functools.cache(compact)  # each board is named many times over
    frontier = Frontier(tie)
    table = FrontierTable(frontier, label, algorithm)
    describer = Describer(panel)
    where: dict = {}  # board -> its tree node on the frontier
    boards = tree_plan.detail == "boards"  # only boards show which node is which: picks
    items = (lambda board: frontier_items(tree_plan, where[board])) if boards else None
    asker = Asker(algorithm, heuristic, goal, items, label, panel.share_of)
    expanded = 0
    # the answer, for the last step's words: a long search's head (the events kept before it
    # ended, see Trace.begin) has none yet, and holds no last step
    path = trace.result.path if trace.finished else None
    total = trace.result.stats.get("expanded") if trace.finished else None
    skipped = writer.first_written  # the last step skipped shows its board
    for k, e in enumerate(trace.events[:stop]):
        t = tree.ids[k]
        skipping = k < skipped
        if k and skipping:
            asker.follow(e)
        elif k:
            asker.ask(writer, e, frontier)  # about this step, seen from the one before
        ties = 0
        if e.kind == "generate":
            old = where.get(e.node)
            if old is not None and old != t and steps.status.get(old) == "frontier":
                steps.set(old, None)  # reached more cheaply: its old place leaves the tree
            steps.set(t, "frontier")
            where[e.node] = t
            frontier.put(row_of(e, k))
            steps.emphasis("new", t)
        elif e.kind == "expand":
            if not skipping:
                ties = frontier.ties(e.node)
            frontier.take(e.node)
            expanded += 1
            steps.set(t, "explored")
            steps.emphasis("current", t)
            steps.emphasis("new", None)
        elif e.kind == "goal":
            steps.set(t, "goal")
            steps.emphasis("current", None)
            steps.emphasis("new", None)
        elif e.kind == "done" and path:
            steps.solution()
        if skipping and k + 1 < skipped:
            writer.step("")
            continue
        board = _board(e)
        if board is None:
            panel.hide(writer)
        else:
            panel.show(writer, e.kind, board, numbers[k])
        if skipping:
            writer.step("")
            continue
        counters: dict[str, object] = {"expanded": expanded, "on the frontier": len(frontier)}
        if e.kind == "done":
            moves = len(path) - 1 if path else None
            counters["solution"] = "none" if moves is None else f"{moves} move{'s' * (moves != 1)}"
        elif numbers[k] is not None:
            counters.update(zip("ghf", numbers[k], strict=True))
        sentence = informed_sentence(
            e,
            algorithm,
            label=label,
            heuristic=heuristic,
            tie=tie,
            ties=ties,
            path=path,
            expanded=total,
        )
        just_put = e.node if e.kind == "generate" else None
        writer.step(
            sentence,
            line=e.line,
            counters=counters,
            tables={"frontier": table.html(just_put)},
            description=describer.describe(e, frontier, numbers[k], path),
        )


def _board(e: Event):
    """The board an event is about, if any."""
    return e.node if isinstance(e.node, tuple) and len(e.node) == 9 else None


def _numbers(e: Event, algorithm: str) -> tuple | None:
    """The (g, h, f) an event shows: its own, or for "done" the solution's (h = 0 at the goal)."""
    if e.kind == "done":
        if e.value is None:
            return None
        return (e.value, 0, e.value if algorithm == "A*" else 0)
    if e.g is None:
        return None
    return (e.g, e.h, e.value)


def thumbnail() -> Figure:
    """The home page's card: A* on the notes' instance, its solution drawn through the tree.

    >>> len(thumbnail().axes)
    3
    """
    film = film_of(astar, EightPuzzle(NOTES_START), heuristic="misplaced", size="half")
    return film.figure(len(film) - 1)
