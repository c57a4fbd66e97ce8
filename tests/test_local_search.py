"""Hill climbing and simulated annealing on n-queens: the rules of each step, and real answers."""

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import search_viz as sv
from search_viz.algorithms.local_search import pseudocode_for, temperature
from search_viz.problems.nqueens import count_conflicts
from tests.test_nqueens import brute_force_conflicts


def steps_of(events):
    """Pairs (proposal, decision) in order."""
    proposals = [e for e in events if e.kind in ("propose", "accept", "reject")]
    return list(zip(proposals[::2], proposals[1::2], strict=True))


def replay_current(start, events):
    """The current board after each event, from the accepts and restarts alone."""
    current = start
    boards = []
    for e in events:
        if e.kind in ("accept", "restart"):
            current = e.node
        boards.append(current)
    return boards


# ------------------------------------------------------------------ annealing
@given(st.integers(4, 12), st.integers(0, 10_000), st.integers(0, 10_000))
def test_every_decision_on_a_worse_move_carries_e_to_the_minus_delta_over_t(n, board, seed):
    q = sv.NQueens(n, seed=board)
    tr = sv.Trace.record(sv.simulated_annealing(q, t0=5, cooling=0.97, max_steps=300, seed=seed))
    for proposal, decision in steps_of(tr.events):
        assert proposal.kind == "propose"
        assert decision.node == proposal.node
        assert decision.delta == proposal.delta
        assert decision.temperature == proposal.temperature
        if decision.delta > 0:
            assert decision.probability == pytest.approx(
                math.exp(-decision.delta / decision.temperature)
            )
            # accepted exactly when the random draw fell below that chance
            assert (decision.kind == "accept") == (decision.data < decision.probability)
        else:
            assert decision.kind == "accept"
            assert decision.probability == 1.0


@given(st.integers(4, 12), st.integers(0, 10_000))
def test_delta_is_how_much_worse_the_neighbour_is(n, seed):
    q = sv.NQueens(n, seed=seed)
    tr = sv.Trace.record(sv.simulated_annealing(q, max_steps=200, seed=seed))
    current = replay_current(q.state, tr.events)
    for k, e in enumerate(tr.events):
        if e.kind == "propose":
            before = current[k - 1] if k else q.state
            assert e.value == brute_force_conflicts(e.node)
            assert e.delta == e.value - brute_force_conflicts(before)
            column, start, row = e.data
            assert before[column] == start != row == e.node[column]


@pytest.mark.parametrize("schedule", ["exponential", "linear"])
def test_the_temperature_follows_the_schedule(schedule):
    q = sv.NQueens(8, seed=5)
    t0, cooling, max_steps = 1000, 0.99, 400
    tr = sv.Trace.record(
        sv.simulated_annealing(
            q,
            t0=t0,
            cooling=cooling,
            schedule=schedule,
            max_steps=max_steps,
            seed=2,
            stop_when_solved=False,
        )
    )
    proposals = [e for e in tr.events if e.kind == "propose"]
    assert len(proposals) == max_steps
    for step, e in enumerate(proposals):
        if schedule == "exponential":
            expected = t0 * cooling**step  # the notes: start at 1000, times 0.99 each step
        else:
            expected = t0 * (1 - step / max_steps)
        assert e.temperature == pytest.approx(expected, rel=1e-12)
    assert proposals[0].temperature == 1000
    if schedule == "exponential":
        assert proposals[1].temperature == pytest.approx(990)
        assert proposals[2].temperature == pytest.approx(980.1)


def test_the_temperature_function_is_the_notes_schedule():
    assert temperature(1000, 0.99, "exponential", 0, 10) == 1000
    assert temperature(1000, 0.99, "exponential", 100, 10**4) == pytest.approx(1000 * 0.99**100)
    assert temperature(1000, 0.5, "linear", 5, 10) == 500


@given(st.integers(4, 10), st.integers(0, 1000))
def test_the_notes_scheme_takes_the_columns_in_turn_with_a_new_row(n, seed):
    q = sv.NQueens(n, seed=seed)
    tr = sv.Trace.record(sv.simulated_annealing(q, max_steps=3 * n, seed=seed))
    proposals = [e for e in tr.events if e.kind == "propose"]
    for step, e in enumerate(proposals):
        column, start, row = e.data
        assert column == step % n
        assert row != start


def test_the_classic_scheme_picks_columns_at_random():
    q = sv.NQueens(8, seed=1)
    tr = sv.Trace.record(
        sv.simulated_annealing(q, neighbour="random", max_steps=200, stop_when_solved=False)
    )
    columns = [e.data.column for e in tr.events if e.kind == "propose"]
    assert columns != [k % 8 for k in range(200)]
    assert set(columns) == set(range(8))


@pytest.mark.parametrize("algorithm", ["simulated_annealing", "hill_climbing", "genetic"])
def test_a_fixed_seed_reproduces_the_run_and_another_seed_changes_it(algorithm):
    q = sv.NQueens(8, seed=11)
    make = getattr(sv, algorithm)
    options = {"restarts": 5, "variant": "first-choice"} if algorithm == "hill_climbing" else {}
    if algorithm == "genetic":
        options = {"generations": 20}
    first = sv.Trace.record(make(q, seed=4, **options))
    again = sv.Trace.record(make(q, seed=4, **options))
    other = sv.Trace.record(make(q, seed=5, **options))
    assert first.events == again.events
    assert first.result == again.result
    assert first.events != other.events


def test_annealing_returns_the_board_it_ends_on_and_stops_when_solved():
    q = sv.NQueens(8, seed=3)
    tr = sv.Trace.record(sv.simulated_annealing(q, seed=1))
    r = tr.result
    assert r.state == replay_current(q.state, tr.events)[-1]
    assert r.value == count_conflicts(r.state) == 0
    assert r.stats["stopped"] == "solved"
    assert tr.events[-1].kind == "done"
    assert r.stats["steps"] == sum(e.kind == "propose" for e in tr.events)
    assert r.stats["accepted"] == sum(e.kind == "accept" for e in tr.events)


def test_annealing_keeps_going_past_a_solution_when_asked_and_never_beyond_max_steps():
    q = sv.NQueens(8, seed=3)
    r = sv.run(sv.simulated_annealing(q, seed=1, max_steps=3000, stop_when_solved=False))
    assert r.stats["steps"] == 3000
    assert r.stats["stopped"] == "max steps"


def test_annealing_at_a_frozen_temperature_never_takes_a_worse_board():
    q = sv.NQueens(8, seed=3)
    tr = sv.Trace.record(sv.simulated_annealing(q, t0=1e-300, cooling=0.01, max_steps=300))
    worse = [e for e in tr.events if e.kind in ("accept", "reject") and e.delta > 0]
    assert worse
    assert all(e.kind == "reject" and e.probability == 0.0 for e in worse)


def test_annealing_solves_most_8_queens_boards_with_the_notes_scheme():
    solved = sum(
        sv.run(sv.simulated_annealing(sv.NQueens(8, seed=i), seed=i)).value == 0 for i in range(30)
    )
    assert solved >= 24  # 94 of 100 measured; a wide band


# --------------------------------------------------------------- hill climbing
@pytest.mark.parametrize("variant", ["steepest", "first-choice"])
@given(seed=st.integers(0, 10_000), sideways=st.integers(0, 5), restarts=st.integers(0, 3))
def test_hill_climbing_never_accepts_a_worse_move(variant, seed, sideways, restarts):
    q = sv.NQueens(8, seed=seed)
    tr = sv.Trace.record(
        sv.hill_climbing(q, variant=variant, sideways=sideways, restarts=restarts, seed=seed)
    )
    in_a_row = 0  # sideways moves in a row
    current = q.state
    for e in tr.events:
        assert e.temperature is None
        if e.kind == "restart":
            in_a_row = 0
            current = e.node
        elif e.kind == "accept":
            assert e.delta <= 0
            assert e.probability == 1.0
            assert count_conflicts(e.node) <= count_conflicts(current)
            in_a_row = in_a_row + 1 if e.delta == 0 else 0
            assert in_a_row <= sideways
            current = e.node
        elif e.kind == "reject":
            assert e.probability == 0.0
            assert e.delta > 0 or in_a_row == sideways


@given(st.integers(4, 9), st.integers(0, 10_000))
def test_steepest_ascent_proposes_a_best_neighbour(n, seed):
    q = sv.NQueens(n, seed=seed)
    tr = sv.Trace.record(sv.hill_climbing(q, sideways=3, seed=seed))
    current = replay_current(q.state, tr.events)
    for k, e in enumerate(tr.events):
        if e.kind == "propose":
            before = current[k - 1] if k else q.state
            best = min(brute_force_conflicts(s) for _, _, s in q.neighbours(before))
            assert e.value == best
            assert e.node in {s for _, _, s in q.neighbours(before)}


def test_steepest_ascent_stops_at_a_local_minimum_where_every_move_is_worse():
    q = sv.NQueens(8, seed=1)
    tr = sv.Trace.record(sv.hill_climbing(q))
    assert tr.result.stats["stopped"] == "stuck"
    last = tr.result.state
    assert tr.result.value == 1
    best_neighbour = min(brute_force_conflicts(s) for _, _, s in q.neighbours(last))
    assert best_neighbour >= 1  # no neighbour is better
    reject, done = tr.events[-2:]
    assert (reject.kind, done.kind) == ("reject", "done")
    assert reject.delta == best_neighbour - 1


def test_first_choice_tries_every_move_before_it_gives_up():
    runs = (
        sv.Trace.record(sv.hill_climbing(sv.NQueens(8, seed=i), variant="first-choice", seed=i))
        for i in range(20)
    )
    tr = next(tr for tr in runs if tr.result.stats["stopped"] == "stuck")
    last_accept = max(k for k, e in enumerate(tr.events) if e.kind == "accept")
    tried = [e.node for e in tr.events[last_accept + 1 :] if e.kind == "propose"]
    assert len(tried) == len(set(tried)) == 8 * 7
    assert all(e.kind == "reject" for e in tr.events[last_accept + 1 : -1] if e.kind != "propose")


def test_restarts_start_again_from_random_boards_and_return_the_best_board_reached():
    q = sv.NQueens(8, seed=1)
    tr = sv.Trace.record(sv.hill_climbing(q, restarts=50, seed=3))
    restarts = [e for e in tr.events if e.kind == "restart"]
    assert restarts
    assert [e.data for e in restarts] == list(range(1, len(restarts) + 1))
    for e in restarts:
        assert e.value == count_conflicts(e.node)
    assert tr.result.value == 0
    assert tr.result.stats["restarts"] == len(restarts) <= 50


def test_hill_climbing_counts_its_proposals_and_stops_at_max_steps():
    q = sv.NQueens(20, seed=2)
    r = sv.run(sv.hill_climbing(q, variant="first-choice", restarts=100, max_steps=500))
    assert r.stats["steps"] == 500
    assert r.stats["stopped"] == "max steps"
    assert r.value == count_conflicts(r.state)


@pytest.mark.parametrize(
    ("options", "band"),
    [({}, (0.07, 0.23)), ({"sideways": 100}, (0.85, 0.99))],
    ids=["steepest ascent: about 14%", "with 100 sideways moves: about 94%"],
)
def test_the_classic_success_rates_on_200_random_8_queens_boards(options, band):
    solved = sum(
        sv.run(sv.hill_climbing(sv.NQueens(8, seed=i), seed=i, **options)).value == 0
        for i in range(200)
    )
    low, high = band
    assert low <= solved / 200 <= high


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize(
    ("call", "says"),
    [
        (
            lambda q: sv.simulated_annealing(q, cooling=1),
            "cooling must be a number strictly between 0 and 1",
        ),
        (lambda q: sv.simulated_annealing(q, cooling=0), "strictly between 0 and 1"),
        (lambda q: sv.simulated_annealing(q, cooling=1.5), "not 1.5"),
        (lambda q: sv.simulated_annealing(q, cooling=-0.1), "not -0.1"),
        (
            lambda q: sv.simulated_annealing(q, t0=0),
            "t0 (the starting temperature) must be a number above 0",
        ),
        (lambda q: sv.simulated_annealing(q, t0=-5), "not -5"),
        (lambda q: sv.simulated_annealing(q, t0=math.inf), "above 0"),
        (lambda q: sv.simulated_annealing(q, schedule="cubic"), "'exponential', 'linear'"),
        (lambda q: sv.simulated_annealing(q, neighbour="any"), "'column-in-turn', 'random'"),
        (
            lambda q: sv.simulated_annealing(q, max_steps=0),
            "max_steps must be a whole number of at least 1",
        ),
        (lambda q: sv.hill_climbing(q, variant="best"), "'steepest', 'first-choice'"),
        (
            lambda q: sv.hill_climbing(q, sideways=-1),
            "sideways must be a whole number of at least 0",
        ),
        (lambda q: sv.hill_climbing(q, restarts=1.5), "restarts must be a whole number"),
        (lambda q: sv.genetic(q, population=1), "population must be a whole number of at least 2"),
        (
            lambda q: sv.genetic(q, population=4, elitism=4),
            "elitism must be smaller than the population (4)",
        ),
        (lambda q: sv.genetic(q, mutation=1.5), "mutation must be a probability from 0 to 1"),
        (lambda q: sv.genetic(q, crossover="two-point"), "'one-point', 'uniform'"),
        (
            lambda q: sv.genetic(q, generations=-1),
            "generations must be a whole number of at least 0",
        ),
    ],
)
def test_bad_parameters_are_refused_with_a_message(call, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        sv.run(call(sv.NQueens(8)))


def test_a_problem_that_is_not_n_queens_is_refused():
    with pytest.raises(ValueError, match="NQueens"):
        sv.run(sv.simulated_annealing((0, 1, 2, 3)))


def test_each_algorithm_s_lines_point_into_its_pseudocode():
    for algorithm, variant, options in [
        ("hill_climbing", "steepest", {}),
        ("hill_climbing", "first-choice", {}),
        ("simulated_annealing", "steepest", {}),
    ]:
        code = pseudocode_for(algorithm, variant).splitlines()
        make = getattr(sv, algorithm)
        kwargs = {"variant": variant, "restarts": 2} if algorithm == "hill_climbing" else {}
        tr = sv.Trace.record(make(sv.NQueens(8, seed=1), **kwargs, **options))
        for e in tr.events:
            assert 1 <= e.line <= len(code)
        lines = {e.kind: code[e.line - 1] for e in tr.events}
        assert "next ←" in lines["propose"]
        assert "current ← next" in lines["accept"]
