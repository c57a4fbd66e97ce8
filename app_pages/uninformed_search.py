"""Lesson: uninformed search (BFS, DFS, depth-limited, iterative deepening, uniform cost)."""

import streamlit as st

import search_viz as sv
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.search_tree import SearchTree
from search_viz.render.graph_lessons import uninformed_figure_for
from search_viz.render.graph_sentences import uninformed_sentence
from search_viz.render.search_charts import (
    frontier_after_expansions,
    frontier_chart,
    iteration_chart,
    iteration_counts,
)
from search_viz.ui import counters, link_check, note, pseudocode, replay, scale
from search_viz.ui.graph_search import (
    EDGE_LIST,
    MAZE,
    NOTES_TREE,
    PUZZLE,
    RANDOM,
    Case,
    cached_case,
    capped,
    choose_case,
    frontier_html,
    iddfs_rows,
    iddfs_table_html,
)
from search_viz.ui.presenter import is_on as presenting

ALGORITHMS = {
    "BFS": ("queue", sv.algorithms.BFS_PSEUDOCODE),
    "DFS": ("stack", sv.algorithms.DFS_PSEUDOCODE),
    "DLS": ("stack", sv.algorithms.DLS_PSEUDOCODE),
    "IDDFS": ("stack", sv.algorithms.IDDFS_PSEUDOCODE),
    "UCS": ("priority", sv.algorithms.UCS_PSEUDOCODE),
}
NAMES = {
    "BFS": "breadth-first search",
    "DFS": "depth-first search",
    "DLS": "depth-limited search",
    "IDDFS": "iterative deepening",
    "UCS": "uniform-cost search",
}
#: A page never records more events than this (a search that goes on is stopped, and says so).
MAX_EVENTS = 60_000
NOTES_TABLE = [
    "A",
    "A B C D",
    "A B E F C G D H",
    "A B E I F J K C G L D H M N",
    "A B E I F J K O P C G L R D H M N S",
]


def search_for(case: Case, algorithm: str, depth: int | None):
    """The generator of ``algorithm`` on the case (``depth``: limit, bound or max depth)."""
    p = case.problem
    if algorithm == "BFS":
        return sv.bfs(p)
    if algorithm == "DFS":
        return sv.dfs(p, limit=depth if case.kind == PUZZLE else None)
    if algorithm == "DLS":
        return sv.dls(p, depth)
    if algorithm == "IDDFS":
        return sv.iddfs(p, depth)
    return sv.ucs(p)


@st.cache_resource(show_spinner="Searching…", max_entries=64)
def cached_trace(kind: str, params: tuple, algorithm: str, depth: int | None) -> sv.Trace:
    case = cached_case(kind, params)
    return sv.Trace.record(capped(search_for(case, algorithm, depth), MAX_EVENTS))


@st.cache_resource(show_spinner=False, max_entries=64)
def cached_tree(kind: str, params: tuple, algorithm: str, depth: int | None) -> SearchTree:
    tree_search = algorithm in ("DLS", "IDDFS")
    return SearchTree(cached_trace(kind, params, algorithm, depth), tree_search)


@st.cache_data(show_spinner=False, max_entries=4000)
def frame_png(kind: str, params: tuple, algorithm: str, depth, step: int, zoom: float) -> bytes:
    return to_png(frame_figure(kind, params, algorithm, depth, step, zoom))


def frame_figure(kind: str, params: tuple, algorithm: str, depth, step: int, zoom: float):
    """The picture of one step (the player also exports it as PNG, SVG or GIF)."""
    case = cached_case(kind, params)
    trace = cached_trace(kind, params, algorithm, depth)
    tree = None if case.view else cached_tree(kind, params, algorithm, depth)
    goal = case.problem.goal if case.view is None else None
    return uninformed_figure_for(
        trace, step, view=case.view, tree=tree, goal_board=goal, scale=zoom
    )


@st.cache_data(show_spinner=False, max_entries=64)
def memory_chart_png(kind: str, params: tuple, depth, zoom: float) -> bytes:
    series = {
        name: frontier_after_expansions(cached_trace(kind, params, name, depth))
        for name in ("BFS", "DFS")
    }
    return to_png(frontier_chart(series, scale=zoom))


@st.cache_data(show_spinner=False, max_entries=2000)
def iteration_png(counts: tuple, final: tuple, zoom: float) -> bytes:
    return to_png(iteration_chart(counts, final, scale=zoom))


st.title("Uninformed search")
if not presenting():  # on a projector the picture needs the room
    st.markdown(
        "Search without knowing where the goal is: **BFS** takes the oldest node on the frontier "
        "(a queue), **DFS** the newest (a stack), **DLS** is DFS that stops at a depth limit, "
        "**IDDFS** runs DLS with limit 0, 1, 2, … and **UCS** the cheapest path so far."
    )

with link_check(), st.sidebar:
    case = choose_case(
        [NOTES_TREE, MAZE, RANDOM, EDGE_LIST, PUZZLE], puzzles=["the notes' (5 moves)"]
    )
    algorithm = st.segmented_control(
        "Algorithm",
        list(ALGORITHMS),
        default="IDDFS",
        required=True,
        key="algorithm",
        bind="query-params",
        help="; ".join(f"{k}: {v}" for k, v in NAMES.items()),
    )
    depth = None
    if case.kind == PUZZLE and algorithm in ("DFS", "DLS", "IDDFS"):
        depth = st.slider(
            "Depth bound",
            1,
            10,
            6,
            key="bound",
            bind="query-params",
            help="The notes bound DFS on the 8-puzzle at level 6; IDDFS goes up to it.",
        )
    elif algorithm == "DLS":
        depth = int(st.number_input("Depth limit", 0, 40, 3, key="limit", bind="query-params"))
    elif algorithm == "IDDFS":
        depth = int(
            st.number_input(
                "Max depth",
                0,
                40,
                10,
                key="max_depth",
                bind="query-params",
                help="Iterative deepening stops at the goal, or after this limit.",
            )
        )

if case.error:
    st.error(f"This graph cannot be searched:\n\n{case.error}", icon=":material/error:")
    st.stop()

st.caption(case.description)
discipline, code = ALGORITHMS[algorithm]
trace = cached_trace(case.kind, case.key[1], algorithm, depth)
result = trace.result
if "stopped" in result.stats:
    st.warning(
        f"The search was stopped after {MAX_EVENTS:,} steps: it would go on too long to "
        "replay. Choose a smaller depth limit or a smaller problem.",
        icon=":material/timer_off:",
    )
elif case.problem.initial == case.problem.goal:
    st.info("The start is the goal: the path is just the start.", icon=":material/flag:")
elif result.path is None:
    st.info(
        "No path: the goal cannot be reached from the start"
        + (" within the depth limit." if result.value == "cutoff" else "."),
        icon=":material/block:",
    )

zoom = scale()
final = tuple(result.stats.get("per_iteration", ()))


def show(step: int) -> None:
    state = trace.state(step)
    event = state.event
    picture, side = st.columns([1, 1])
    with picture:
        st.image(frame_png(case.kind, case.key[1], algorithm, depth, step, zoom))
        values = state.values if discipline == "priority" else None
        shown = 10 if case.kind == PUZZLE else 24
        st.html(frontier_html(state.frontier, discipline, case.label, values, shown, scale=zoom))
    with side:
        sentence = uninformed_sentence(
            event,
            algorithm,
            label=case.label,
            path=result.path,
            limit=depth,
            start=case.problem.initial,
        )
        note(sentence, step)
        # Unscaled: presenter mode's larger root font already enlarges it, and it must fit.
        pseudocode(code, event.line)
        numbers = {
            "expanded": state.counts.get("expand", 0),
            "on the frontier": len(state.frontier),
        }
        if algorithm == "IDDFS":
            iterate = state.latest("iterate")
            numbers["depth limit"] = iterate.value if iterate else 0
        if event.depth is not None:
            numbers["depth"] = event.depth
        if event.kind == "done" and result.path:
            numbers["path length"] = len(result.path) - 1
            if algorithm == "UCS":
                numbers["path cost"] = result.value
        counters(numbers)
    if algorithm == "IDDFS":
        rows = iddfs_rows(trace, step)
        table, chart = st.columns([3, 2])
        with table:
            st.markdown("**Iterative deepening, one row per depth limit**")
            st.html(iddfs_table_html(rows, event.node, case.label, scale=zoom))
            if case.kind == NOTES_TREE and case.problem.goal == "R":
                st.caption(
                    "The lecture notes' table: "
                    + "; ".join(f"{i}: {row}" for i, row in enumerate(NOTES_TABLE))
                    + ". With limit 4 the search stops when it reaches R, having visited "
                    "A B E I F J K O P C G L R."
                )
        with chart:
            counts = tuple(iteration_counts(trace, step))
            st.image(iteration_png(counts, final, zoom))


replay(
    len(trace),
    show,
    key="uninformed",
    reset_on=(case.key, algorithm, depth),
    figure=lambda step: frame_figure(case.kind, case.key[1], algorithm, depth, step, 1.0),
    prefetch=lambda step: frame_png(case.kind, case.key[1], algorithm, depth, step, zoom),
)

with st.expander(
    "Memory: how big does the frontier get? BFS against DFS",
    expanded=algorithm in ("BFS", "DFS"),
):
    bound = (depth or 6) if case.kind == PUZZLE else None  # unbounded DFS would roam the puzzle
    st.image(memory_chart_png(case.kind, case.key[1], bound, zoom))
    st.caption(
        "The frontier after each expansion, on this problem. BFS keeps a whole layer waiting: "
        "on a tree with b children per node that is about b^d nodes at depth d. DFS keeps only "
        "the siblings along one path, about b·d. In a maze the BFS layer is a wave front, so "
        "the difference is smaller than on a tree or the 8-puzzle."
    )
