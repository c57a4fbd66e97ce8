"""The local-search films: the notes' examples at the right steps, the picture following the
run's own fold, every step changing the picture, and the films' size and speed."""

from __future__ import annotations

import gzip
import itertools
import json
import math
import re
from functools import cache, partial

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.film.export import gif, png
from search_viz.film.film import CHUNK_STEPS, LONG_FILM, MIDDLE_STEPS, VERY_LONG_FILM, read_chunk
from search_viz.film.looks import HIDDEN
from search_viz.film.pages import inline_data
from search_viz.film.sketch_text import text_extent
from search_viz.lessons import thumbnail_png
from search_viz.lessons.local_search.board import (
    DARK_SQUARE,
    LIGHT_SQUARE,
    attacking_pairs,
    attacks,
    blocked,
    board_title,
)
from search_viz.lessons.local_search.curves import svg_points
from search_viz.lessons.local_search.drawing import draw_scene, film_of, films, opens, run_film
from search_viz.lessons.local_search.runs import Run, counters
from search_viz.lessons.local_search.sentences import temperature_text
from search_viz.problems.nqueens import EXAMPLES, count_conflicts
from tests.opening_checks import middle_agrees, opening_agrees

Q = sv.NQueens(8, seed=0)  # the page's default board: 9 attacking pairs


@cache
def annealing():
    """The page's default: the notes' annealing (T0 = 1000, × 0.99 a step) on its default board."""
    run = Run.record(Q, "simulated_annealing", {"seed": 1})
    return run, run_film(run)


@cache
def aima_climb():
    """Steepest ascent on AIMA's figure 4.3(a), each move's conflicts written in the squares."""
    run = Run.record(sv.NQueens(8, state=EXAMPLES["aima-4.3a"]), "hill_climbing")
    return run, run_film(run, numbers=True)


@cache
def restarts():
    run = Run.record(Q, "hill_climbing", {"restarts": 3, "seed": 1})
    return run, run_film(run)


@cache
def evolving():
    run = Run.record(Q, "genetic", {"seed": 1})
    return run, run_film(run)


@cache
def scene_of(film):
    """One drawing of the film's scene as the lesson sketches it, to look its items and
    geometry up in."""
    return film.drawing()


def shown(film, state, name) -> bool:
    """Whether the item called ``name`` is drawn at this state."""
    number = scene_of(film).item(name)
    return state.looks.get(number, int(film.base[number])) != HIDDEN


def moved(film, state, name) -> tuple[float, float]:
    return state.moves.get(scene_of(film).item(name), (0.0, 0.0))


def texts(state, style: str | None = None) -> list[str]:
    return [m[3] for m in state.marks if m[0] == "text" and (style is None or m[4] == style)]


def lines(state, style: str = "board attack") -> list:
    return [m for m in state.marks if m[0] == "line" and m[5] == style]


def close(a, b, tolerance=0.02) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


# ------------------------------------------------------------ the notes' examples
def test_annealing_starts_at_1000_and_multiplies_the_temperature_by_0_99_each_step():
    run, film = annealing()
    scene = scene_of(film)
    temperature_axes = scene.curves.axes[1]
    start = svg_points(temperature_axes, [0], [3.0])[0]  # the panel's data: log10 T
    for k, expected in [(0, 1000.0), (2, 990.0), (4, 980.1), (6, 970.299)]:
        state = film.state(k)
        assert state.sentence.startswith(f"T = {temperature_text(expected)}. Try moving")
        assert state.counters["temperature T"] == temperature_text(expected)
        # the marker on the temperature curve stands at T for this step
        where = svg_points(temperature_axes, [k], [math.log10(expected)])[0]
        assert close(moved(film, state, "now temperature"), where - start)
    proposals = [k for k, e in enumerate(run.trace.events) if e.kind == "propose"]
    for i, k in enumerate(proposals[:50]):
        assert run.trace.events[k].temperature == pytest.approx(1000 * 0.99**i)


def test_the_objective_is_the_number_of_attacking_pairs_and_0_is_solved():
    run, film = annealing()
    first = film.state(0)
    assert texts(first, "title") == ["8 queens · 9 attacking pairs"]
    assert first.counters["conflicts now"] == 9 == count_conflicts(Q.state)
    last = film.state(len(film) - 1)
    assert run.trace.result.value == 0
    assert last.sentence == "Solved: no two queens attack each other."
    assert texts(last, "title") == ["Result: solved: no attacking pair"]
    assert lines(last) == []
    assert last.counters["conflicts now"] == 0
    assert [shown(film, last, f"board queen {c}") for c in range(8)] == [True] * 8


@pytest.mark.parametrize("kind", ["accept", "reject"])
def test_a_worse_move_is_taken_with_probability_e_to_the_minus_delta_over_t(kind):
    run, film = annealing()
    scene = scene_of(film)
    k = next(
        k for k, e in enumerate(run.trace.events) if e.kind == kind and e.delta > 0 and k > 100
    )
    e = run.trace.events[k]
    chance = math.exp(-e.delta / e.temperature)
    state = film.state(k)
    verb = "Accept" if kind == "accept" else "Reject"
    assert state.sentence.startswith(
        f"{verb} the worse board: its chance was e^(−{sv.format_value(e.delta)}/"
        f"{temperature_text(e.temperature)}) = {sv.format_value(chance)}"
    )
    # the chance is ringed on the bottom curve, at this step and at that height
    assert shown(film, state, "now decision")
    chances = scene.curves.axes[2]
    here, there = svg_points(chances, [0, k], [0, chance])
    assert close(moved(film, state, "now decision"), there - here)
    column, _, row = run.trace.events[k - 1].data
    board = scene.board
    marks = {"accept": "taken square", "reject": "turned down cross"}[kind]
    assert shown(film, state, marks)
    assert close(moved(film, state, marks), board.square_shift(column, row))


def test_steepest_ascent_on_aima_s_board_writes_every_move_s_conflicts_and_takes_a_12():
    run, film = aima_climb()
    state = film.state(0)
    assert texts(state, "title") == ["8 queens · 17 attacking pairs"]
    assert "17 → 12 attacking pairs" in state.sentence
    assert state.sentence.startswith("The best move is the queen of column")
    grid = run.problem.neighbour_conflicts(run.problem.state)
    written = texts(state, "number") + texts(state, "best number")
    assert len(written) == 8 * 7
    assert sorted(map(int, written)) == sorted(
        grid[c][r] for c in range(8) for r in range(8) if r != run.problem.state[c]
    )
    assert set(texts(state, "best number")) == {"12"}  # AIMA: the best moves give h = 12
    assert len(lines(state)) == 17 + sum(
        blocked(run.problem.state, a, b) for a, b in attacking_pairs(run.problem.state)
    )
    assert "Stuck" in film.state(len(film) - 1).sentence


def test_the_local_minimum_is_stuck_at_once_and_the_move_is_crossed_out():
    film = film_of(sv.hill_climbing, sv.NQueens(8, state=EXAMPLES["local-minimum"]))
    assert len(film) == 3  # propose, reject, done
    assert "A local minimum: hill climbing is stuck." in film.state(1).sentence
    assert shown(film, film.state(1), "turned down cross")
    assert not shown(film, film.state(1), "tried queen")
    assert texts(film.state(1), "title") == ["8 queens · 1 attacking pair"]


def test_the_last_step_shows_the_best_board_reached_and_its_conflicts():
    run, film = restarts()
    last = film.state(len(film) - 1)
    best = run.trace.result
    assert best.stats["restarts"] == 3
    assert last.counters["conflicts now"] == best.value == count_conflicts(best.state)
    assert texts(last, "title") == [board_title(best.state, "Result: ")]
    assert best.value < run.story.objective[len(film) - 2]  # better than the last board tried


def test_restarts_move_every_queen_to_the_new_board_and_say_so():
    run, film = restarts()
    board = scene_of(film).board
    k = next(k for k, e in enumerate(run.trace.events) if e.kind == "restart")
    state = film.state(k)
    new = run.trace.events[k].node
    assert texts(state, "title") == [board_title(new, "Restart 1: ")]
    for c, row in enumerate(new):
        assert close(moved(film, state, f"board queen {c}"), board.shift(c, row))
    assert state.counters["restarts"] == 1


def test_a_child_shows_its_parents_its_columns_origins_its_cut_and_its_mutation():
    run, film = evolving()
    scene = scene_of(film)
    events = run.trace.events
    k = next(k for k, e in enumerate(events) if e.kind == "propose" and e.data.mutated)
    e, state = events[k], film.state(k)
    origin = e.data
    generation = run.evolution.generations[run.evolution.index_at(k)]
    for c, first in enumerate(origin.from_first):
        assert shown(film, state, f"from x {c}") == first
        assert shown(film, state, f"from y {c}") == (not first)
        assert close(moved(film, state, f"board queen {c}"), scene.board.shift(c, e.node[c]))
    assert shown(film, state, "cut")
    assert shown(film, state, "mutation")
    assert close(moved(film, state, "mutation"), scene.board.square_shift(*origin.mutated))
    for who, place in zip("xy", origin.parents, strict=True):
        parent = scene.parents.boards[who]
        for c, row in enumerate(generation.population[place]):
            assert shown(film, state, f"parent {who} queen {c}")
            assert close(moved(film, state, f"parent {who} queen {c}"), parent.shift(c, row))
        assert shown(film, state, f"ring {who}")
    assert texts(state, "title") == [board_title(e.node, "Child: ")]
    assert texts(state, "parent x") == [f"x = #{origin.parents[0]}"]
    assert state.sentence.startswith("A child: columns 0–")
    fitness = f"(fitness {28 - e.value} of 28)"
    assert fitness in state.sentence
    # the next generation: its fittest board, no parents
    g = next(j for j in range(k, len(events)) if events[j].kind == "generation")
    later = film.state(g)
    assert not shown(film, later, "parent x queen 0")
    assert not shown(film, later, "ring x")
    assert texts(later, "title")[0].startswith(f"Generation {events[g].data.number}'s fittest: ")


def test_the_population_dots_stand_at_each_board_s_fitness():
    run, film = evolving()
    scene = scene_of(film)
    dots = scene.population
    g = run.evolution.steps[3]
    generation = run.evolution.generations[3]
    state = film.state(int(g))
    first = run.evolution.generations[0]
    ax = dots.ax
    for i in (0, 7, 49):
        here, there = svg_points(
            ax, [i, i], [28 - first.conflicts[i], 28 - generation.conflicts[i]]
        )
        assert close(moved(film, state, f"board {i}"), there - here)


def test_the_genetic_algorithm_can_step_one_generation_at_a_time():
    run, _ = evolving()
    film = run_film(run, each="generation")
    assert len(film) == run.trace.result.stats["generations"] + 2
    assert film.state(1).sentence.startswith("Generation 1 is complete")
    with pytest.raises(ValueError, match="each must be one of 'child', 'generation'"):
        run_film(run, each="parent")


# ------------------------------------------------- the picture is the run's fold
def expected_board(run, k):
    """The current board after event k, folded from the events (the done event: the result)."""
    current = run.problem.state
    for e in run.trace.events[: k + 1]:
        if e.kind in ("accept", "restart", "done"):
            current = e.node
    return current


@given(k=st.integers(0, 1826))
def test_at_any_step_the_queens_lines_title_and_counters_are_the_current_board_s(k):
    run, film = annealing()
    board = scene_of(film).board
    state = film.state(k)
    current = expected_board(run, k)
    for c, row in enumerate(current):
        assert close(moved(film, state, f"board queen {c}"), board.shift(c, row))
    pairs = attacking_pairs(current)
    assert len(lines(state)) == len(pairs) + sum(blocked(current, a, b) for a, b in pairs)
    prefix = "Result: " if run.trace.events[k].kind == "done" else ""
    assert texts(state, "title") == [board_title(current, prefix)]
    assert state.counters == counters(run)[k]
    assert state.counters["conflicts now"] == count_conflicts(current)
    assert state.line == run.trace.events[k].line
    kind = run.trace.events[k].kind
    assert shown(film, state, "tried queen") == (kind == "propose")
    assert shown(film, state, "taken square") == (kind == "accept")
    assert shown(film, state, "turned down cross") == (kind == "reject")
    cursor = svg_points(scene_of(film).curves.axes[-1], [0, k], [0, 0])
    assert close(moved(film, state, "cursor"), (cursor[1][0] - cursor[0][0], 0.0))


@pytest.mark.parametrize("make", [annealing, aima_climb, restarts, evolving])
def test_every_step_changes_the_picture(make):
    _, film = make()
    for k in range(1, len(film)):
        delta = film.deltas[k]
        assert delta.looks or delta.moves or delta.marks is not None, f"step {k} = step {k - 1}"


@pytest.mark.parametrize("make", [annealing, aima_climb, evolving])
def test_every_item_is_in_the_svg_once(make):
    _, film = make()
    ids = [int(i) for i in re.findall(r'id="sv(\d+)"', film.svg)]
    assert sorted(ids) == list(range(len(film.base)))
    touched = {n for d in film.deltas for n in d.looks[::2]}
    touched |= {n for d in film.deltas for n in d.moves[::3]}
    assert touched <= set(range(len(film.base)))


# ------------------------------------------------------------ export, sizes, speed
def test_a_moved_square_is_exported_where_the_browser_draws_it():
    run, film = annealing()
    scene = film.scene()
    k = next(k for k, e in enumerate(run.trace.events) if e.kind == "accept" and k > 10)
    column, _, row = run.trace.events[k - 1].data
    film.apply(scene, k)
    gid = f"sv{scene.item('taken square')}"
    board = scene.figure.axes[0]  # the board's axes: the scene's first
    taken = next(p for p in board.patches if p.get_gid() == gid)
    corners = taken.get_transform().transform(taken.get_path().vertices)
    want = board.transData.transform([(column - 0.5, row - 0.5), (column + 0.5, row + 0.5)])
    assert corners.min(axis=0) == pytest.approx(want[0], abs=0.5)
    assert corners.max(axis=0) == pytest.approx(want[1], abs=0.5)
    assert png(film, k)[:4] == b"\x89PNG"
    assert gif(film, k - 5, k + 5)[:6] == b"GIF89a"


def test_the_board_is_a_checkerboard_with_the_bottom_left_square_dark():
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.colors import to_rgb

    scene = annealing()[1].scene()
    scene.reset()  # the start's look: the marks of a move hidden
    board = scene.figure.axes[0]  # the board's axes: the scene's first
    canvas = FigureCanvasAgg(scene.figure)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())[..., :3] / 255
    height = pixels.shape[0]
    for c, r in [(0, 0), (1, 0), (0, 1), (5, 2), (7, 7), (6, 7)]:
        # a square's lower-left corner region: no queen, no line there
        x, y = board.transData.transform((c - 0.4, r - 0.4))
        colour = pixels[int(height - y), int(x)]
        want = DARK_SQUARE if (c + r) % 2 == 0 else LIGHT_SQUARE
        assert np.allclose(colour, to_rgb(want), atol=0.02), (c, r)


@pytest.mark.parametrize(
    ("algorithm", "options"),
    [
        (sv.simulated_annealing, {}),
        (sv.hill_climbing, {}),
        (sv.genetic, {}),
    ],
)
def test_each_default_example_stays_small(algorithm, options):  # build times: bench_film
    film = film_of(algorithm, Q, seed=1, **options)
    header, chunks = film.payload()
    assert len(header) + sum(len(c) for c in chunks) < 300_000
    assert max((len(c) for c in chunks), default=0) < 100_000
    assert gzip.decompress(header)


def test_a_chunk_writes_its_repeated_marks_and_question_parts_once_and_reads_back_whole():
    """What the browser reads (the JSON, put back as the player does) is each step's marks and
    each question, while a chunk writes each line and each pick's items once."""
    run = Run.record(Q, "simulated_annealing", {"seed": 3, "t0": 50})
    film = run_film(run)
    assert film.n_chunks > 1
    for c in range(film.n_chunks):
        chunk = film.chunk(c)
        read = read_chunk(json.loads(json.dumps(chunk)))
        first = read["first"]
        marks = read["key"]["m"]
        assert marks == film.state(first).marks
        written = len(marks)
        for offset, step in enumerate(read["steps"], start=1):
            marks = step.get("m", marks)
            written += len(step.get("m", []))
            assert marks == film.state(first + offset).marks, first + offset
        for k, data in read["q"]:
            question = film.question(k)
            assert data["p"] == question.prompt
            if question.kind != "value":
                assert data["c"] == [question.label(choice) for choice in question.choices]
        if len(read["steps"]) == CHUNK_STEPS - 1:  # a whole chunk: each line once, not per step
            assert len(chunk["shared"]) < written / 2


def test_sv_film_finds_this_lesson_and_the_home_page_card_comes_from_the_film():
    film = sv.film(sv.simulated_annealing, Q, seed=1)
    assert film.digest == annealing()[1].digest
    assert films(sv.genetic, Q)
    assert not films(sv.bfs, Q)
    with pytest.raises(TypeError, match="no lesson films"):
        sv.film(sv.bfs, Q)
    assert thumbnail_png("local_search")[:4] == b"\x89PNG"


def test_a_long_run_comes_in_chunks_of_500_steps_each_opening_with_its_state():
    run = Run.record(sv.NQueens(12, seed=2), "simulated_annealing", {"seed": 3, "t0": 50})
    film = run_film(run)
    assert len(film) > 2000
    _, chunks = film.payload()
    assert len(chunks) == film.n_chunks - 1 == (len(film) - 1) // 500
    assert max(len(c) for c in chunks) < 100_000
    shown_counters = counters(run)
    for k in (499, 500, 1500, len(film) - 1):
        assert film.state(k).counters == shown_counters[k]


def _opening_and_whole_agree(run) -> None:
    assert opens(run)
    opening_agrees(run_film(run, opening=True), run_film(run))
    assert len(run_film(run)) == len(run.trace)


@settings(max_examples=5, deadline=None)
@given(
    state=st.lists(st.integers(0, 7), min_size=8, max_size=8),
    seed=st.integers(0, 10**6),
    steps=st.integers(LONG_FILM // 2 + 1, 1_500),
)
def test_a_long_walks_opening_is_the_whole_films_header_and_first_chunk(state, seed, steps):
    """A hot annealing seldom solves 8 queens: a walk of more than ``LONG_FILM`` steps (two
    per proposal: the proposal and its decision), shown first by its opening. One that
    solves it by chance ends sooner (state 13000010, seed 3269, 501 steps: solved after
    432 moves) and is left out."""
    options = {"t0": 1e9, "cooling": 0.9999, "max_steps": steps, "seed": seed}
    run = Run.record(sv.NQueens(8, state=tuple(state)), "simulated_annealing", options)
    assume(run.trace.result.stats["stopped"] != "solved")
    _opening_and_whole_agree(run)


def test_the_notes_annealing_from_a_board_a_queen_away_opens_and_agrees_with_its_whole_film():
    """The page's annealing from the default board with column 0's queen in row 2: 3,715 steps."""
    board = sv.NQueens(8, state=(2, 6, 0, 4, 7, 6, 4, 7))
    run = Run.record(board, "simulated_annealing", {"seed": 1})
    assert len(run.trace) == 3_715
    _opening_and_whole_agree(run)


def test_a_very_long_walks_middle_is_the_whole_films_header_and_first_two_chunks():
    """A hot annealing of 2,600 proposals (5,201 steps): more than VERY_LONG_FILM, so the
    page sends its middle before its whole film."""
    options = {"t0": 1e9, "cooling": 0.9999, "max_steps": 2_600, "seed": 4}
    run = Run.record(sv.NQueens(8, seed=3), "simulated_annealing", options)
    assert len(run.trace) == 5_201 > VERY_LONG_FILM
    middle_agrees(run_film(run, first=MIDDLE_STEPS), run_film(run))
    with pytest.raises(ValueError, match="first 100 or 1000 steps"):
        run_film(run, first=MIDDLE_STEPS + 1)


def test_short_walks_and_genetic_runs_have_no_opening_and_an_opening_plays_nowhere_alone():
    assert len(annealing()[1]) == 1_827 > LONG_FILM
    assert opens(annealing()[0])  # the page's default annealing is shown by its opening
    short = Run.record(Q, "simulated_annealing", {"seed": 1, "max_steps": 400})
    assert 2 * 400 <= len(short.trace) <= LONG_FILM
    assert not opens(short)
    genetic = Run.record(Q, "genetic", {"generations": 60, "population": 40, "seed": 1})
    assert len(genetic.trace) > LONG_FILM
    assert not opens(genetic)
    with pytest.raises(ValueError, match="long run of hill climbing or annealing"):
        run_film(short, opening=True)
    run = Run.record(Q, "simulated_annealing", {"t0": 1e9, "cooling": 0.9999, "max_steps": 1_200})
    opening = run_film(run, opening=True)
    for play in (opening.to_html, partial(opening.header), partial(inline_data, [opening])):
        with pytest.raises(ValueError, match=r"an opening .* cannot"):
            play()


@given(
    st.integers(4, 16).flatmap(lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n))
)
def test_the_attacking_pairs_and_the_bent_lines_are_the_brute_force_ones(rows):
    n = len(rows)
    brute = [
        (a, b)
        for a in range(n)
        for b in range(a + 1, n)
        if rows[a] == rows[b] or abs(rows[a] - rows[b]) == b - a
    ]
    found = attacks(rows)
    assert [(a, b) for a, b, _ in found] == brute
    assert len(brute) == count_conflicts(rows)
    assert [bent for _, _, bent in found] == [blocked(rows, a, b) for a, b in brute]


@pytest.mark.parametrize("proposals", [400, 1_000, 2_600, 4_000, 5_200, 12_000, 20_000])
def test_the_step_axis_labels_stand_apart_however_long_the_walk(proposals):
    """Under the curves, the step axis's labels never run into each other: a 40,001-step
    walk's are written in thousands ("8k"); five digits each did not fit. The last, under
    the panels' right end when the walk ends on a round step (2,000, 40,000), stays inside
    the picture: its "k" (or its last digit) was cut off by the picture's edge."""
    options = {"t0": 1e9, "cooling": 0.9999, "max_steps": proposals, "seed": 1}
    run = Run.record(sv.NQueens(8, seed=0), "simulated_annealing", options)
    scene = draw_scene(run)
    bottom = scene.curves.axes[-1]
    under = bottom.bbox().y0  # the step axis's labels stand under the last panel
    boxes = sorted(
        (box.x0, box.x1, d.args[2])
        for d in scene._drawn
        if d.kind == "text" and d.owner is bottom and d.args[2] != "step"
        for box in [text_extent(scene, d)]
        if box.y1 <= under
    )
    assert len(boxes) >= 3
    for (_, right, left_label), (left, _, right_label) in itertools.pairwise(boxes):
        assert left - right >= 2, (left_label, right_label)
    _, last_right, last = boxes[-1]
    assert last_right <= scene.size_points[0] - 1, last
