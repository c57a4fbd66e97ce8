"""Practice on the local-search films: every question is well formed, most steps ask one, and
every answer is what the algorithm did at that step (read against the trace), answerable from
what the step before shows."""

from __future__ import annotations

import math
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.lessons.local_search.board import square_name
from search_viz.lessons.local_search.drawing import run_film
from search_viz.lessons.local_search.questions import (
    ACCEPT,
    GIVE_UP,
    OUT_OF_STEPS,
    REJECT,
    RESTART,
    SOLVED,
    STUCK,
    TAKE,
    TURN_DOWN,
    board_label,
)
from search_viz.lessons.local_search.runs import Run
from search_viz.lessons.local_search.sentences import draw_text, temperature_text
from search_viz.problems.nqueens import EXAMPLES
from tests.app.test_local_search import ANNEALING, CLIMBING, GENETIC
from tests.practice_checks import asked_share, check_questions

Q = sv.NQueens(8, seed=0)  # the page's default board

#: The page's default films: each algorithm with the sidebar's defaults (hill climbing writes
#: the numbers in the squares, the genetic algorithm steps each child).
DEFAULTS = {"hill_climbing": CLIMBING, "simulated_annealing": ANNEALING, "genetic": GENETIC}


@cache
def default(algorithm: str):
    run = Run.record(Q, algorithm, DEFAULTS[algorithm])
    return run, run_film(run, numbers=True)


def filmed(problem, algorithm: str, options: dict, numbers: bool = True):
    run = Run.record(problem, algorithm, options)
    return run, run_film(run, numbers=numbers)


def answer_label(question) -> str:
    return str(question.answer) if question.kind == "value" else question.label(question.answer)


def holds(prompt: str, label: str) -> bool:
    """Whether ``prompt`` holds ``label`` whole: a board "... 1 0 1" is not in "... 1 0 10".

    >>> holds("parents 1 0 10 and 2 2", "1 0 1"), holds("parents 1 0 1 and 2 2", "1 0 1")
    (False, True)
    """
    return re.search(rf"(?<!\w){re.escape(label)}(?!\w)", prompt) is not None


def check_answers(run, film) -> None:
    """Every question's answer against the events; the prompt never holds the answer."""
    check_questions(film)
    events = run.trace.events
    for k in film.asked_steps:
        q, e = film.question(k), events[k]
        if q.kind != "value":
            assert not holds(q.prompt, answer_label(q)), (k, q.prompt)
        if run.algorithm == "genetic":
            assert e.kind == "propose"
            assert q.answer == board_label(e.data.crossed)
            parents = [run.evolution.generations[run.evolution.index_at(k)].population[i]
                       for i in e.data.parents]  # fmt: skip
            assert set(q.choices) >= {board_label(p) for p in parents}
            continue
        if e.kind in ("accept", "reject"):
            if run.algorithm == "hill_climbing":
                assert q.answer == (TAKE if e.kind == "accept" else TURN_DOWN)
            elif q.kind == "value":
                assert q.answer == e.probability
            else:
                assert q.answer == (ACCEPT if e.kind == "accept" else REJECT)
        elif e.kind == "restart" or (e.kind == "done" and e.data == "stuck"):
            assert q.answer == (RESTART if e.kind == "restart" else GIVE_UP)
        elif e.kind == "done":
            assert q.answer == {"solved": SOLVED, "max steps": OUT_OF_STEPS}[e.data]
        elif run.algorithm == "simulated_annealing":
            assert q.answer == e.data.column
        elif q.kind == "value":
            assert q.answer == e.value  # the best move's pairs (tied, or on a large board)
        elif events[k + 1].kind == "reject":
            assert q.answer == STUCK
        else:
            assert q.answer == (e.data.column, e.data.row)


# ------------------------------------------------------------------ default films
@pytest.mark.parametrize("algorithm", list(DEFAULTS))
def test_each_default_film_asks_at_most_steps_and_every_answer_is_the_trace_s(algorithm):
    run, film = default(algorithm)
    check_answers(run, film)
    assert asked_share(film) >= 0.5
    assert {film.question(k).kind for k in film.asked_steps} >= (
        {"choice"} if algorithm == "genetic" else {"choice", "pick", "value"}
    )


def test_the_default_films_ask_this_much():
    shares = {a: (len(default(a)[1]), len(default(a)[1].asked_steps)) for a in DEFAULTS}
    assert shares == {
        "hill_climbing": (11, 10),
        "simulated_annealing": (1827, 1826),
        "genetic": (982, 837),
    }


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "first-choice", "seed": 1},
        {"variant": "steepest", "sideways": 20, "restarts": 3, "seed": 2},
        {"variant": "first-choice", "sideways": 5, "restarts": 2, "seed": 3},
    ],
)
def test_hill_climbing_s_other_settings_ask_half_their_steps(options):
    run, film = filmed(Q, "hill_climbing", options)
    check_answers(run, film)
    assert asked_share(film) >= 0.5


# ------------------------------------------------------------------ random problems
@settings(max_examples=15, deadline=None)
@given(
    n=st.integers(4, 8),
    board=st.integers(0, 10_000),
    seed=st.integers(0, 10_000),
    variant=st.sampled_from(["steepest", "first-choice"]),
    sideways=st.sampled_from([0, 3]),
    restarts=st.sampled_from([0, 2]),
)
def test_hill_climbing_s_answers_are_its_moves(n, board, seed, variant, sideways, restarts):
    options = {"variant": variant, "sideways": sideways, "restarts": restarts, "seed": seed}
    run, film = filmed(sv.NQueens(n, seed=board), "hill_climbing", options, numbers=n % 2 == 0)
    check_answers(run, film)


@pytest.mark.parametrize(
    ("algorithm", "options"),
    [
        ("hill_climbing", {"restarts": 3}),
        ("hill_climbing", {"variant": "first-choice", "max_steps": 300}),
        ("simulated_annealing", {"max_steps": 300}),
        ("genetic", {"generations": 2, "population": 6, "crossover": "uniform"}),
    ],
)
def test_boards_too_large_to_click_a_square_ask_values_and_queens(algorithm, options):
    run, film = filmed(sv.NQueens(20, seed=3), algorithm, options)
    check_answers(run, film)
    assert asked_share(film) >= 0.5
    kinds = {film.question(k).kind for k in film.asked_steps}
    if algorithm == "hill_climbing" and "variant" not in options:
        assert "pick" not in kinds
        assert "value" in kinds


@settings(max_examples=10, deadline=None)
@given(
    n=st.integers(4, 8),
    board=st.integers(0, 10_000),
    seed=st.integers(0, 10_000),
    t0=st.sampled_from([1.0, 5.0, 1000.0]),
    neighbour=st.sampled_from(["column-in-turn", "random"]),
)
def test_annealing_s_answers_are_its_columns_and_decisions(n, board, seed, t0, neighbour):
    options = {"t0": t0, "cooling": 0.95, "max_steps": 150, "seed": seed, "neighbour": neighbour}
    run, film = filmed(sv.NQueens(n, seed=board), "simulated_annealing", options)
    check_answers(run, film)
    assert asked_share(film) >= 0.5


@settings(max_examples=8, deadline=None)
@given(
    n=st.integers(4, 12),
    board=st.integers(0, 10_000),
    seed=st.integers(0, 10_000),
    crossover=st.sampled_from(["one-point", "uniform"]),
)
def test_the_genetic_algorithm_s_answers_are_its_crossovers(n, board, seed, crossover):
    options = {"population": 8, "generations": 4, "seed": seed, "crossover": crossover}
    run, film = filmed(sv.NQueens(n, seed=board), "genetic", options)
    check_answers(run, film)
    for k in film.asked_steps:
        q = film.question(k)
        assert 2 <= len(q.choices) <= 4
        assert f"#{run.trace.events[k].data.parents[0]}:" in q.prompt


# ------------------------------------------------------------------ what the student sees
def test_annealing_s_decisions_can_be_worked_out_from_what_the_proposal_shows():
    """From T and r as written at step k - 1 the student reaches the algorithm's verdict, and
    p to 2 decimals is within the player's tolerance of the event's."""
    run, film = default("simulated_annealing")
    events = run.trace.events
    values = choices = 0
    for k in film.asked_steps:
        e, q = events[k], film.question(k)
        if e.kind not in ("accept", "reject") or e.delta <= 0:
            continue
        shown = film.state(k - 1).sentence
        t, r = temperature_text(e.temperature), draw_text(e.data)
        assert f"T = {t}." in shown
        assert f"random draw is r = {r}." in shown
        p = math.exp(-e.delta / float(t))
        if q.kind == "value":
            values += 1
            assert q.right(round(p, 2))
            assert q.right(p)
        else:
            choices += 1
            assert (float(r) < p) == (q.answer == ACCEPT)
    assert values > 50
    assert choices > 100


def test_steepest_ascent_s_move_is_the_one_lowest_number_written_the_step_before():
    run, film = default("hill_climbing")
    events = run.trace.events
    picks = [k for k in film.asked_steps if film.question(k).kind == "pick"]
    assert picks
    for k in picks:
        q = film.question(k)
        numbers = [
            int(m[3]) for m in film.state(k - 1).marks if m[0] == "text" and m[4] == "number"
        ]
        assert len(numbers) == 8 * 7
        if q.answer == STUCK:
            assert min(numbers) >= events[k].value - events[k].delta  # no better move
        else:
            assert numbers.count(min(numbers)) == 1
            assert min(numbers) == events[k].value
            assert film.shows(k - 1, square_name(*q.answer))


def test_a_tie_for_the_best_move_asks_how_many_pairs_it_leaves():
    run, film = default("hill_climbing")
    values = [k for k in film.asked_steps if film.question(k).kind == "value"]
    assert values
    for k in values:
        assert film.question(k).answer == run.trace.events[k].value
        assert "tie" in film.question(k).why


# ------------------------------------------------------------------ the notes' examples
def test_the_notes_annealing_takes_the_columns_in_turn_and_accepts_by_e_to_the_minus_delta_over_t():
    """LECTURE_NOTES section 4: T0 = 1000, × 0.99 a step, the next column in turn, a worse
    neighbour accepted with probability e^(−Δ/T)."""
    run, film = default("simulated_annealing")
    events = run.trace.events
    proposals = [k for k, e in enumerate(events) if e.kind == "propose"]
    for i, k in enumerate(proposals):
        if k:
            assert film.question(k).answer == i % 8
        decision, q = events[k + 1], film.question(k + 1)
        p = math.exp(-decision.delta / (1000 * 0.99**i)) if decision.delta > 0 else 1.0
        if q.kind == "value":
            assert q.answer == pytest.approx(p)
        else:
            assert (q.answer == ACCEPT) == (decision.delta <= 0 or decision.data < p)
    assert film.question(2).why.endswith("column 1 mod 8 = 1.")
    assert film.question(len(film) - 1).answer == SOLVED


def test_aima_s_local_minimum_turns_the_move_down_and_stops():
    _run, film = filmed(sv.NQueens(8, state=EXAMPLES["local-minimum"]), "hill_climbing", {})
    assert [film.question(k).answer for k in (1, 2)] == [TURN_DOWN, GIVE_UP]
    assert "never makes a worse move" in film.question(1).why


def test_the_default_climb_ends_stuck_on_a_plateau():
    _run, film = default("hill_climbing")
    assert film.question(8).answer == STUCK
    assert "plateau" in film.question(8).why
    assert film.question(9).answer == TURN_DOWN
    assert film.question(10).answer == GIVE_UP


def test_restarts_are_asked_with_what_is_left():
    run, film = filmed(Q, "hill_climbing", {"restarts": 3, "seed": 1})
    asked = [k for k, e in enumerate(run.trace.events) if e.kind == "restart"]
    assert asked
    for i, k in enumerate(asked):
        q = film.question(k)
        assert q.answer == RESTART
        assert f"Restarts allowed: 3; made so far: {i}." in q.prompt
