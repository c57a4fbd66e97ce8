"""Bidirectional search as a film: two breadth-first searches meeting in the middle, and plain
BFS as the film beside it (compare mode).

One vocabulary for both pictures, so that no mark means two things: a circle
is a node reached from the start (the forward search, or plain BFS), pale
with a dashed outline while it waits in the queue, solid once expanded; a
square is a node reached from the goal (the backward search, which only
bidirectional search has); a green hexagon is reached by both; the green
star with a red outline is where the answer is certain (the meeting node of
the shortest path; the goal, for plain BFS). The ring marks the node a step
is about; dark lines are the searches' links to their parents, the red line
the path.

Every step changes the picture: a reached node appears in its side's queue,
an expanded node turns solid, a touch turns the node green, and the last
step draws the path. The 8-puzzle, too big to draw, is filmed layer by layer
(:mod:`search_viz.lessons.bidirectional.puzzle_layers`).

In practice mode a step asks what it does before it plays: which search
expands next or whether it stops, the node a layer takes next, whether a node
reached is new or a touch, the length of a touch, the meeting node
(:mod:`search_viz.lessons.bidirectional.questions`); plain BFS asks the node it
takes off its queue and the depth of each node it reaches.

>>> import networkx as nx, search_viz as sv
>>> film = sv.film(sv.bidirectional_bfs, sv.GraphProblem(nx.path_graph(5), 0, 4))
>>> film.state(-1).sentence[-51:]
'gives a shortest path: 0 → 1 → 2 → 3 → 4 (4 steps).'
"""

from __future__ import annotations

import html
from collections.abc import Hashable
from dataclasses import replace
from functools import lru_cache, partial
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

import search_viz as sv
from search_viz.film import Film, FilmBuilder, Scene
from search_viz.film.sketch import Sketch, SketchAxes
from search_viz.film.style import DARK_GREY, OKABE_ITO, STATUS, Style
from search_viz.lessons.bidirectional.descriptions import (
    bidirectional_description,
    plain_description,
    stopped_description,
)
from search_viz.lessons.bidirectional.edits import mark_editable
from search_viz.lessons.bidirectional.puzzle_layers import layers_film
from search_viz.lessons.bidirectional.questions import Asked, Asker, plain_question
from search_viz.lessons.bidirectional.sentences import Words, plain_sentence
from search_viz.lessons.shared.figure import figure_caption
from search_viz.lessons.shared.graph_cases import node_label, record, steps_text, stopped
from search_viz.lessons.shared.graph_drawing import (
    GraphLooks,
    GraphView,
    Shown,
    draw_graph,
    draw_targets,
    edge_key,
    graph_figure,
    graph_legend_handle,
    graph_sketch,
    legend_entries,
    needs_matplotlib,
    path_links,
    search_reach,
)
from search_viz.lessons.shared.graph_tables import frontier_html
from search_viz.lessons.shared.outcome import at_the_end
from search_viz.problems.eight_puzzle import EightPuzzle
from search_viz.problems.graph_examples import grid_maze
from search_viz.problems.graph_problem import GraphProblem
from search_viz.problems.maze_text import maze_size

GREEN = OKABE_ITO["bluish green"]
LOOKS: dict[str, Style] = {
    "unvisited": STATUS["unvisited"],
    "forward queued": Style(
        "forward: queued", "#D2E8F7", edgecolor=OKABE_ITO["blue"], linestyle="--", linewidth=2
    ),
    "backward queued": Style(
        "backward: queued",
        "#FBE6BF",
        edgecolor="#9A6A00",
        marker="s",
        linestyle="--",
        linewidth=2,
    ),
    "forward expanded": replace(STATUS["forward"], label="forward: expanded"),
    "backward expanded": replace(STATUS["backward"], label="backward: expanded"),
    "touched": Style("reached by both", GREEN, marker="h", linewidth=1.5),
    "path": replace(STATUS["path"], label="on the path"),
    "meeting": Style(
        "meeting node", GREEN, edgecolor=STATUS["path"].color, marker="*", linewidth=2.5
    ),
}
#: Plain BFS in the same vocabulary: circles, as the forward search.
PLAIN_LOOKS: dict[str, Style] = {
    "unvisited": STATUS["unvisited"],
    "queued": replace(LOOKS["forward queued"], label="queued"),
    "expanded": replace(LOOKS["forward expanded"], label="expanded"),
    "path": LOOKS["path"],
    "goal": replace(LOOKS["meeting"], label="goal reached"),
}
#: The picture's size in inches (two stand side by side in compare mode).
FIGURE = (6.0, 4.8)
#: A maze's picture: wide and low, as each film's room is in compare mode, the maze filling
#: its height on the left and the legend in a column on its right.
MAZE_FIGURE = (6.0, 3.9)
#: A maze picture's legend and row and column numbers, in points: 14 px on a 1280x720
#: projector, where each of the two pictures is about 600 px wide.
MAZE_TEXT = 12
TITLES = ("Bidirectional BFS: forward and backward", "Plain BFS: forward only")


def films(algorithm: Any, problem: Any) -> bool:
    """Whether this lesson films ``algorithm`` on ``problem``.

    >>> films(sv.bidirectional_bfs, sv.EightPuzzle((1, 2, 3, 8, 0, 4, 7, 6, 5))), films(sv.bfs, 1)
    (True, False)
    """
    return algorithm is sv.bidirectional_bfs and isinstance(problem, (GraphProblem, EightPuzzle))


def film_of(algorithm: Any, problem: sv.Problem, **options: Any) -> Film:
    """The film of bidirectional search on ``problem`` (``sv.film`` calls this).

    ``options``: ``step`` ("layer" or "node", as ``sv.bidirectional_bfs``
    takes it). On the 8-puzzle the film shows whole layers, so it needs
    ``step="layer"``.
    """
    trace = record(algorithm(problem, **options))
    if isinstance(problem, EightPuzzle):
        if options.get("step", "layer") != "layer":
            raise ValueError("the 8-puzzle's film shows whole layers: use step='layer'")
        return layers_film(trace, plain_layers=())
    view = GraphView.guess(problem.graph, problem.initial, problem.goal)
    return bidirectional_film(trace, view, step=options.get("step", "layer"))


def _end_caption(trace: sv.Trace, what: str) -> str:
    result = trace.result
    if stopped(trace):
        return f"stopped after {result.stats['stopped']:,} steps"
    if result.path:
        return f"{what}: a path of {steps_text(len(result.path) - 1)}"
    return "no path: the goal cannot be reached"


def graph_scene(
    view: GraphView, looks: tuple[tuple[str, Style], ...], caption: str, shown: Shown | None = None
) -> Scene | Sketch:
    """A graph with each node in the looks of ``looks`` its film can give it (``shown``;
    None: every look), and the last step's ``caption``.

    Sketched (written as SVG without matplotlib's artists, see
    :mod:`search_viz.film.sketch`) unless the graph is directed.
    """
    styles = dict(looks)
    statuses = [name for name in styles if view.kind != "grid" or name != "unvisited"]
    entries = legend_entries((styles[s] for s in statuses if s != "unvisited"), links=True)
    if view.kind == "grid":
        scene, ax = maze_sketch(entries)
    elif needs_matplotlib(view):
        handles = [graph_legend_handle(entry) for entry in entries]
        fig, ax = graph_figure(*FIGURE, handles, ncols=4, top=0.3)
        scene = Scene(fig)
    else:
        scene, ax = graph_sketch(*FIGURE, entries, ncols=4, top=0.3)
    base = "unvisited" if "unvisited" in statuses else None
    draw_graph(scene, ax, view, statuses, styles, base=base, shown=shown)
    if view.kind == "grid":
        grid_numbers(ax, view)
        draw_targets(scene, ax, view)  # what a click on a cell finds (edit mode)
    scene.tag(figure_caption(scene.figure, caption), "caption")
    return scene


def maze_sketch(entries: list) -> tuple[Sketch, SketchAxes]:
    """A sketch for a maze: square axes on the left (room for the caption above, the row
    numbers left of it, the column numbers under it) and the legend of ``entries`` (see
    :func:`~search_viz.lessons.shared.graph_drawing.legend_entries`) in one column on the
    right.

    >>> sketch, ax = maze_sketch(legend_entries([LOOKS["touched"]]))
    >>> box = ax.get_position(); float(round(box.width * 6.0, 2)), float(round(box.height * 3.9, 2))
    (3.1, 3.1)
    """
    width, height = MAZE_FIGURE
    caption, left, bottom = 0.3, 0.3, 0.45  # inches: the column numbers take two lines
    side = height - caption - bottom - 0.05
    sketch = Sketch(width, height)
    box = (left / width, bottom / height, side / width, side / height)
    ax = sketch.axes(box, xlim=(0, 1), ylim=(0, 1))
    sketch.legend(
        entries,
        graph_legend_handle,
        loc="center left",
        anchor=((left + side + 0.1) / width, (bottom + side / 2) / height),
        ncols=1,
        fontsize=MAZE_TEXT,
        frameon=False,
        handletextpad=0.4,
        labelspacing=0.6,
        borderaxespad=0.0,
    )
    return sketch, ax


def grid_numbers(ax: Axes, view: GraphView) -> None:
    """Row numbers left of a maze and column numbers under it, so that a cell named (row,
    column) in a sentence or a question can be found (every 5th on a large maze). Two-digit
    column numbers are too wide for their cells: every other one stands a line lower.

    >>> fig = Figure(); ax = fig.add_subplot()
    >>> grid_numbers(ax, GraphView.of(grid_maze(4, 0, 1), (0, 0), (3, 3), "grid"))
    >>> [t.get_text() for t in ax.texts]
    ['0', '0', '1', '1', '2', '2', '3', '3']
    """
    size = maze_size(view.graph)
    every = 1 if size <= 16 else 5
    stagger = every == 1 and size > 10
    for i in range(0, size, every):
        ax.text(-0.6, -i, str(i), ha="right", va="center", fontsize=MAZE_TEXT, color=DARK_GREY)
        lower = stagger and i % 2 == 1
        ax.annotate(
            str(i),
            (i, -size + 0.4),
            xytext=(0, -MAZE_TEXT if lower else 0),
            textcoords="offset points",
            ha="center",
            va="top",
            fontsize=MAZE_TEXT,
            color=DARK_GREY,
        )


class _Sides:
    """What each search has reached and expanded, and the nodes both have reached."""

    def __init__(self) -> None:
        self.state: dict[str, dict[Hashable, str]] = {"forward": {}, "backward": {}}
        self.touched: set = set()

    def look(self, node: Hashable, side: str) -> str:
        """How ``node`` looks now; ``side`` made the latest event about it (the look of a node
        both sides reached before their touch is announced)."""
        if node in self.touched:
            return "touched"
        forward, backward = self.state["forward"].get(node), self.state["backward"].get(node)
        if forward == "expanded":
            return "forward expanded"
        if backward == "expanded":
            return "backward expanded"
        if forward and backward:
            return f"{side} queued"
        return "forward queued" if forward else "backward queued"


def bidirectional_film(trace: sv.Trace, view: GraphView, step: str = "layer") -> Film:
    """The film of a bidirectional search's ``trace`` on the graph of ``view``.

    ``step``: how the search was run ("layer" or "node"), which the practice
    questions' rules follow (:mod:`search_viz.lessons.bidirectional.questions`).
    """
    caption = _end_caption(trace, "meeting")
    draw = partial(graph_scene, view, tuple(LOOKS.items()), caption, bidirectional_shown(trace))
    builder = FilmBuilder(
        draw,
        title=TITLES[0],
        pseudocode=sv.algorithms.BIDIRECTIONAL_PSEUDOCODE,
        layout="side",
    )
    mark_editable(builder, view)  # what a click changes in edit mode
    looks = GraphLooks(builder, base="unvisited" if view.kind != "grid" else None)
    sides = _Sides()
    words = Words(trace, node_label)
    result = trace.result
    asker = Asker(step, node_label)
    expanded = {"forward": 0, "backward": 0}
    best = None
    events = trace.events
    for k, e in enumerate(events):
        if k:
            _ask(builder, looks, asker.ask(e, events[k + 1] if k + 1 < len(events) else None))
        asker.see(e)
        words.see(e)
        node, side = e.node, e.data
        if e.kind == "generate":
            sides.state[side][node] = "queued"
            if e.parent is not None:
                builder.show(("link", edge_key(e.parent, node)))
            looks.status(node, sides.look(node, side))
            looks.focus(node)
        elif e.kind == "expand":
            sides.state[side][node] = "expanded"
            expanded[side] += 1
            looks.status(node, sides.look(node, side))
            looks.focus(node)
        elif e.kind == "meet":
            sides.touched.add(node)
            best = e.value if best is None else min(best, e.value)
            looks.status(node, "touched")
            looks.focus(node)
        elif e.kind == "done":
            if result.path:
                for step in result.path:
                    looks.status(step, "path")
                looks.status(result.stats["meet"], "meeting")
                looks.show_path(result.path)
            looks.focus(None)
            builder.show("caption")
        counters = {
            "forward expanded": expanded["forward"],
            "backward expanded": expanded["backward"],
            "both": expanded["forward"] + expanded["backward"],
            "best touch": "–" if best is None else steps_text(best),
            "best touch at": "–" if asker.best[1] is None else node_label(asker.best[1]),
        }
        tables = {
            side: frontier_html(
                list(words.queued[side]), "queue", _html_label, title=f"{side.capitalize()} queue"
            )
            for side in ("forward", "backward")
        }
        builder.step(
            words.say(e),
            line=e.line,
            counters=counters,
            tables=tables,
            description=bidirectional_description(e, asker, result.path),
        )
    _stopped_step(builder, trace, looks)
    builder.outcome(at_the_end(builder.counters))  # what edit mode says an edit changed
    return builder.film()


def plain_film(trace: sv.Trace, view: GraphView) -> Film:
    """The film of plain BFS's ``trace`` on the graph of ``view``, in the forward search's looks."""
    caption = _end_caption(trace, "goal")
    draw = partial(graph_scene, view, tuple(PLAIN_LOOKS.items()), caption, plain_shown(trace))
    builder = FilmBuilder(
        draw, title=TITLES[1], pseudocode=sv.algorithms.BFS_PSEUDOCODE, layout="side"
    )
    mark_editable(builder, view)  # compare mode: a click on either picture edits the maze
    looks = GraphLooks(builder, base="unvisited" if view.kind != "grid" else None)
    queue: dict[Hashable, None] = {}
    depths: dict[Hashable, int] = {}
    path = trace.result.path
    expanded = 0
    for k, e in enumerate(trace.events):
        node = e.node
        if k:
            _ask(builder, looks, plain_question(e, list(queue), depths, node_label))
        if e.kind == "generate":
            depths[node] = e.depth
            queue[node] = None
            looks.status(node, "queued")
            looks.link(node, e.parent)
            looks.focus(node)
        elif e.kind == "expand":
            queue.pop(node, None)
            expanded += 1
            looks.status(node, "expanded")
            looks.focus(node)
        elif e.kind == "goal":
            looks.status(node, "goal")
        elif e.kind == "done":
            for step in path or ():
                looks.status(step, "path" if step != path[-1] else "goal")
            looks.show_path(path)
            looks.focus(None)
            builder.show("caption")
        counters = {"expanded": expanded, "in the queue": len(queue)}
        tables = {"queue": frontier_html(list(queue), "queue", _html_label, title="Queue")}
        sentence = plain_sentence(e, node_label, path)
        builder.step(
            sentence,
            line=e.line,
            counters=counters,
            tables=tables,
            description=plain_description(e, queue, path, node_label),
        )
    _stopped_step(builder, trace, looks)
    builder.outcome(at_the_end(builder.counters))  # what edit mode says an edit changed
    return builder.film()


def bidirectional_shown(trace: sv.Trace) -> Shown:
    """What :func:`bidirectional_film` of ``trace`` can show: a side's looks on the nodes that
    side reached or expanded, "touched" on those both reached, the path's looks on its nodes.

    >>> from search_viz.problems.maze_text import maze_graph
    >>> maze = GraphProblem(maze_graph(4, [(1, 1), (2, 1), (1, 2)]), (0, 0), (3, 3))
    >>> shown = bidirectional_shown(record(sv.bidirectional_bfs(maze)))
    >>> shown.nodes["meeting"], len(shown.path), (0, 0) in shown.nodes["backward queued"]
    ({(1, 3)}, 6, False)
    """
    reached = {"forward": set(), "backward": set()}
    expanded = {"forward": set(), "backward": set()}
    touched, rings, links = set(), set(), set()
    for e in trace.events:
        if e.kind == "generate":
            reached[e.data].add(e.node)
            if e.parent is not None:
                links.add(edge_key(e.parent, e.node))
        elif e.kind == "expand":
            expanded[e.data].add(e.node)
        elif e.kind == "meet":
            touched.add(e.node)
        if e.kind in ("generate", "expand", "meet"):
            rings.add(e.node)
    path = trace.result.path or []
    meeting = {trace.result.stats["meet"]} if path else set()
    nodes = {f"{side} queued": reached[side] for side in reached}
    nodes |= {f"{side} expanded": expanded[side] for side in expanded}
    nodes |= {"touched": touched, "path": set(path), "meeting": meeting}
    return Shown(nodes, rings, links, set(path_links(path)))


def plain_shown(trace: sv.Trace) -> Shown:
    """What :func:`plain_film` of ``trace`` can show (see :func:`bidirectional_shown`)."""
    reach, links = search_reach(trace)
    path = trace.result.path or []
    queued, expanded = reach["generate"], reach["expand"]
    goals = reach["goal"] | set(path[-1:])
    nodes = {"queued": queued, "expanded": expanded, "path": set(path[:-1]), "goal": goals}
    return Shown(nodes, queued | expanded, links, set(path_links(path)))


def _ask(builder: FilmBuilder, looks: GraphLooks, asked: Asked | None) -> None:
    """Ask ``asked`` before the next step; a node is clicked where it is drawn now (its look
    before the step)."""
    if asked is None:
        return
    question, nodes = asked
    builder.ask(question, {node: [("node", looks.shown(node), node)] for node in nodes})


def _stopped_step(builder: FilmBuilder, trace: sv.Trace, looks: GraphLooks) -> None:
    """A search stopped by the cap gets one more step that says so."""
    if stopped(trace):
        looks.focus(None)
        builder.show("caption")
        builder.step(
            f"Stopped after {trace.result.stats['stopped']:,} steps: the search would go on "
            "too long to replay, so it has no answer here.",
            line=None,
            description=stopped_description(trace.result.stats["stopped"]),
        )


@lru_cache(maxsize=4096)
def _html_label(node: Hashable) -> str:
    return html.escape(node_label(node))


@lru_cache(maxsize=1)
def _thumbnail_film() -> Film:
    maze = grid_maze(12, 0.2, seed=1)
    view = GraphView.of(maze, (0, 0), (11, 11), kind="grid")
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(maze, (0, 0), (11, 11))))
    return bidirectional_film(trace, view)


def thumbnail() -> Figure:
    """The home page's card: the two searches met in a maze, the path drawn.

    >>> thumbnail().get_size_inches().tolist()
    [6.0, 3.9]
    """
    film = _thumbnail_film()
    return film.figure(len(film) - 1)
