"""Practice on the informed-search films: every question is well formed and its answer is what
greedy best-first or A* did at that step, read against the trace by code apart from the film's
(the slow frontier table, the events' own numbers), on the notes' example and on random ones.
"""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.film.film import read_chunk
from search_viz.lessons.informed.drawing import film_of
from search_viz.lessons.informed.frontier import TABLE_ROWS, frontier_rows
from search_viz.lessons.informed.questions import FOUND, GO_ON, PUT_ON, STOP
from search_viz.problems.eight_puzzle import (
    HARDEST_STARTS,
    NOTES_GOAL,
    NOTES_START,
    ORDERED_GOAL,
    compact,
    scramble,
)
from search_viz.problems.puzzle_heuristics import HEURISTICS
from tests.practice_checks import asked_share, check_questions

SEARCHES = {"A*": sv.astar, "greedy": sv.greedy}
#: The page's default films: each search and heuristic it offers, on the notes' instance.
DEFAULTS = [(name, h) for name in SEARCHES for h in HEURISTICS]


@functools.cache
def made(name: str, start, goal, heuristic: str, tie: str = "fifo", size: str = "wide", limit=None):
    """The trace and the film of one search (built once per test run)."""
    problem = sv.EightPuzzle(start, goal)
    search = SEARCHES[name]
    options = {} if limit is None else {"limit": limit}
    trace = sv.Trace.record(search(problem, heuristic=heuristic, tie=tie), **options)
    film = film_of(search, problem, heuristic=heuristic, tie=tie, size=size, **options)
    return trace, film


def numbers_of(row, name: str) -> str:
    """What a choice says of a frontier row's board (the table is hidden while it waits)."""
    return f"{row.g} + {row.h} = {row.f}" if name == "A*" else f"h = {row.h}"


def check_answers(trace: sv.Trace, film, name: str, heuristic: str, tie: str, goal) -> None:
    """Every question's answer is what the trace says the search did at that step."""
    events = trace.events
    assert len(film) == len(events)
    for k in film.asked_steps:
        q, e = film.question(k), events[k]
        before = frontier_rows(trace, k - 1, tie)  # the slow reference, not the film's Frontier
        if e.kind == "expand":
            assert len(before) >= 2
            assert e.node == before[0].node  # the rule, as the reference orders the frontier
            if q.kind == "pick":
                assert q.answer == e.node
                assert set(q.choices) == {row.node for row in before}
                assert list(q.labels) == [compact(c) for c in q.choices]
                assert f"{'f' if name == 'A*' else 'h'} = {before[0].f}" in q.why
                assert compact(e.node) in q.why
                ties = [row for row in before if row.f == before[0].f]
                assert ("ties go to" in q.why) == (len(ties) > 1)
            else:  # a choice among the frontier's first boards (the tree draws markers)
                assert q.kind == "choice"
                shown = {row.node: numbers_of(row, name) for row in before[:TABLE_ROWS]}
                assert q.answer == f"{compact(e.node)}: {shown[e.node]}"
                assert set(q.choices) == {f"{compact(b)}: {n}" for b, n in shown.items()}
        elif e.kind == "goal":
            assert (q.kind, q.answer) == ("choice", STOP)
            assert events[k - 1].kind == "expand"
            assert events[k - 1].node == e.node
        else:
            assert e.kind == "generate"
            assert e.parent is not None
            if q.kind == "choice" and q.answer in (STOP, GO_ON):  # the goal test, going on
                assert q.answer == GO_ON
                assert events[k - 1].kind == "expand"
                assert compact(e.parent) in q.prompt
                continue
            assert compact(e.node) in q.prompt
            assert compact(e.parent) in q.prompt
            if q.kind == "choice":
                assert e.node == goal
                assert (q.answer, q.choices) == (PUT_ON, (FOUND, PUT_ON))
            else:
                asks_f = "f = g + h" in q.prompt
                assert asks_f <= (name == "A*")
                assert q.answer == (e.value if asks_f else e.h)
                check_h_why(q.why, heuristic, e.h)


def check_h_why(why: str, heuristic: str, h) -> None:
    """The why's tiles add up to h: each tile's share (or each misplaced tile once)."""
    if "every tile is on its goal square" in why:
        assert h == 0
    elif heuristic == "misplaced":
        tiles = re.search(r"blank not counted: ([\d, and]+) (?:is|are)", why).group(1)
        assert len(re.findall(r"\d", tiles)) == h
    else:
        assert sum(int(n) for n in re.findall(r"adds (\d+)", why)) == h


def check_every_choice_clickable(film) -> None:
    """Every choice of every pick, not only the answer, has an item shown the step before."""
    header = film.header()
    data = {k: q for chunk in header["chunks"] for k, q in read_chunk(chunk).get("q", [])}
    for k in film.asked_steps:
        if film.question(k).kind != "pick":
            continue
        looks = film.state(k - 1).looks
        for numbers in data[k]["i"]:
            assert any(looks.get(n, int(film.base[n])) != 0 for n in numbers), k


def expansions_asked(film, trace) -> list[int]:
    """How many children of each expansion are asked a value (h or f)."""
    counts: list[int] = []
    for k, e in enumerate(trace.events):
        if e.kind == "expand":
            counts.append(0)
        elif k in film.asked_steps and film.question(k).kind == "value" and e.kind == "generate":
            counts[-1] += 1
    return counts


# ------------------------------------------------------------------ the default films
@pytest.mark.parametrize(("name", "heuristic"), DEFAULTS)
def test_every_default_film_asks_at_least_half_its_steps_well_formed_questions(name, heuristic):
    trace, film = made(name, NOTES_START, NOTES_GOAL, heuristic)
    check_questions(film)
    assert asked_share(film) >= 0.5
    check_answers(trace, film, name, heuristic, "fifo", NOTES_GOAL)
    check_every_choice_clickable(film)
    assert {film.question(k).kind for k in film.asked_steps} == {"pick", "value", "choice"}


@pytest.mark.parametrize("name", SEARCHES)
def test_compare_mode_halves_ask_what_the_page_asks(name):
    """A half of compare mode draws its tree as markers, which do not show their boards: it
    asks which board goes next as a choice among the frontier's first boards, each with its
    numbers (as presenter mode does), where the page asks for a click on the board in the
    tree, with the same answer; every other question is the page's."""
    _, wide = made(name, NOTES_START, NOTES_GOAL, "misplaced")
    _, half = made(name, NOTES_START, NOTES_GOAL, "misplaced", size="half")
    check_questions(half)
    assert half.asked_steps == wide.asked_steps
    picks = 0
    for k in wide.asked_steps:
        page, compared = wide.question(k), half.question(k)
        if page.kind == "pick":
            picks += 1
            assert compared.kind == "choice"
            assert compared.answer.startswith(f"{compact(page.answer)}: ")
            assert compared.why == page.why
        else:
            assert compared == page
    assert picks > 0


# ------------------------------------------------------------------ the notes' example
@pytest.mark.parametrize("name", SEARCHES)
def test_the_notes_first_choice_is_the_child_with_h_3_as_the_notes_expand(name):
    """After the start (h = 4), both expand 283/1_4/765 (h = 3); A*'s f = 4, the others 6."""
    trace, film = made(name, NOTES_START, NOTES_GOAL, "misplaced")
    assert trace.events[0].h == 4  # the notes' h of the start, shown at step 0 (which asks nothing)
    first = film.question(film.asked_steps[0])
    assert first.kind == "value"
    assert first.answer == 3
    assert "283/1_4/765" in first.prompt
    k = next(k for k in film.asked_steps if film.question(k).kind == "pick")
    q = film.question(k)
    assert compact(q.answer) == "283/1_4/765"
    assert sorted(q.labels) == ["283/164/75_", "283/164/_75", "283/1_4/765"]
    if name == "A*":
        assert (
            q.why == "A* expands the lowest f = g + h: 283/1_4/765 has f = 4, the others 6 or more."
        )
    else:
        assert q.why.endswith("283/1_4/765 has h = 3, the others 5 or more.")


def test_the_notes_a_star_breaks_the_tie_at_f_5_first_in_first_out():
    _, film = made("A*", NOTES_START, NOTES_GOAL, "misplaced")
    q = film.question(9)
    assert compact(q.answer) == "2_3/184/765"
    assert "2_3/184/765 and 283/_14/765 share f = 5, the others 6 or more" in q.why
    assert q.why.endswith("ties go to the one put on the frontier first: 2_3/184/765.")


@pytest.mark.parametrize("name", SEARCHES)
def test_the_notes_goal_is_put_on_the_frontier_then_found_after_5_moves(name):
    trace, film = made(name, NOTES_START, NOTES_GOAL, "misplaced")
    goal_step = next(k for k, e in enumerate(trace.events) if e.kind == "goal")
    stop = film.question(goal_step)
    assert stop.answer == STOP
    assert "path of g = 5 moves" in stop.why
    made_goal = next(
        k for k, e in enumerate(trace.events) if e.kind == "generate" and e.node == NOTES_GOAL
    )
    assert film.question(made_goal).answer == PUT_ON
    assert "line 5" in film.question(made_goal).why


def test_the_films_ask_one_child_per_expansion_not_a_list_of_sums():
    for name, heuristic in DEFAULTS:
        trace, film = made(name, NOTES_START, NOTES_GOAL, heuristic)
        assert max(expansions_asked(film, trace)) == 1


# ------------------------------------------------------------------ random problems
@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    name=st.sampled_from(list(SEARCHES)),
    heuristic=st.sampled_from(list(HEURISTICS)),
    tie=st.sampled_from(["fifo", "deeper"]),
    goal=st.sampled_from([NOTES_GOAL, ORDERED_GOAL]),
    moves=st.integers(0, 8),
    seed=st.integers(0, 9999),
)
def test_every_answer_is_what_the_search_did_on_random_scrambles(
    name, heuristic, tie, goal, moves, seed
):
    start = scramble(goal, moves, seed)
    trace, film = made(name, start, goal, heuristic, tie)
    check_questions(film)
    check_answers(trace, film, name, heuristic, tie, goal)
    check_every_choice_clickable(film)
    if len(film) > 6:
        assert asked_share(film) >= 0.5


def test_a_large_tree_asks_for_a_board_with_its_numbers_where_its_markers_show_none():
    trace, film = made("A*", HARDEST_STARTS[0], ORDERED_GOAL, "manhattan", limit=600)
    check_questions(film)
    check_answers(trace, film, "A*", "manhattan", "fifo", ORDERED_GOAL)
    kinds = {film.question(k).kind for k in film.asked_steps}
    assert kinds == {"value", "choice"}
    table = [k for k in film.asked_steps if "shown with g + h = f" in film.question(k).prompt]
    assert len(table) >= 100
    assert not any("table" in film.question(k).prompt for k in film.asked_steps)
    assert asked_share(film) >= 0.5
