"""What a long informed-search film reuses from step to step is what each step would work out
afresh: the board panel's changes, the frontier table, the descriptions, the questions' whys, the
tree's highlights.

Each check follows a random walk of steps with one object kept from step to step (as a film
keeps it) and compares every step with the plain computation made from nothing.
"""

from __future__ import annotations

import functools
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

import search_viz as sv
from search_viz.events import Event, format_value
from search_viz.film.builder import FilmBuilder
from search_viz.film.looks import HIDDEN
from search_viz.film.scene import Scene
from search_viz.lessons.informed import questions, sentences
from search_viz.lessons.informed.board import FRAMES, BoardPanel
from search_viz.lessons.informed.descriptions import Describer, informed_description
from search_viz.lessons.informed.drawing import SIZES, ScenePlan, draw_scene
from search_viz.lessons.informed.frontier import (
    Frontier,
    FrontierRow,
    FrontierTable,
    frontier_html,
)
from search_viz.lessons.informed.questions import h_why
from search_viz.lessons.informed.tree import TreeSteps, plan_tree
from search_viz.lessons.shared.search_tree import SearchTree
from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_GOAL, ORDERED_GOAL, compact
from search_viz.problems.puzzle_heuristics import HEURISTICS, contributions

GOALS = st.sampled_from([NOTES_GOAL, ORDERED_GOAL])
SEEDS = st.integers(0, 2**32 - 1)


def random_board(rng: random.Random) -> tuple[int, ...]:
    """Any arrangement of the tiles (a panel or a description does not need it solvable)."""
    tiles = list(range(9))
    rng.shuffle(tiles)
    return tuple(tiles)


def random_events(rng: random.Random, n: int) -> list[Event]:
    """Events about a few boards, so that boards come back: put on, taken off, the goal."""
    boards = [random_board(rng) for _ in range(rng.randint(1, 6))]
    events = []
    for _ in range(n):
        kind = rng.choice(["generate", "generate", "expand", "goal", "done"])
        g, h = rng.randint(0, 3), rng.randint(0, 3)
        board = rng.choice(boards)
        if kind == "done":
            events.append(Event("done", None if rng.random() < 0.5 else board, value=g))
        else:
            events.append(Event(kind, board, g=g, h=h, value=g + h))
    return events


# ------------------------------------------------------------------ the board panel
def shown_in_panel(panel: BoardPanel, steps) -> list[set]:
    """What the panel shows after each step, read from the film its writer makes."""
    fig = Figure(figsize=(4, 3))
    board_ax, goal_ax = fig.add_axes((0, 0, 0.5, 1)), fig.add_axes((0.5, 0, 0.5, 1))

    def draw() -> Scene:
        scene = Scene(fig)
        panel.draw(scene, board_ax, goal_ax, 10.0)
        return scene

    writer = FilmBuilder(draw)
    for step in steps:
        if step is None:
            panel.hide(writer)
        else:
            panel.show(writer, *step)
        writer.step("")
    film = writer.film()
    named = {number: name for name, number in writer.scene._ids.items()}
    return [
        {named[n] for n, code in film.state(k).looks.items() if code != HIDDEN}
        for k in range(len(film))
    ]


def panel_of(step, shares: dict) -> set:
    """What the panel shows for one step, from nothing: the board, its ``shares`` of h, its
    numbers."""
    if step is None:
        return set()
    kind, board, numbers = step
    return (
        {("digit", i, tile) for i, tile in enumerate(board) if tile}
        | {("blank", board.index(0))}
        | {("share", i, share) for i, share in shares.items()}
        | {("board frame", FRAMES[kind]), ("board title", kind)}
        | {("number", name, x) for name, x in zip("ghf", numbers, strict=True)}
    )


@settings(max_examples=25, deadline=None)
@given(SEEDS, GOALS, st.sampled_from(list(HEURISTICS)))
def test_the_board_panel_changes_only_what_differs_and_shows_each_step_in_full(
    seed, goal, heuristic
):
    rng = random.Random(seed)
    boards = [random_board(rng) for _ in range(rng.randint(1, 4))] + [goal]
    steps = []
    for _ in range(rng.randint(1, 25)):
        if rng.random() < 0.15:
            steps.append(None)  # a step about no board
            continue
        g, h = rng.randint(0, 2), rng.randint(0, 2)
        kind = rng.choice(list(FRAMES))
        steps.append((kind, rng.choice(boards), (g, h, g + h)))
    numbers = [step[2] for step in steps if step is not None]
    shown = shown_in_panel(BoardPanel(boards, goal, heuristic, numbers, "A*"), steps)
    plain = {board: contributions(heuristic, board, goal) for board in boards}  # by tile
    shares = {board: {board.index(t): v for t, v in plain[board].items()} for board in boards}
    assert shown == [panel_of(step, step and shares[step[1]]) for step in steps]


# ------------------------------------------------------------------ the frontier table
@settings(max_examples=60, deadline=None)
@given(SEEDS, st.sampled_from(["fifo", "deeper"]), st.sampled_from(["A*", "greedy"]))
def test_the_frontier_table_kept_from_step_to_step_is_the_table_written_afresh(
    seed, tie, algorithm
):
    rng = random.Random(seed)
    limit = rng.randint(1, 6)
    frontier = Frontier(tie)
    table = FrontierTable(frontier, str, algorithm, limit=limit)
    for k in range(rng.randint(1, 60)):
        just_put = None
        if rng.random() < 0.6:  # a few nodes, few f values: nodes come back, ties are many
            node, g = rng.choice("ABCDEFGHIJKL"), rng.randint(0, 3)
            h = rng.randint(0, 2)
            frontier.put(FrontierRow(node, g, h, g + h, "P", k))
            just_put = node if rng.random() < 0.9 else None
        elif len(frontier):
            frontier.take(frontier.row(rng.randrange(len(frontier))).node)
        assert table.html(just_put) == frontier_html(
            frontier, str, algorithm, just_put, limit=limit
        ), k


# ------------------------------------------------------------------ the descriptions
@settings(max_examples=40, deadline=None)
@given(SEEDS, GOALS, st.sampled_from(list(HEURISTICS)))
def test_a_describer_kept_from_step_to_step_says_what_a_fresh_description_says(
    seed, goal, heuristic
):
    rng = random.Random(seed)
    events = random_events(rng, rng.randint(1, 40))
    boards = [e.node for e in events if e.node is not None]
    panel = BoardPanel(boards, goal, heuristic, [], "A*")
    describer, frontier = Describer(panel), Frontier(rng.choice(["fifo", "deeper"]))
    path = None if rng.random() < 0.3 else [goal]
    for k, e in enumerate(events):
        if e.kind == "generate":
            frontier.put(FrontierRow(e.node, e.g, e.h, e.value, None, k))
        elif e.kind in ("expand", "goal"):
            frontier.take(e.node)
        numbers = None if e.kind == "done" else (e.g, e.h, e.value)
        fresh = BoardPanel(boards, goal, heuristic, [], "A*")
        assert describer.describe(e, frontier, numbers, path) == informed_description(
            e, frontier, numbers, fresh, path
        ), k


# ------------------------------------------------------------------ the questions
@settings(max_examples=100, deadline=None)
@given(SEEDS, GOALS, st.sampled_from(list(HEURISTICS)))
def test_a_why_from_the_panels_shares_is_the_why_worked_out_afresh(seed, goal, heuristic):
    board = random_board(random.Random(seed))
    panel = BoardPanel([board], goal, heuristic, [], "A*")
    h = sum(panel.share_of(board).values())
    with_shares = h_why(heuristic, board, goal, h, panel.share_of(board))
    assert with_shares == h_why(heuristic, board, goal, h), compact(board)


# ------------------------------------------------------------------ the tree's highlights
@functools.cache
def tree_case(size: str, limit: int):
    """A search's tree plan and its tree nodes, on a picture of ``size`` (boards, markers,
    groups)."""
    problem = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
    trace = sv.Trace.record(sv.astar(problem, heuristic="manhattan"), limit=limit)
    tree = SearchTree(trace, tree_search=False)
    geometry = SIZES[size]
    plan = plan_tree(tree, trace, "A*", geometry.room(), geometry.boards)
    panel = BoardPanel([], ORDERED_GOAL, "manhattan", [], "A*")
    scene = ScenePlan(geometry, plan, panel, "")
    return scene, sorted(set(tree.ids), key=repr)


def highlights(scene: ScenePlan, calls, plain: bool) -> list:
    """The looks and moves after each of ``calls`` (status, tree node or None), written by
    :class:`TreeSteps` or (``plain``) shown, moved and hidden at every call."""
    writer = FilmBuilder(functools.partial(draw_scene, scene))
    steps = TreeSteps(scene.tree, writer, writer.scene.get_axes()[0])
    for status, t in calls:
        if not plain:
            steps.emphasis(status, t)
        for part in steps.parts:
            name = ("emphasis", status, part)
            if plain and t is None:
                writer.hide(name)
            elif plain:
                (x0, y0) = steps.points[scene.tree.root]
                (x1, y1) = steps.points[scene.tree.unit_of[t]]
                writer.show(name)
                writer.move(name, x1 - x0, y1 - y0)
        writer.step("")
    film = writer.film()
    return [(film.state(k).looks, film.state(k).moves) for k in range(len(film))]


@settings(max_examples=15, deadline=None)
@given(SEEDS, st.sampled_from([("wide", 12), ("projector", 12), ("wide", 400), ("half", 3000)]))
def test_the_highlights_written_only_when_they_change_are_those_written_every_time(seed, case):
    scene, nodes = tree_case(*case)
    rng = random.Random(seed)
    near = rng.sample(nodes, min(len(nodes), 3))  # a few nodes: highlights come back to them
    calls = [
        (rng.choice(["current", "new"]), None if rng.random() < 0.25 else rng.choice(near))
        for _ in range(rng.randint(1, 30))
    ]
    assert highlights(scene, calls, plain=False) == highlights(scene, calls, plain=True)


@given(st.lists(st.one_of(st.integers(-40, 40), st.floats(), st.booleans()), max_size=30))
def test_the_numbers_remembered_are_written_as_format_value_writes_them(numbers):
    for x in numbers:  # True, 1 and 1.0 are equal keys: each must keep its own text
        assert questions._number(x) == sentences._number(x) == format_value(x), x
