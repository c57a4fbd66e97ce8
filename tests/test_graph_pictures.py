"""The graph-search lessons' pseudocode lines, sentences, layouts, charts and cards."""

import networkx as nx
import numpy as np
import pytest
from matplotlib.collections import Collection
from matplotlib.patches import Patch

import search_viz as sv
from search_viz.algorithms import (
    BFS_PSEUDOCODE,
    BIDIRECTIONAL_PSEUDOCODE,
    DFS_PSEUDOCODE,
    DLS_PSEUDOCODE,
    IDDFS_PSEUDOCODE,
    UCS_PSEUDOCODE,
)
from search_viz.lessons import thumbnail_png
from search_viz.lessons.bidirectional.puzzle_layers import layer_sizes
from search_viz.lessons.bidirectional.sentences import Words
from search_viz.lessons.shared.graph_layout import TRAP_POSITIONS, graph_positions, tree_layout
from search_viz.lessons.shared.search_tree import SearchTree
from search_viz.lessons.uninformed.charts import frontier_after_expansions
from search_viz.lessons.uninformed.sentences import uninformed_sentence
from search_viz.problems.eight_puzzle import NOTES_START
from search_viz.problems.graph_examples import first_touch_trap, grid_maze, notes_tree

# The word each event's pseudocode line must contain.
WORDS = {
    "generate": ("queue", "stack", "push", "put", "END", "frontier", "parents"),
    "expand": ("off",),
    "goal": ("goal",),
    "cutoff": ("cut off",),
    "iterate": ("limit",),
    "meet": ("touch",),
    "done": ("return", "stop", "failure", "cutoff"),
}

SEARCHES = [
    ("BFS", BFS_PSEUDOCODE, lambda p: sv.bfs(p)),
    ("DFS", DFS_PSEUDOCODE, lambda p: sv.dfs(p, limit=3)),
    ("DLS", DLS_PSEUDOCODE, lambda p: sv.dls(p, 3)),
    ("IDDFS", IDDFS_PSEUDOCODE, lambda p: sv.iddfs(p, 3)),
    ("IDDFS", IDDFS_PSEUDOCODE, lambda p: sv.iddfs(p, 10)),
    ("UCS", UCS_PSEUDOCODE, lambda p: sv.ucs(p)),
    ("bidirectional", BIDIRECTIONAL_PSEUDOCODE, lambda p: sv.bidirectional_bfs(p)),
    ("bidirectional", BIDIRECTIONAL_PSEUDOCODE, lambda p: sv.bidirectional_bfs(p, step="node")),
]


@pytest.mark.parametrize(("name", "code", "search"), SEARCHES)
@pytest.mark.parametrize("goal", ["R", "Z", "A"])
def test_every_event_points_at_the_pseudocode_line_that_does_it(name, code, search, goal):
    T = notes_tree(directed=name != "bidirectional")
    T.add_node("Z")
    lines = code.splitlines()
    trace = sv.Trace.record(search(sv.GraphProblem(T, "A", goal)))
    for e in trace.events:
        text = lines[e.line - 1]
        assert any(word in text for word in WORDS[e.kind]), (name, e, text)


@pytest.mark.parametrize("code", [s[1] for s in SEARCHES])
def test_pseudocode_lines_fit_beside_the_picture(code):
    assert max(len(line) for line in code.splitlines()) <= 44


def test_sentences_name_the_queue_the_stack_and_the_limit():
    e = sv.Event("expand", "B", depth=1)
    assert uninformed_sentence(e, "BFS").startswith("Take B off the front of the queue")
    assert uninformed_sentence(e, "DFS").startswith("Pop B off the top of the stack")
    assert "limit 2" in uninformed_sentence(sv.Event("iterate", value=2), "IDDFS", start="A")
    done = sv.Event("done", "R", value=4)
    assert uninformed_sentence(done, "BFS", path=list("ACGLR")) == (
        "Found: A → C → G → L → R (4 steps)."
    )
    assert "cut off" in uninformed_sentence(sv.Event("done", value="cutoff"), "DLS", limit=3)
    assert "cannot be reached" in uninformed_sentence(sv.Event("done"), "BFS")


def said(trace) -> list[str]:
    """Every step's sentence of a bidirectional trace."""
    words, out = Words(trace), []
    for e in trace.events:
        words.see(e)
        out.append(words.say(e))
    return out


def test_the_trap_sentences_say_why_the_first_touch_is_not_enough():
    p = sv.GraphProblem(first_touch_trap(), "s", "t")
    trace = sv.Trace.record(sv.bidirectional_bfs(p, step="node"))
    first, second = trace.positions("meet").tolist()
    sentences = said(trace)
    assert "careless" in sentences[first]
    assert "1 + 1 + 1 = 3" in sentences[first]
    assert "best so far" in sentences[second]
    assert "2 + 1 + 1 = 4" in sentences[-1]
    assert "s → b → d → t (3 steps)" in sentences[-1]


def test_layouts():
    assert tree_layout({"a": ["b"]}, "a") == {"b": (0.0, -1.0), "a": (0.0, 0.0)}
    pos = graph_positions(nx.path_graph(300))  # beyond the spring limit: a circle
    assert len(pos) == 300
    assert set(TRAP_POSITIONS) == set(first_touch_trap())


def test_the_search_tree_of_the_8_puzzle_holds_a_state_once_per_path():
    p = sv.EightPuzzle(NOTES_START)
    trace = sv.Trace.record(sv.iddfs(p, 6))
    tree = SearchTree(trace, tree_search=True)
    for parent, state in tree.pos:  # every tree node is one move below its parent
        assert parent is None or state in p.successors(parent[1])
    last_iteration = trace.events[int(trace.positions("iterate")[-1]) :]
    statuses = tree.statuses(trace.state(len(trace) - 1))
    assert len(statuses) == sum(e.kind == "generate" for e in last_iteration)
    assert sorted(set(statuses.values())) == ["cutoff", "explored", "frontier", "goal"]


def test_frontier_sizes_and_layers():
    trace = sv.Trace.record(sv.bfs(sv.GraphProblem(nx.balanced_tree(2, 4), 0, 30)))
    assert frontier_after_expansions(trace).max() == 16
    dfs = sv.Trace.record(sv.dfs(sv.GraphProblem(nx.balanced_tree(2, 4), 0, 30)))
    assert frontier_after_expansions(dfs).max() == 5  # b·d: one sibling per level, plus two
    maze = grid_maze(10, 0, 1)
    both = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(maze, (0, 0), (9, 9))))
    assert (
        sum(layer_sizes(both, "forward")) + sum(layer_sizes(both, "backward"))
        == both.result.stats["generated"]
    )


@pytest.mark.parametrize("lesson", ["uninformed", "bidirectional"])
def test_the_home_page_cards_come_from_the_films(lesson):
    assert thumbnail_png(lesson)[:4] == b"\x89PNG"


def _pixels(figure) -> np.ndarray:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba()).copy()


@pytest.mark.parametrize("size", [4, 16, 30])  # the smallest, the default and the largest maze
@pytest.mark.parametrize("lesson", ["uninformed", "bidirectional"])
def test_a_maze_s_marks_lie_inside_its_axes_so_unclipped_they_paint_as_clipped(lesson, size):
    """A maze's marks are drawn without a clip (clipped, each would be written in a clip
    group of its own): right only while every one lies inside the axes. Clipped to them,
    the picture with every item shown may change only along the axes' edge, where the
    frame's line, half a cell's margin wide at the largest maze, spills one pixel over."""
    from search_viz.lessons.bidirectional.page import cached_films
    from search_viz.lessons.shared.graph_cases import MAZE, build_case

    if lesson == "uninformed":
        films = [sv.film(sv.bfs, build_case(MAZE, (size, 0.25, 3)).problem)]
    else:
        films = list(cached_films(MAZE, (size, 0.25, 3), "layer"))
    for film in films:
        scene = film.scene()
        with scene.everything_shown() as figure:
            (ax,) = figure.axes
            marks = [a for a in ax.get_children() if isinstance(a, (Collection, Patch))]
            unclipped = [a for a in marks if not a.get_clip_on() and a is not ax.patch]
            assert len(unclipped) >= 8  # the square, walls, grid, frame, links, nodes, rings...
            drawn = _pixels(figure)
            for artist in unclipped:
                artist.set_clip_on(True)  # to the axes, as matplotlib clips by default
            rows, columns = np.nonzero((_pixels(figure) != drawn).any(axis=2))
        x0, y0, x1, y1 = ax.bbox.extents
        top, bottom = drawn.shape[0] - y1, drawn.shape[0] - y0  # rows run down
        off_edge = np.minimum.reduce(
            [abs(columns - x0), abs(columns + 1 - x1), abs(rows - top), abs(rows + 1 - bottom)]
        )
        assert off_edge.max(initial=0) <= 1, (film.title, off_edge.max())


def test_start_and_goal_are_written_clear_of_the_ring():
    """The notes' tree, IDDFS, at step 5 (A pushed, ringed) and at the end (R, the goal,
    ringed): "start" above A and "goal" below R keep clear of the step's ring."""
    film = sv.film(sv.iddfs, sv.GraphProblem(notes_tree(), "A", "R"), max_depth=20)
    for k, word in ((5, "start"), (len(film) - 1, "goal")):
        figure = film.figure(k)
        figure.canvas.draw()
        (ax,) = [a for a in figure.axes if any(t.get_text() == word for t in a.texts)]
        (label,) = [t for t in ax.texts if t.get_text() == word]
        box = label.get_window_extent()
        centre = ax.transData.transform(label.xy)
        # the ring: the largest marker with no face
        empty = [
            c
            for c in ax.collections
            if hasattr(c, "get_sizes") and len(c.get_sizes()) and not c.get_facecolor().any()
        ]
        radius = max(np.sqrt(c.get_sizes().max()) / 2 for c in empty) * figure.dpi / 72
        gap = box.y0 - centre[1] if word == "start" else centre[1] - box.y1
        assert gap >= radius, (word, gap, radius)
