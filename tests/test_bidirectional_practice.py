"""Bidirectional search in practice mode: every default film asks at most steps, and every answer
is what the search did at that step (read back from its trace), the rules' numbers in each why."""

from __future__ import annotations

import re
from functools import cache

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.lessons.bidirectional.drawing import bidirectional_film, plain_film
from search_viz.lessons.bidirectional.inputs import DEFAULTS, SCRAMBLED
from search_viz.lessons.bidirectional.puzzle_layers import layers_film, turns
from search_viz.lessons.bidirectional.questions import GOES, NEW, STOP, TOUCH
from search_viz.lessons.shared.graph_cases import (
    EDGE_LIST,
    MAZE,
    NOTES_TREE,
    PUZZLE,
    PUZZLE_INSTANCES,
    RANDOM,
    TRAP,
    build_case,
    record,
)
from search_viz.lessons.shared.graph_drawing import GraphView
from search_viz.problems.edge_list import EXAMPLE
from search_viz.problems.eight_puzzle import ORDERED_GOAL, scramble
from tests.practice_checks import asked_share, check_questions
from tests.test_uninformed import graphs

#: The page's problems with the page's defaults (as its sidebar first shows them).
PROBLEMS = {
    MAZE: (DEFAULTS["maze_size"], 0.25, 1),
    RANDOM: (DEFAULTS["nodes"], 2.5, 1, False, 0, None),
    NOTES_TREE: (DEFAULTS["tree_start"], DEFAULTS["tree_goal"], DEFAULTS["tree_directed"]),
    EDGE_LIST: (EXAMPLE, False, None, None),
    TRAP: (),
}
PUZZLES = {name: (name, 20 if name == SCRAMBLED else 0, 1) for name in PUZZLE_INSTANCES}


@cache
def graph_films(kind: str, step: str):
    """The page's two films (bidirectional, plain BFS) and their traces."""
    case = build_case(kind, PROBLEMS[kind])
    both = record(sv.bidirectional_bfs(case.problem, step=step))
    plain = record(sv.bfs(case.problem))
    return bidirectional_film(both, case.view, step), plain_film(plain, case.view), both, plain


@cache
def puzzle_film(instance: str):
    case = build_case(PUZZLE, PUZZLES[instance])
    trace = sv.Trace.record(sv.bidirectional_bfs(case.problem))
    return layers_film(trace, ()), trace


# ------------------------------------------------------------------ every default film
@pytest.mark.parametrize("kind", list(PROBLEMS))
@pytest.mark.parametrize("step", ["layer", "node"])
def test_every_default_graph_film_asks_well_formed_questions_at_most_steps(kind, step):
    both, plain, trace, plain_trace = graph_films(kind, step)
    for film in (both, plain):
        check_questions(film)
        assert asked_share(film) >= 0.5
    assert_answers(trace, both, step)
    assert_plain_answers(plain_trace, plain)


@pytest.mark.parametrize("instance", list(PUZZLES))
def test_every_default_puzzle_film_asks_at_every_turn(instance):
    film, trace = puzzle_film(instance)
    check_questions(film)
    assert asked_share(film) == 1.0
    assert_puzzle_answers(trace, film)


# ------------------------------------------------------------------ answers from the trace
def assert_answers(trace: sv.Trace, film, step: str) -> None:
    """Each step's answer is what its event says, and each why's rule agrees with it."""
    events = trace.events
    queued: dict[str, dict] = {"forward": {}, "backward": {}}
    reached: dict[str, dict] = {"forward": {}, "backward": {}}
    touched, last, turn = [], None, None
    asked = set(film.asked_steps)
    for k, e in enumerate(events):
        q = film.question(k)
        if (e.kind == "expand" and (e.data, e.depth) != turn) or e.kind == "done":
            assert k in asked
            if e.kind == "expand":
                assert q.answer == GOES[e.data]
                sizes = len(queued["forward"]), len(queued["backward"])
                if step == "node" or sizes[0] == sizes[1]:
                    assert e.data != last  # the sides take turns (the forward search first)
                    assert last is not None or e.data == "forward"
                else:
                    assert (e.data == "forward") == (sizes[0] < sizes[1])  # the smaller queue
            else:
                assert q.answer == (e.node if trace.result.path else STOP)
                if trace.result.path:
                    assert e.node == trace.result.stats["meet"]
            assert q.kind == ("pick" if touched else "choice")
            if touched:
                assert q.choices[: len(touched)] == tuple(touched)
        elif e.kind == "expand":
            if k in asked:
                assert q.kind == "pick"
                assert q.answer == e.node == next(iter(queued[e.data]))  # first in, first out
            else:
                assert len({*queued["forward"], *queued["backward"]}) < 2
        elif e.kind == "generate" and e.parent is not None:
            following = events[k + 1] if k + 1 < len(events) else None
            touch = following is not None and following.kind == "meet"
            assert q.answer == (TOUCH if touch else NEW)
            other = "backward" if e.data == "forward" else "forward"
            assert touch == (e.node in reached[other])
        elif e.kind == "meet":
            assert q.kind == "value"
            assert q.answer == e.value
            assert e.value == reached["forward"][e.node] + reached["backward"][e.node]
            assert q.why.endswith(f"= {e.value}.")
        else:
            assert q is None
        # take the event in, as the picture does
        if e.kind == "generate":
            queued[e.data][e.node] = reached[e.data][e.node] = e.depth
        elif e.kind == "expand":
            queued[e.data].pop(e.node)
            last, turn = e.data, (e.data, e.depth)
        elif e.kind == "meet" and e.node not in touched:
            touched.append(e.node)


def assert_plain_answers(trace: sv.Trace, film) -> None:
    queue: list = []
    for k, e in enumerate(trace.events):
        q = film.question(k)
        if e.kind == "expand":
            if len(queue) > 1:
                assert q.answer == e.node == queue[0]
            else:
                assert q is None
            queue.remove(e.node)
        elif e.kind == "generate" and e.parent is not None:
            assert (q.kind, q.answer) == ("value", e.depth)
        else:
            assert q is None
        if e.kind == "generate":
            queue.append(e.node)


def assert_puzzle_answers(trace: sv.Trace, film) -> None:
    for k, group in enumerate(turns(trace)):
        first = group[0]
        if k == 0:
            assert film.question(0) is None
            continue
        q = film.question(k)
        assert q.kind == "choice"
        if first.kind == "expand":
            assert q.answer == GOES[first.data]
        else:
            assert q.answer == STOP
            if trace.result.path:
                bound = re.search(r"(\d+) ≤ f \+ b \+ 1 = (\d+) \+ (\d+) \+ 1 = (\d+)\.", q.why)
                best, f, b, limit = (int(x) for x in bound.groups())
                assert best == trace.result.value <= limit == f + b + 1


@settings(max_examples=30, deadline=None)
@given(case=graphs(max_nodes=16), step=st.sampled_from(["layer", "node"]))
def test_on_random_graphs_every_answer_is_what_the_search_did(case, step):
    G, start, goal = case
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(G, start, goal), step=step))
    film = bidirectional_film(trace, GraphView.guess(G, start, goal), step)
    check_questions(film)
    assert_answers(trace, film, step)


@settings(max_examples=30, deadline=None)
@given(case=graphs(max_nodes=16))
def test_on_random_graphs_plain_bfs_asks_its_queue_and_depths(case):
    G, start, goal = case
    trace = sv.Trace.record(sv.bfs(sv.GraphProblem(G, start, goal)))
    film = plain_film(trace, GraphView.guess(G, start, goal))
    check_questions(film)
    assert_plain_answers(trace, film)


@settings(max_examples=10, deadline=None)
@given(moves=st.integers(0, 14), seed=st.integers(0, 9999))
def test_on_scrambled_puzzles_every_turn_asks_the_side_and_the_end_stops(moves, seed):
    problem = sv.EightPuzzle(scramble(ORDERED_GOAL, moves, seed), goal=ORDERED_GOAL)
    trace = sv.Trace.record(sv.bidirectional_bfs(problem))
    film = layers_film(trace, ())
    check_questions(film)
    assert_puzzle_answers(trace, film)


# ------------------------------------------------------------------ the notes
def test_the_trap_one_node_at_a_time_asks_to_go_on_after_the_first_touch_then_meets_at_d():
    film, _, trace, _ = graph_films(TRAP, "node")
    first = int(trace.positions("meet")[0])
    assert trace.events[first].node == "x"
    careless = film.question(first + 1)  # the next turn: stop at x, or go on?
    assert careless.kind == "pick"
    assert careless.choices == ("x", GOES["forward"], GOES["backward"])
    assert careless.answer == GOES["forward"]
    assert not careless.right("x")  # the careless stop, one edge too long
    assert "could have as few as f + b + 1 = 1 + 1 + 1 = 3 edges" in careless.why
    end = film.question(len(film) - 1)
    assert end.answer == "d" == trace.result.stats["meet"]
    assert set(end.choices[:2]) == {"x", "d"}
    assert "3 ≤ f + b + 1 = 2 + 1 + 1 = 4" in end.why
    lengths = [film.question(int(k)).answer for k in trace.positions("meet")]
    assert lengths == [4, 3]


def test_the_trap_a_whole_layer_at_a_time_touches_only_on_the_shortest_path():
    film = graph_films(TRAP, "layer")[0]
    asked = [film.question(k).answer for k in film.asked_steps]
    assert asked[-3:] == [TOUCH, 3, "d"]
    assert TOUCH not in asked[:-3]


def test_the_notes_tree_between_two_leaves_meets_on_the_8_step_path():
    film, _, trace, _ = graph_films(NOTES_TREE, "layer")
    end = film.question(len(film) - 1)
    assert end.answer == trace.result.stats["meet"] in trace.result.path
    assert re.search(r"8 ≤ f \+ b \+ 1", end.why)


def test_the_notes_puzzle_stops_at_5_moves():
    film, trace = puzzle_film("the notes' (5 moves)")
    end = film.question(len(film) - 1)
    assert end.answer == STOP
    assert "5 ≤ f + b + 1" in end.why
    assert trace.result.value == 5


def test_no_prompt_gives_its_pick_away():
    for kind in (TRAP, NOTES_TREE):
        for step in ("layer", "node"):
            film = graph_films(kind, step)[0]
            for k in film.asked_steps:
                q = film.question(k)
                if q.kind == "pick":
                    assert q.label(q.answer) not in re.findall(r"\w+", q.prompt), (k, q.prompt)


def test_a_start_that_is_the_goal_asks_the_touch_and_the_meeting_node():
    G = nx.path_graph(3)
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(G, 1, 1)))
    film = bidirectional_film(trace, GraphView.guess(G, 1, 1))
    check_questions(film)
    assert [film.question(k).answer for k in film.asked_steps] == [0, 1]


def test_an_unreachable_goal_ends_with_stop_and_says_which_queue_ran_out():
    G = nx.DiGraph([(0, 1), (2, 1)])
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(G, 0, 2)))
    film = bidirectional_film(trace, GraphView.guess(G, 0, 2))
    end = film.question(len(film) - 1)
    assert end.answer == STOP
    assert end.why.startswith("The backward queue is empty")
