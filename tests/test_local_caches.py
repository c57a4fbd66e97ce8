"""The local-search films' shortcuts give what the plain computations give: the attacking pairs
kept line by line as queens move, their marks, the titles, the descriptions, the curves' shifts."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import search_viz as sv
from search_viz.film import Mark
from search_viz.film.sketch import Sketch
from search_viz.lessons.local_search.board import (
    BEND,
    LINE_GAP,
    Board,
    FixedMark,
    Moves,
    QueenLines,
    attacks,
    board_title,
)
from search_viz.lessons.local_search.curves import Curves, thinned
from search_viz.lessons.local_search.descriptions import (
    WalkDescriptions,
    genetic_description,
    queens_words,
)
from search_viz.lessons.local_search.drawing import draw_scene, run_film
from search_viz.lessons.local_search.population import Parents
from search_viz.lessons.local_search.questions import WalkQuestions
from search_viz.lessons.local_search.runs import Run, counters
from search_viz.lessons.local_search.sentences import temperature_text


@st.composite
def walks(draw, most_moved: int = 6):
    """A board and the boards a walk visits from it: mostly one queen moved at a time, now and
    then several (a restart, a child), now and then none (a move turned down)."""
    n = draw(st.integers(4, 20))
    rows = st.integers(0, n - 1)
    start = tuple(draw(st.lists(rows, min_size=n, max_size=n)))
    board, boards = list(start), []
    for _ in range(draw(st.integers(1, 25))):
        for _ in range(draw(st.integers(0, most_moved))):
            board[draw(st.integers(0, n - 1))] = draw(rows)
        boards.append(tuple(board))
    return n, start, boards


def new_board(start) -> Board:
    sketch = Sketch(3, 3)
    return Board(sketch, sketch.axes((0.1, 0.1, 0.8, 0.8), xlim=(0, 1), ylim=(0, 1)), start)


def plain_pair_marks(board: Board, a: int, row_a: int, b: int, row_b: int, bent: bool) -> list:
    """The line (two when bent) between two queens, worked out with numpy arrays as the lesson
    first did: the lesson's plain-float arithmetic must give the very same numbers."""
    start = np.array([a, row_a], dtype=float)
    end = np.array([b, row_b], dtype=float)
    along = (end - start) / np.hypot(*(end - start))
    start, end = start + LINE_GAP * along, end - LINE_GAP * along
    style = board.line_style
    if not bent:
        return [FixedMark.line(board.point(*start), board.point(*end), style)]
    middle = (start + end) / 2 + BEND * np.array([-along[1], along[0]])
    first, bend, last = board.point(*start), board.point(*middle), board.point(*end)
    return [FixedMark.line(first, bend, style), FixedMark.line(bend, last, style)]


def plain_attack_marks(board: Board, state) -> list:
    return [
        mark.data()
        for a, b, bent in attacks(state)
        for mark in plain_pair_marks(board, a, state[a], b, state[b], bent)
    ]


@given(walks())
def test_the_lines_kept_as_queens_move_give_the_attacking_pairs_of_every_board(walk):
    _, start, boards = walk
    lines = QueenLines(start)
    for board in boards:
        lines.update(board)
        assert lines.state == board
        assert lines.attacks() == attacks(board)


@given(walks())
def test_the_lines_report_every_line_whose_queens_changed(walk):
    _, start, boards = walk
    lines = QueenLines(start)
    for board in boards:
        before = {line: list(pairs) for line, pairs in lines.pairs.items()}
        changed = lines.update(board)
        if changed is None:  # grouped again from scratch
            continue
        for line in set(before) | set(lines.pairs):
            if line not in changed:
                assert lines.pairs.get(line) == before.get(line)


@settings(max_examples=40, deadline=None)
@given(walks(), st.sampled_from(["", "Child: ", "Result: "]))
def test_a_boards_marks_and_title_are_the_plain_ones_along_a_walk(walk, prefix):
    _, start, boards = walk
    board = new_board(start)
    for state in boards:
        assert board.attacks(state) == attacks(state)
        assert [m.data() for m in board.attack_marks(state)] == plain_attack_marks(board, state)
        assert board.title_mark(state, prefix).text == board_title(state, prefix)
        assert board.attacks(state) == attacks(state)  # asked again: the same board's pairs


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 50).flatmap(lambda n: st.tuples(st.just(n), st.data())))
def test_every_line_between_two_queens_has_the_numbers_numpy_gives(case):
    n, data = case
    board = new_board(tuple(range(n)))
    a, b = sorted(data.draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True)))
    row_a = data.draw(st.integers(0, n - 1))
    rows_b = [r for r in (row_a, row_a + b - a, row_a - b + a) if 0 <= r < n]
    row_b = data.draw(st.sampled_from(rows_b))
    for bent in (False, True):
        drawn = board._draw_pair(a, row_a, b, row_b, bent)
        plain = plain_pair_marks(board, a, row_a, b, row_b, bent)
        assert [m.data() for m in drawn] == [m.data() for m in plain]
        assert [tuple(map(float, m.points)) for m in drawn] == [
            tuple(map(float, m.points)) for m in plain
        ]


def test_a_fixed_mark_keeps_the_data_a_plain_mark_gives():
    mark = FixedMark.line((1.234, 5.0), (7.005, 8.0), "line")
    assert mark.data() == Mark.line((1.234, 5.0), (7.005, 8.0), "line").data()
    assert mark.data() is mark.data()


@settings(max_examples=15, deadline=None)
@given(st.integers(4, 12), st.integers(0, 50), st.sampled_from(["annealing", "climbing"]))
def test_the_descriptions_of_a_walk_are_the_ones_each_step_would_have_alone(n, seed, kind):
    if kind == "annealing":
        run = Run.record(sv.NQueens(n, seed=seed), "simulated_annealing", {"max_steps": 60})
    else:
        options = {"sideways": 3, "restarts": 2, "seed": seed}
        run = Run.record(sv.NQueens(n, seed=seed), "hill_climbing", options)
    story = run.story
    board = new_board(run.problem.state)
    walking = WalkDescriptions(run, board.attacks)
    for k in range(len(run.trace)):
        current = story.board(k)
        said = walking.at(k, current)
        assert said == WalkDescriptions(run).at(k, current)
        assert queens_words(tuple(current)) in said
        assert story.lowest[k] == int(story.objective[: k + 1].min())


@settings(max_examples=15, deadline=None)
@given(
    st.integers(4, 12),
    st.integers(0, 50),
    st.sampled_from(["exponential", "linear"]),
    st.sampled_from(["column-in-turn", "random"]),
)
def test_annealings_counters_write_each_steps_temperature(n, seed, schedule, neighbour):
    options = {"schedule": schedule, "neighbour": neighbour, "max_steps": 80, "seed": seed}
    run = Run.record(sv.NQueens(n, seed=seed), "simulated_annealing", options)
    temperature = float("nan")
    shown = counters(run)
    for k, e in enumerate(run.trace.events):
        if e.temperature is not None:
            temperature = e.temperature
        assert shown[k]["temperature T"] == temperature_text(temperature)
        assert shown[k]["conflicts now"] == int(run.story.objective[k])


@settings(max_examples=10, deadline=None)
@given(st.integers(4, 10), st.integers(0, 50), st.sampled_from(["one-point", "uniform"]))
def test_the_genetic_descriptions_with_the_boards_pairs_are_the_plain_ones(n, seed, crossover):
    options = {"population": 8, "generations": 5, "crossover": crossover, "seed": seed}
    run = Run.record(sv.NQueens(n, seed=seed), "genetic", options)
    evolution, board = run.evolution, new_board(run.problem.state)
    for k in range(len(run.trace)):
        generation = evolution.generations[evolution.index_at(k)]
        plain = genetic_description(run, k, generation)
        assert genetic_description(run, k, generation, board.attacks) == plain


def plain_thinned(x, y, bins):
    """The thinned curve as the lesson first worked it out, bin by bin."""
    if len(x) <= 4 * bins:
        return x, y
    edges = np.linspace(0, len(x), bins + 1).astype(int)
    keep: list[int] = []
    for lo, hi in pairwise(edges):
        if hi <= lo:
            continue
        part = y[lo:hi]
        picks = {lo, hi - 1}
        if np.isfinite(part).any():
            picks |= {lo + int(np.nanargmin(part)), lo + int(np.nanargmax(part))}
        keep.extend(sorted(picks))
    return x[keep], y[keep]


values = st.one_of(
    st.integers(-3, 3).map(float),
    st.sampled_from([math.nan, math.inf, -math.inf, -0.0]),
    st.floats(-1e6, 1e6),
)


@settings(max_examples=100, deadline=None)
@given(hnp.arrays(float, st.integers(0, 400), elements=values), st.integers(0, 60))
def test_a_thinned_curve_keeps_the_points_the_plain_bin_by_bin_walk_keeps(y, bins):
    x = np.arange(len(y), dtype=float)
    quick, plain = thinned(x, y, bins), plain_thinned(x, y, bins)
    for got, want in zip(quick, plain, strict=True):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


def test_the_curves_followers_shift_along_the_paths():
    run = Run.record(sv.NQueens(8, seed=0), "simulated_annealing", {"seed": 1})
    curves = draw_scene(run).curves
    followers = dict(curves._followers)
    assert followers["veil"] is followers["cursor"]
    for name, path in curves._paths.items():
        shifts = followers[name]
        assert len(shifts) == len(path)
        for k in range(0, len(path), 37):
            assert shifts[k] == [float(v) for v in path[k]]
            assert not math.isnan(shifts[k][0])


# ----------------------------------------------------- a whole film, made the plain way
def plain_clear(moves, builder):
    """Every mark of a move hidden, shown or not (what the film's builder makes nothing of)."""
    for name in ("tried square", "tried queen", "taken square", "was queen"):
        builder.hide(name)
    for name in ("turned down square", "turned down cross"):
        builder.hide(name)
    builder.choose("arrow", None)
    moves._shown, moves._arrow_shown = [], False


def plain_at(curves, builder, step, decision=None):
    """The cursor, the veil and the markers put at ``step``, each shift rounded there and then
    and given only when it changes."""
    last = curves.__dict__.setdefault("plain_last", {})

    def move(name, shift):
        if last.get(name) != shift:
            builder.move(name, *shift)
            last[name] = shift

    followers = [("veil", "cursor"), ("cursor", "cursor")]
    followers += [(f"now {name}", f"now {name}") for name, _, _ in curves._markers]
    for name, path in followers:
        x, y = curves._paths[path][step]
        move(name, (round(float(x), 2), round(float(y), 2)))
    if curves._ring_axes is None:
        return
    if decision is None:
        builder.hide("now decision")
        return
    builder.show("now decision")
    ux, uy = curves._ring_unit
    move("now decision", (round(float(ux * decision[0]), 2), round(float(uy * decision[1]), 2)))


def plain_place(board, builder, state):
    """The queens moved to ``state``, each shift worked out there and then."""
    for column, (now, then) in enumerate(zip(state, board._placed, strict=True)):
        if now != then:
            builder.move(f"{board.name} queen {column}", *board.shift(column, now))
    board._placed = tuple(state)


def plain_parent_label(parents, who, place):
    board = parents.boards[who]
    return Mark.label(board.title_point(), f"{who} = #{place}", f"parent {who}")


def plain_number(board, column, row, value, style):
    return Mark.label(board.point(column, row), str(value), style)


def plain_grid(asking, current):
    return asking.run.problem.neighbour_conflicts(current)


def plain_marks(board, state):
    return [
        mark
        for a, b, bent in attacks(state)
        for mark in plain_pair_marks(board, a, state[a], b, state[b], bent)
    ]


def plain_title(board, state, prefix=""):
    return Mark.label(board.title_point(), board_title(state, prefix), "title")


PLAIN_RUNS = [
    (10, "simulated_annealing", {"seed": 1, "max_steps": 400}),
    (6, "simulated_annealing", {"schedule": "linear", "neighbour": "random", "max_steps": 300}),
    (8, "hill_climbing", {"sideways": 5, "restarts": 4, "seed": 2}),
    (12, "hill_climbing", {"variant": "first-choice", "restarts": 2, "seed": 3}),
    (8, "genetic", {"population": 12, "generations": 6, "seed": 4}),
]


@pytest.mark.parametrize(("n", "algorithm", "options"), PLAIN_RUNS)
def test_a_film_is_the_one_made_the_plain_way(monkeypatch, n, algorithm, options):
    run = Run.record(sv.NQueens(n, seed=n), algorithm, options)
    quick = run_film(run, numbers=True)
    monkeypatch.setattr(Moves, "clear", plain_clear)
    monkeypatch.setattr(Curves, "at", plain_at)
    monkeypatch.setattr(Board, "attack_marks", plain_marks)
    monkeypatch.setattr(Board, "title_mark", plain_title)
    monkeypatch.setattr(Board, "place", plain_place)
    monkeypatch.setattr(Parents, "_label", plain_parent_label)
    monkeypatch.setattr(Board, "number_mark", plain_number)
    monkeypatch.setattr(WalkQuestions, "grid", plain_grid)
    plain = run_film(run, numbers=True)
    assert len(quick) == len(plain)
    assert quick.digest == plain.digest
