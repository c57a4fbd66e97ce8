"""The informed-search films: the notes' example at the right steps, asserted on the film's data.

Each film is checked against what the lesson computes straight from the trace,
by code written apart from the film's (the search tree's own fold, the slow
frontier table, the events' numbers), at random steps.
"""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.film.looks import HIDDEN
from search_viz.lessons.informed.drawing import WIDE, film_of, thumbnail
from search_viz.lessons.informed.frontier import frontier_rows
from search_viz.lessons.informed.solution import solution_film
from search_viz.lessons.informed.tree import plan_tree
from search_viz.lessons.shared.search_tree import SearchTree
from search_viz.problems.eight_puzzle import (
    HARDEST_STARTS,
    NOTES_GOAL,
    NOTES_START,
    ORDERED_GOAL,
    compact,
)

DETOUR = (7, 1, 2, 4, 8, 3, 6, 0, 5)  # greedy 15 moves, A* 11
SEARCHES = {"A*": sv.astar, "greedy": sv.greedy}

#: The films the tests look into: (algorithm, start, goal, heuristic, tie, limit).
CASES = {
    "notes A*": ("A*", NOTES_START, NOTES_GOAL, "misplaced", "fifo", 60_000),
    "notes greedy": ("greedy", NOTES_START, NOTES_GOAL, "misplaced", "fifo", 60_000),
    "notes A* deeper": ("A*", NOTES_START, NOTES_GOAL, "misplaced", "deeper", 60_000),
    "detour A*": ("A*", DETOUR, NOTES_GOAL, "manhattan", "fifo", 60_000),
    "detour greedy": ("greedy", DETOUR, NOTES_GOAL, "linear conflict", "fifo", 60_000),
    "hardest, cut": ("A*", HARDEST_STARTS[0], ORDERED_GOAL, "manhattan", "fifo", 2_000),
}


@functools.cache
def case(name: str):
    """The trace, the film and a fresh scene of a case (built once per test run)."""
    algorithm, start, goal, heuristic, tie, limit = CASES[name]
    problem = sv.EightPuzzle(start, goal)
    search = SEARCHES[algorithm]
    trace = sv.Trace.record(search(problem, heuristic=heuristic, tie=tie), limit=limit)
    film = sv.film(search, problem, heuristic=heuristic, tie=tie, limit=limit)
    return trace, film, film.scene()


def names(scene) -> dict:
    """Each item's name, by its number (the scene keeps them the other way round)."""
    return {number: name for name, number in scene._ids.items()}


def shown(film, scene, k: int) -> set:
    """The names of the items step ``k`` shows."""
    named = names(scene)
    return {named[n] for n, code in film.state(k).looks.items() if code != HIDDEN}


# ------------------------------------------------------------------ the notes' example
def test_the_notes_start_has_h_4_and_a_star_finds_5_moves_after_7_expansions():
    trace, film, scene = case("notes A*")
    first = film.state(0)
    assert first.sentence.startswith("Put the start 283/164/7_5 on the frontier: g = 0, h = 4")
    assert "f = g + h = 0 + 4 = 4 (h counts the misplaced tiles)" in first.sentence
    assert {k: first.counters[k] for k in "ghf"} == {"g": 0, "h": 4, "f": 4}
    # the board beside the tree is the start, its four misplaced tiles each adding 1 to h
    on = shown(film, scene, 0)
    assert {n[2] for n in on if n[:1] == ("digit",)} == {2, 8, 3, 1, 6, 4, 7, 5}
    assert {(n[1], n[2]) for n in on if n[0] == "share"} == {(0, 1), (1, 1), (3, 1), (4, 1)}
    assert ("board title", "generate") in on
    last = film.state(len(film) - 1)
    assert last.sentence == "Found a solution of 5 moves after expanding 7 nodes."
    assert last.counters["solution"] == "5 moves"
    assert last.counters["expanded"] == 7
    assert len(film) == len(trace) == 23


def test_a_star_expands_the_notes_boards_with_these_g_and_h():
    _, film, _ = case("notes A*")
    expanded = [
        (film.state(k).counters["g"], film.state(k).counters["h"])
        for k in range(len(film))
        if film.state(k).sentence.startswith("Take ")
    ]
    assert expanded == [(0, 4), (1, 3), (2, 3), (2, 3), (3, 2), (4, 1), (5, 0)]


def test_the_solution_path_is_drawn_through_the_tree_at_the_last_step_only():
    trace, film, scene = case("notes A*")
    tree = SearchTree(trace, tree_search=False)
    goal_id = tree.ids[next(k for k, e in enumerate(trace.events) if e.kind == "goal")]
    path = tree.path_ids(goal_id)
    assert [t[1] for t in path] == trace.result.path
    end = shown(film, scene, len(film) - 1)
    assert {("frame", "path", t) for t in path[:-1]} <= end
    assert ("frame", "goal", path[-1]) in end
    assert {("path edge", i) for i in range(5)} <= end
    before = shown(film, scene, len(film) - 2)
    assert not any(name[0] == "path edge" for name in before)
    assert ("frame", "goal", path[-1]) in before  # the goal test: the goal, not yet the path


def test_greedy_orders_by_h_alone_and_its_detour_is_longer_than_a_stars():
    _, film, _ = case("notes greedy")
    assert "so f = h = 4 (greedy ignores the cost so far, g = 0; h counts" in film.state(0).sentence
    assert film.state(len(film) - 1).sentence.startswith("Found a solution of 5 moves")
    detour_greedy = film_of(sv.greedy, sv.EightPuzzle(DETOUR), heuristic="misplaced")
    detour_astar = film_of(sv.astar, sv.EightPuzzle(DETOUR), heuristic="misplaced")
    assert detour_greedy.state(-1).counters["solution"] == "15 moves"
    assert detour_astar.state(-1).counters["solution"] == "11 moves"


def test_ties_are_named_when_the_rule_decides():
    _, fifo, _ = case("notes A*")
    _, deeper, _ = case("notes A* deeper")
    ties = [
        fifo.state(k).sentence for k in range(len(fifo)) if "shared with" in fifo.state(k).sentence
    ]
    assert len(ties) == 2
    assert all("ties go to the one put on the frontier first" in s for s in ties)
    assert "ties go to the deepest one (largest g)" in " ".join(
        deeper.state(k).sentence for k in range(len(deeper))
    )
    assert deeper.state(-1).sentence == "Found a solution of 5 moves after expanding 6 nodes."


# ------------------------------------------------------------------ what every step shows
@pytest.mark.parametrize("name", CASES)
def test_every_step_changes_the_picture(name):
    _, film, _ = case(name)
    states = [film.state(k) for k in range(len(film))]
    for k in range(1, len(film)):
        before, now = states[k - 1], states[k]
        assert (before.looks, before.moves) != (now.looks, now.moves), (name, k, now.sentence)


@pytest.mark.parametrize("name", CASES)
@settings(max_examples=25)
@given(data=st.data())
def test_the_film_shows_what_the_trace_says_at_any_step(name, data):
    """Statuses from the search tree's own fold, the frontier from the slow table, the counters."""
    trace, film, scene = case(name)
    algorithm, _, _, _, tie, _ = CASES[name]
    k = data.draw(st.integers(0, len(film) - 1))
    tree = SearchTree(trace, tree_search=False)
    plan = plan_tree(tree, trace, algorithm, WIDE.room())
    on = shown(film, scene, k)
    event = trace.events[k]
    if event.kind != "done":
        statuses = tree.statuses(trace.state(k))
        want: dict = {}
        for t, status in statuses.items():
            unit = plan.unit_of[t]
            if plan.detail == "groups":  # a group waits while one of its boards waits
                rank = {"goal": 3, "frontier": 2, "explored": 1}
                if rank[status] > rank.get(want.get(unit), 0):
                    want[unit] = status
            else:
                want[unit] = status
        got = {name[2]: name[1] for name in on if name[0] == "mark" and len(name) == 3}
        assert got == want
    current = next(
        (trace.events[j].kind for j in range(k, -1, -1) if trace.events[j].kind != "generate"),
        None,
    )
    assert (("emphasis", "current", "mark") in on) == (current == "expand")
    assert (("emphasis", "new", "mark") in on) == (event.kind == "generate")
    if event.kind == "generate":
        film_moves = film.state(k).moves
        number = scene.item(("emphasis", "new", "mark"))
        ax = scene.figure.axes[0]
        (x0, y0), (x1, y1) = (
            scene.point(ax, *plan.units[u]) for u in (plan.root, plan.unit_of[tree.ids[k]])
        )
        # both ends rounded to 0.01 point, by the film and here (its sketch and this figure
        # may round a half apart)
        assert film_moves.get(number, (0, 0)) == pytest.approx((x1 - x0, y1 - y0), abs=0.02)
    rows = frontier_rows(trace, k, tie)
    state = film.state(k)
    assert state.counters["on the frontier"] == len(rows)
    assert state.counters["expanded"] == sum(e.kind == "expand" for e in trace.events[: k + 1])
    table = re.findall(r"<code>(.*?)</code>", state.panel["h"]["frontier"])
    assert table[: min(5, len(rows))] == [compact(row.node) for row in rows[:5]]


@pytest.mark.parametrize("name", CASES)
def test_every_number_next_to_a_formula_is_what_the_formula_gives(name):
    _, film, _ = case(name)
    algorithm = CASES[name][0]
    sums = 0
    for k in range(len(film)):
        state = film.state(k)
        for g, h, f in re.findall(r"f = g \+ h = (\d+) \+ (\d+) = (\d+)", state.sentence):
            assert int(g) + int(h) == int(f)
            sums += 1
        for h, f in re.findall(r"h = (\d+), so f = h = (\d+)", state.sentence):
            assert h == f
        counters = state.counters
        if "f" in counters:
            made = counters["g"] + counters["h"] if algorithm == "A*" else counters["h"]
            assert counters["f"] == made, (k, counters)
    assert algorithm == "greedy" or sums > 0


def test_the_board_panel_writes_each_tiles_share_of_h():
    trace, film, scene = case("detour greedy")
    heuristic = sv.EightPuzzle(DETOUR).heuristic("linear conflict")
    for k in range(0, len(film), 37):
        board = trace.events[k].node
        on = shown(film, scene, k)
        shares = sum(name[2] for name in on if name[0] == "share")
        assert shares == heuristic(board) == film.state(k).counters["h"]
        digits = {name[1]: name[2] for name in on if name[0] == "digit" and len(name) == 3}
        assert digits == {i: tile for i, tile in enumerate(board) if tile}


# ------------------------------------------------------------------ the film as data
@pytest.mark.parametrize("name", CASES)
def test_every_item_is_in_the_svg_once(name):
    _, film, scene = case(name)
    ids = re.findall(r'id="sv(\d+)"', film.svg)
    assert sorted(map(int, ids)) == list(range(len(scene)))


def test_the_notes_film_is_small():  # build times: benchmarks/bench_film.py
    film = film_of(sv.astar, sv.EightPuzzle(NOTES_START), heuristic="misplaced")
    header, later = film.payload()
    assert len(header) + sum(map(len, later)) < 300_000


def test_a_long_replay_comes_in_chunks_and_its_tree_in_groups():
    trace, film, _ = case("hardest, cut")
    plan = plan_tree(SearchTree(trace, False), trace, "A*", WIDE.room())
    assert plan.detail in ("markers", "groups")
    _, later = film.payload()
    assert (film.n_chunks, len(later)) == (4, 3)
    assert trace.truncated
    assert len(film) == 2_000
    assert film.state(1999).counters["expanded"] == sum(e.kind == "expand" for e in trace.events)


def test_the_tie_rule_keeps_the_step_when_the_replay_keeps_its_length():
    def shape(tie, start=NOTES_START):
        return film_of(sv.astar, sv.EightPuzzle(start), heuristic="manhattan", tie=tie).meta[
            "shape"
        ]

    assert shape("fifo") == shape("deeper")  # both 20 steps: flipping the rule keeps the step
    _, fifo, _ = case("notes A*")
    _, deeper, _ = case("notes A* deeper")
    assert len(fifo) != len(deeper)
    assert fifo.meta["shape"] != deeper.meta["shape"]


def test_bad_options_say_what_is_allowed():
    p = sv.EightPuzzle(NOTES_START)
    with pytest.raises(ValueError, match="must be one of 'misplaced', 'manhattan'"):
        sv.film(sv.astar, p, heuristic=lambda board: 0)
    with pytest.raises(TypeError, match="no lesson films bfs"):
        sv.film(sv.bfs, 3)


def test_the_thumbnail_shows_the_finished_search():
    assert len(thumbnail().axes) == 3  # the tree, the board, the goal


# ------------------------------------------------------------------ the solution's film
def test_the_solution_film_slides_one_tile_per_move():
    path = sv.run(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced")).path
    film = solution_film(path, "A*", "misplaced")
    scene = film.scene()
    assert len(film) == 6
    assert [film.state(k).counters["h (misplaced)"] for k in range(6)] == [4, 3, 3, 2, 1, 0]
    assert film.state(1).sentence == "Move 1 of 5: 6 slides down."
    assert film.state(5).sentence == "Move 5 of 5: 8 slides left. The goal is reached."
    for k in range(1, 6):
        before, now = film.state(k - 1).moves, film.state(k).moves
        named = names(scene)
        moved = {named[n] for n in set(before) | set(now) if before.get(n) != now.get(n)}
        assert {name[0] for name in moved} == {"face", "moved", "digit"}
        assert len({name[1] for name in moved}) == 1  # one tile slides
    assert "goal frame" in shown(film, scene, 5)
    assert "goal frame" not in shown(film, scene, 4)


def test_export_draws_each_step_from_the_film():
    from search_viz.film.export import gif, png
    from search_viz.lessons import thumbnail_png

    _, film, _ = case("notes A*")
    frames = [png(film, k, dpi=40) for k in (4, 5)]
    assert frames[0] != frames[1]
    assert gif(film, 0, 5)[:6] == b"GIF89a"
    assert thumbnail_png("informed")[:4] == b"\x89PNG"


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    boards=st.integers(1, 400),
    heuristic=st.sampled_from(["misplaced", "manhattan", "linear conflict"]),
)
def test_the_board_panel_holds_every_digit_and_share_its_boards_show(seed, boards, heuristic):
    """The panel stops reading boards once it has every pair there can be: what it keeps is
    what reading them all finds (brute force over random walks of the puzzle)."""
    import random

    from search_viz.lessons.informed.board import BoardPanel
    from search_viz.problems.puzzle_heuristics import contributions

    rng = random.Random(seed)
    puzzle = sv.EightPuzzle(ORDERED_GOAL, goal=ORDERED_GOAL)
    walk, board = [], ORDERED_GOAL
    for _ in range(boards):
        board = rng.choice(puzzle.successors(board))
        walk.append(board)
    panel = BoardPanel(iter(walk), ORDERED_GOAL, heuristic, [(0, 0, 0)], "A*")
    digits = {(i, tile) for b in walk for i, tile in enumerate(b) if tile}
    shares = {
        (b.index(tile), v)
        for b in walk
        for tile, v in contributions(heuristic, b, ORDERED_GOAL).items()
    }
    assert (panel.digits, panel.shares) == (digits, shares)


@pytest.mark.parametrize("step", [0, 6])
def test_a_boards_numbers_show_below_the_highlight_round_it(step):
    """The notes' puzzle (a tree of boards): at step 0 the start, at step 6 a new child, is
    framed as just put on the frontier; its numbers under it ("g + h = f") lie below the
    frame's thick line, not under it."""
    film = film_of(sv.astar, sv.EightPuzzle(NOTES_START), heuristic="misplaced")
    figure = film.figure(step)
    figure.canvas.draw()
    ax = figure.axes[0]
    frames = [line for line in ax.lines if line.get_visible() and line.get_linewidth() == 5]
    assert frames
    for frame in frames:
        xs, ys = frame.get_data()
        x, y = sum(xs[:4]) / 4, (min(ys) + max(ys)) / 2  # the board's centre
        (label,) = [  # its numbers: under the board (a board's half side is 0.5)
            t
            for t in ax.texts
            if t.get_visible()
            and re.fullmatch(r"\d+\+\d+=\d+", t.get_text())
            and abs(t.get_position()[0] - x) < 1e-9
            and abs(t.get_position()[1] - (y - 0.5)) < 0.3
        ]
        line_bottom = ax.transData.transform((x, min(ys)))[1] - 2.5 * figure.dpi / 72
        assert label.get_window_extent().y1 <= line_bottom, (step, label.get_text())
