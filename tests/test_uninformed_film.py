"""Uninformed search on the film: the notes' answers at the right steps, every step a new picture,
and the picture saying what the sentence says."""

from __future__ import annotations

import re
from functools import cache

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import search_viz as sv
from search_viz.film.looks import HIDDEN
from search_viz.lessons.shared.graph_cases import (
    EDGE_LIST,
    MAZE,
    NOTES_TREE,
    PUZZLE,
    RANDOM,
    build_case,
    record,
)
from search_viz.lessons.shared.graph_drawing import edge_key
from search_viz.lessons.uninformed.charts import frontier_after_expansions, memory_caption
from search_viz.lessons.uninformed.drawing import uninformed_film
from search_viz.lessons.uninformed.inputs import BOUND, DEFAULTS, LIMIT, MAX_DEPTH
from search_viz.lessons.uninformed.looks import ALGORITHMS, TREE_SEARCH, search_for
from search_viz.problems.edge_list import EXAMPLE
from search_viz.problems.graph_examples import notes_tree
from tests.test_bidirectional_film import visible
from tests.test_uninformed import NOTES_EARLY_STOP, NOTES_IDDFS_TABLE

#: Each algorithm's depth on the page by default (limit, largest limit, none).
DEPTHS = {"BFS": None, "DFS": None, "DLS": LIMIT, "IDDFS": MAX_DEPTH, "UCS": None}
#: Each problem's parameters as the page starts them.
PROBLEMS = {
    NOTES_TREE: ("A", "R", True),
    MAZE: (DEFAULTS["maze_size"], 0.25, 1),
    RANDOM: (24, 2.5, 1, False, 0, None),
    EDGE_LIST: (EXAMPLE, False, None, None),
    PUZZLE: ("the notes' (5 moves)", 0, 0),
}


@cache
def page_film(kind: str, algorithm: str):
    """The film the page shows for ``kind`` and ``algorithm`` at their defaults, its trace."""
    case = build_case(kind, PROBLEMS[kind])
    depth = BOUND if kind == PUZZLE and algorithm != "BFS" else DEPTHS[algorithm]
    if kind == PUZZLE and algorithm in ("BFS", "UCS"):
        depth = None
    trace = record(search_for(case.problem, algorithm, depth, bounded_dfs=kind == PUZZLE))
    goal = case.problem.goal if case.view is None else None
    return uninformed_film(trace, algorithm, case.view, limit=depth, goal_board=goal), trace


@cache
def items(film) -> dict:
    scene = film.scene()
    return scene


def shown(film, k: int, name) -> bool:
    """Whether the item called ``name`` is drawn at step ``k``."""
    number = items(film).item(name)
    return film.state(k).looks.get(number, int(film.base[number])) != HIDDEN


STATUSES = ("unvisited", "frontier", "explored", "cutoff", "current", "goal", "path")


def look_of(film, k: int, node, statuses=STATUSES) -> str | None:
    """The status ``node`` shows at step ``k`` (None: none drawn)."""
    scene = items(film)
    drawn = [
        s for s in statuses if scene.has(("node", s, node)) and shown(film, k, ("node", s, node))
    ]
    assert len(drawn) <= 1, (k, node, drawn)
    return drawn[0] if drawn else None


def picture(film, k: int) -> tuple:
    state = film.state(k)
    return state.looks, state.moves, state.marks


def table_rows(html: str) -> list[tuple[int, str]]:
    """(limit, visits) of each row of the IDDFS table."""
    rows = re.findall(r"<tr><td[^>]*>(\d+)</td><td[^>]*>(.*?)</td>", html)
    return [(int(limit), re.sub(r"<[^>]+>", "", names)) for limit, names in rows]


# ------------------------------------------------------------------ the notes' IDDFS example
def test_the_iddfs_table_grows_limit_by_limit_as_the_notes_give_it_and_stops_at_r():
    film, trace = page_film(NOTES_TREE, "IDDFS")
    iterates = trace.positions("iterate").tolist()
    assert [trace.events[k].value for k in iterates] == [0, 1, 2, 3, 4]
    for limit, first in enumerate(iterates):
        state = film.state(first)
        assert state.sentence.startswith(("Begin with depth limit 0", "Start over with depth"))
        assert state.counters["depth limit"] == limit
        assert shown(film, first, ("caption", f"depth limit {limit}"))
        assert shown(film, first, ("limit", limit))
        assert all(look_of(film, first, n) == "unvisited" for n in notes_tree())
        end = [*iterates, len(film)][limit + 1] - 1  # the last step of this limit
        rows = table_rows(film.state(end).panel["h"]["iddfs"])
        assert rows[:-1] == [(i, row) for i, row in enumerate(NOTES_IDDFS_TABLE[:limit])]
        if limit < 4:
            assert rows[-1] == (limit, NOTES_IDDFS_TABLE[limit])
    last = film.state(len(film) - 1)
    assert table_rows(last.panel["h"]["iddfs"])[-1] == (4, NOTES_EARLY_STOP)
    assert last.sentence == "Found: A → C → G → L → R (4 steps)."
    assert last.counters["path length"] == 4
    goal = int(trace.positions("goal")[0])
    assert film.state(goal).sentence == "R is the goal: stop."
    assert look_of(film, goal, "R") == "goal"
    assert look_of(film, goal - 1, "R") == "current"
    for a, b in zip("ACGL", "CGLR", strict=True):
        assert not shown(film, goal, ("path", edge_key(a, b)))
        assert shown(film, len(film) - 1, ("path", edge_key(a, b)))
    assert [look_of(film, len(film) - 1, n) for n in "ACGLR"] == ["path"] * 4 + ["goal"]
    assert shown(film, len(film) - 1, ("caption", "found: a path of 4 steps"))


def test_dls_cuts_nodes_off_at_the_step_that_says_so():
    film, trace = page_film(NOTES_TREE, "DLS")
    cutoffs = trace.positions("cutoff").tolist()
    assert [trace.events[k].node for k in cutoffs] == ["O", "P"]  # limit 4, before R is found
    for k in cutoffs:
        node = trace.events[k].node
        assert "cut off" in film.state(k).sentence
        assert look_of(film, k, node) == "cutoff"
        assert look_of(film, k - 1, node) == "current"  # taken off, being expanded
        assert shown(film, k, ("ring", node))
    assert shown(film, 0, ("limit", 4))


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_a_pushed_node_waits_on_the_frontier_and_a_popped_one_is_being_expanded(algorithm):
    film, trace = page_film(NOTES_TREE, algorithm)
    for k, e in enumerate(trace.events):
        if e.kind == "generate":
            assert look_of(film, k, e.node) == "frontier", (k, e)
            assert shown(film, k, ("ring", e.node))
            if e.parent is not None:
                assert shown(film, k, ("link", edge_key(e.parent, e.node)))
        elif e.kind == "expand":
            assert look_of(film, k, e.node) == "current", (k, e)
            assert film.state(k).sentence.startswith(("Take", "Pop"))


@pytest.mark.parametrize("kind", list(PROBLEMS))
@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_every_step_changes_the_picture_on_every_default_example(kind, algorithm):
    film, trace = page_film(kind, algorithm)
    assert len(film) == len(trace)
    for k in range(1, len(film)):
        assert picture(film, k) != picture(film, k - 1), (k, film.state(k).sentence)


@pytest.mark.parametrize("kind", list(PROBLEMS))
def test_default_films_stay_small(kind):  # build times: benchmarks/bench_film.py
    case = build_case(kind, PROBLEMS[kind])
    algorithm = "IDDFS"
    depth = BOUND if kind == PUZZLE else MAX_DEPTH
    trace = record(search_for(case.problem, algorithm, depth, bounded_dfs=kind == PUZZLE))
    film = uninformed_film(trace, algorithm, case.view, limit=depth, goal_board=case.problem.goal)
    assert trace.result.path is not None  # the defaults show the algorithm working
    assert len(film.payload()[0]) < 300_000


def test_iddfs_on_the_default_maze_finds_the_goal():
    film, trace = page_film(MAZE, "IDDFS")
    assert trace.result.path is not None
    assert len(trace.result.path) - 1 == nx.shortest_path_length(
        build_case(MAZE, PROBLEMS[MAZE]).problem.graph, (0, 0), (6, 6)
    )
    assert film.state(-1).sentence.startswith("Found:")


# ------------------------------------------------------------------ film against trace
@given(
    st.sampled_from(list(PROBLEMS)),
    st.sampled_from(list(ALGORITHMS)),
    st.floats(0, 1),
)
def test_what_the_film_shows_is_what_the_trace_says(kind, algorithm, where):
    film, trace = page_film(kind, algorithm)
    if kind == PUZZLE:
        return  # the puzzle's film draws tree nodes, not states: see the test below
    k = min(len(trace) - 1, int(where * len(trace)))
    state = trace.state(k)
    finished = trace.events[k].kind == "done" and trace.result.path
    latest = state.latest("expand")
    # The node being expanded: the latest one taken off, while nothing else happened to it.
    current = latest.node if latest and state.statuses.get(latest.node) == "expand" else None
    if trace.events[k].kind == "done":
        current = None
    for node in build_case(kind, PROBLEMS[kind]).problem.graph:
        status = state.statuses.get(node)
        look = look_of(film, k, node)
        if finished and node in trace.result.path:
            assert look == ("goal" if node == trace.result.path[-1] else "path")
        elif status is None:
            assert look in ("unvisited", None)
        elif status == "generate":
            assert look == "frontier"
        elif status == "expand":
            assert look == ("current" if node == current else "explored"), (k, node)
        else:
            assert look == status
    assert shown(film, k, ("ring", trace.events[k].node)) if trace.events[k].kind in (
        "generate", "expand", "cutoff", "goal") else True  # fmt: skip
    assert film.state(k).counters["on the frontier"] == waiting(trace, k, algorithm)
    taken = "visited" if algorithm in TREE_SEARCH else "expanded"  # DLS, IDDFS cut nodes off
    assert film.state(k).counters[taken] == state.counts.get("expand", 0)


def waiting(trace, k: int, algorithm: str) -> int:
    """How many nodes wait on the frontier after event ``k``: distinct nodes in a graph
    search; in a tree search (DLS, IDDFS) every entry of the stack, one node perhaps twice."""
    if algorithm not in TREE_SEARCH:
        return len(trace.state(k).frontier)
    count = 0
    for e in trace.events[: k + 1]:
        count = {"iterate": 0, "generate": count + 1, "expand": count - 1}.get(e.kind, count)
    return count


def test_the_8_puzzle_film_draws_the_search_tree_and_the_board_of_each_step():
    film, trace = page_film(PUZZLE, "DFS")
    assert trace.result.value == 5  # the notes bound DFS at level 6: 5 moves
    last = len(film) - 1
    goal = (1, 2, 3, 8, 0, 4, 7, 6, 5)
    for i, tile in enumerate(goal):
        assert shown(film, last, ("face", "tile" if tile else "blank", i))
        if tile:
            assert shown(film, last, ("digit", i, tile))
    expand = int(trace.positions("expand")[0])
    start = trace.events[expand].node
    assert [t for t in range(1, 9) if shown(film, expand, ("digit", 0, t))] == [start[0]]
    assert shown(film, expand, ("board title", "being expanded"))


# ------------------------------------------------------------------ the scene and odd input
@pytest.mark.parametrize("kind", [NOTES_TREE, MAZE, PUZZLE])
def test_every_item_is_in_the_svg(kind):
    film, _ = page_film(kind, "IDDFS")
    ids = set(re.findall(r'id="sv(\d+)"', film.svg))
    assert ids == {str(n) for n in range(len(film.base))}


def test_node_names_are_drawn_as_typed():
    typed = "$x$ \\foo 2\n\\foo a_{1}\n$x$ 50%"
    case = build_case(EDGE_LIST, (typed, False, None, "a_{1}"))
    trace = record(search_for(case.problem, "BFS", None, bounded_dfs=False))
    film = uninformed_film(trace, "BFS", case.view)
    figure = film.figure(len(film) - 1)
    texts = {t.get_text() for ax in figure.axes for t in ax.texts}
    assert {"$x$", "\\foo", "a_{1}", "50%"} <= texts
    figure.savefig(__import__("io").BytesIO(), format="png")  # no mathtext error
    assert "$x$ → \\foo → a_{1}" in film.state(-1).sentence


def test_a_stopped_search_says_so_at_its_last_step():
    complete = "\n".join(f"n{a} n{b}" for a in range(9) for b in range(a + 1, 9)) + "\nfar away"
    case = build_case(EDGE_LIST, (complete, False, None, "away"))
    trace = record(search_for(case.problem, "DLS", 40, bounded_dfs=False), 2000)
    film = uninformed_film(trace, "DLS", case.view, limit=40)
    assert len(film) == 2001
    assert film.state(-1).sentence.startswith("Stopped after 2,000 steps")
    assert shown(film, len(film) - 1, ("caption", "stopped after 2,000 steps"))


@pytest.mark.parametrize(
    ("search", "options"),
    [
        (sv.bfs, {}),
        (sv.dfs, {}),
        (sv.dls, {"limit": 2}),
        (sv.iddfs, {"max_depth": 10}),
        (sv.ucs, {}),
    ],
)
def test_sv_film_films_every_uninformed_algorithm(search, options):
    problem = sv.GraphProblem(notes_tree(), "A", "R")
    film = sv.film(search, problem, **options)
    assert len(film) == len(sv.Trace.record(search(problem, **options)))
    assert film.to_html().startswith("<!DOCTYPE html>")


# ------------------------------------------------------------------ the memory chart's caption
@pytest.mark.parametrize("seed", [1, 3, 42])
def test_the_memory_caption_says_what_its_chart_shows(seed):
    case = build_case(RANDOM, (24, 2.5, seed, False, 0, None))
    peaks = {}
    for algorithm in ("BFS", "DFS"):
        trace = record(search_for(case.problem, algorithm, None, bounded_dfs=False))
        peaks[algorithm] = int(frontier_after_expansions(trace).max())
    caption = memory_caption(peaks, RANDOM)
    assert f"BFS kept up to {peaks['BFS']} nodes waiting and DFS up to {peaks['DFS']}" in caption
    if peaks["DFS"] > peaks["BFS"]:
        assert "DFS kept more" in caption
        assert "BFS keeps a whole layer" not in caption
    elif peaks["BFS"] > peaks["DFS"]:
        assert "BFS keeps a whole layer" in caption
    if seed == 42:  # the walk-through's case: the chart shows DFS larger
        assert peaks["DFS"] > peaks["BFS"]


@given(
    st.sampled_from([MAZE, RANDOM, NOTES_TREE, EDGE_LIST]),
    st.sampled_from(list(DEPTHS)),
    st.integers(4, 9),
    st.integers(0, 10_000),
)
def test_a_film_draws_only_what_it_shows_and_shows_what_it_did(kind, algorithm, size, seed):
    """Each node is drawn only in the looks its film gives it: every step shows the same
    parts, in the same looks, with the same panels, as the film whose scene draws every
    node in every look (see the same test of bidirectional search)."""
    from search_viz.lessons.uninformed import drawing

    params = {MAZE: (size, 0.3, seed), RANDOM: (size + 3, 2.5, seed, False, 0, None)}
    case = build_case(kind, params.get(kind, PROBLEMS[kind]))
    depth = {"DLS": 3, "IDDFS": 6}.get(algorithm)
    trace = record(search_for(case.problem, algorithm, depth, bounded_dfs=False))
    made = uninformed_film(trace, algorithm, case.view, limit=depth)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(drawing, "walk_shown", lambda trace: None)
        every = uninformed_film(trace, algorithm, case.view, limit=depth)
    assert len(made) == len(every)
    assert len(made.names()) <= len(every.names())
    for k in range(len(made)):
        assert visible(made, k) == visible(every, k)
        assert made.state(k).panel == every.state(k).panel
