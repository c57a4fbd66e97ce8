"""The graph-search lessons' pseudocode lines, sentences, layouts and pictures."""

import networkx as nx
import pytest

import search_viz as sv
from search_viz.algorithms import (
    BFS_PSEUDOCODE,
    BIDIRECTIONAL_PSEUDOCODE,
    DFS_PSEUDOCODE,
    DLS_PSEUDOCODE,
    IDDFS_PSEUDOCODE,
    UCS_PSEUDOCODE,
)
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.graph_layout import TRAP_POSITIONS, graph_positions, tree_layout
from search_viz.lessons.shared.search_tree import SearchTree
from search_viz.problems.eight_puzzle import NOTES_START
from search_viz.problems.graph_examples import first_touch_trap, grid_maze, notes_tree
from search_viz.render.graph_lessons import (
    bidirectional_figure_for,
    bidirectional_thumbnail,
    uninformed_figure_for,
    uninformed_thumbnail,
)
from search_viz.render.graph_search import GraphView, uninformed_statuses
from search_viz.render.graph_sentences import (
    bidirectional_sentence,
    branching_argument,
    uninformed_sentence,
)
from search_viz.render.search_charts import frontier_after_expansions, layer_sizes

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


def test_the_trap_sentences_say_why_the_first_touch_is_not_enough():
    p = sv.GraphProblem(first_touch_trap(), "s", "t")
    trace = sv.Trace.record(sv.bidirectional_bfs(p, step="node"))
    first, second = trace.positions("meet").tolist()
    assert "careless" in bidirectional_sentence(trace, first)
    assert "1 + 1 + 1 = 3" in bidirectional_sentence(trace, first)
    assert "best so far" in bidirectional_sentence(trace, second)
    last = bidirectional_sentence(trace, len(trace) - 1)
    assert "2 + 1 + 1 = 4" in last
    assert "s → b → d → t (3 steps)" in last


def test_the_branching_argument_uses_the_measured_numbers():
    text = branching_argument(31, 181_439, 5_173, 7_279)
    assert "181,439" in text
    assert "12,452" in text
    assert "b\\* = 1.42" in text
    assert "14.6 times fewer" in text


def test_layouts():
    assert tree_layout({"a": ["b"]}, "a") == {"b": (0.0, -1.0), "a": (0.0, 0.0)}
    pos = graph_positions(nx.path_graph(300))  # beyond the spring limit: a circle
    assert len(pos) == 300
    assert set(TRAP_POSITIONS) == set(first_touch_trap())


def test_statuses_follow_the_events_and_the_path_is_drawn_at_the_goal():
    view = GraphView.of(notes_tree(), "A", "R", kind="tree")
    trace = sv.Trace.record(sv.dls(sv.GraphProblem(view.graph, "A", "R"), 1))
    after = uninformed_statuses(trace.state(len(trace) - 1))
    assert after["B"] == after["C"] == "cutoff"
    trace = sv.Trace.record(sv.bfs(sv.GraphProblem(view.graph, "A", "R")))
    end = uninformed_statuses(trace.state(len(trace) - 1), trace.result.path)
    assert [end[n] for n in "ACGL"] == ["path"] * 4
    assert end["R"] == "goal"


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
        sum(layer_sizes(both, side="forward")) + sum(layer_sizes(both, side="backward"))
        == (both.result.stats["generated"])
    )


@pytest.mark.parametrize("kind", ["tree", "grid", "graph"])
def test_pictures_draw_at_every_kind_of_step(kind):
    G = {"tree": notes_tree(), "grid": grid_maze(6, 0.2, 1), "graph": nx.cycle_graph(7)}[kind]
    start, goal = {"tree": ("A", "R"), "grid": ((0, 0), (5, 5)), "graph": (0, 3)}[kind]
    view = GraphView.of(G, start, goal, kind=kind)
    p = sv.GraphProblem(G, start, goal)
    trace = sv.Trace.record(sv.iddfs(p, 12))
    for step in (0, len(trace) // 2, len(trace) - 1):
        assert to_png(uninformed_figure_for(trace, step, view=view))[:4] == b"\x89PNG"
    if kind != "tree":
        both, plain = sv.Trace.record(sv.bidirectional_bfs(p)), sv.Trace.record(sv.bfs(p))
        for step in (0, len(both) - 1):
            figure = bidirectional_figure_for(both, step, view=view, plain=plain)
            assert len(figure.axes) == 2


def test_the_8_puzzle_pictures_and_the_thumbnails():
    p = sv.EightPuzzle(NOTES_START)
    trace = sv.Trace.record(sv.bfs(p))
    tree = SearchTree(trace, tree_search=False)
    figure = uninformed_figure_for(trace, len(trace) - 1, tree=tree, goal_board=p.goal)
    assert len(figure.axes) == 3
    both = sv.Trace.record(sv.bidirectional_bfs(p))
    figure = bidirectional_figure_for(both, len(both) - 1, plain_layers=layer_sizes(trace))
    assert figure.axes[0].get_yscale() == "log"
    assert uninformed_thumbnail().axes
    assert bidirectional_thumbnail().axes
