"""Uninformed search in practice mode: every step's question is well formed, most steps ask,
and every answer is what the algorithm did at that step (read from the trace).

The notes' worked example (LECTURE_NOTES.md section 1): iterative deepening's expand
questions give the notes' visiting order, limit by limit, and stop at R.
"""

from __future__ import annotations

import re

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.lessons.shared.graph_cases import NOTES_TREE, PUZZLE, node_label
from search_viz.lessons.shared.graph_drawing import GraphView
from search_viz.lessons.uninformed.drawing import uninformed_film
from search_viz.lessons.uninformed.looks import ALGORITHMS, TREE_SEARCH
from search_viz.lessons.uninformed.questions import CUT, CUTOFF, FAILURE, GOAL, GROW
from search_viz.problems.eight_puzzle import MOVES, NOTES_GOAL, NOTES_START, compact, scramble
from search_viz.problems.graph_examples import notes_tree
from tests.practice_checks import asked_share, check_questions
from tests.test_uninformed import NOTES_EARLY_STOP, NOTES_IDDFS_TABLE
from tests.test_uninformed_film import PROBLEMS, page_film

EMPTY = re.compile(r"^none: the (queue|stack|frontier) is empty$")


# ------------------------------------------------------------------ every film of the page
@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_the_default_films_ask_well_formed_questions_on_most_steps(algorithm):
    film, _ = page_film(NOTES_TREE, algorithm)
    check_questions(film)
    assert asked_share(film) >= 0.5


@pytest.mark.parametrize("kind", [k for k in PROBLEMS if k != NOTES_TREE])
def test_every_problem_of_the_page_asks_well_formed_questions_on_most_steps(kind):
    for algorithm in ALGORITHMS:
        film, trace = page_film(kind, algorithm)
        check_questions(film)
        assert asked_share(film) >= 0.5, (kind, algorithm)
        check_answers(film, trace, algorithm, bounded=kind == PUZZLE)


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_the_default_films_answers_are_what_the_search_did(algorithm):
    film, trace = page_film(NOTES_TREE, algorithm)
    check_answers(film, trace, algorithm)


# ------------------------------------------------------------------ answers against the trace
def waiting(events, k: int, tree_search: bool) -> list:
    """The nodes on the frontier after event ``k``, in the order put on (a tree search: every
    entry of its stack; a graph search: each node once, where it was put on last)."""
    entries: list = []
    for e in events[: k + 1]:
        if e.kind == "iterate":
            entries = []
        elif e.kind == "generate":
            if not tree_search and e.node in entries:
                entries.remove(e.node)
            entries.append(e.node)
        elif e.kind == "expand":
            del entries[len(entries) - 1 - entries[::-1].index(e.node)]
    return entries


def label_of(node) -> str:
    return compact(node) if isinstance(node, tuple) and len(node) == 9 else node_label(node)


def check_answers(film, trace, algorithm: str, bounded: bool = False) -> None:
    """Each question's answer is what event k did; the frontier offered is the one shown.

    ``bounded``: DFS runs with a depth bound (then it may cut off, as DLS and IDDFS do).
    """
    events = trace.events
    tree_search = algorithm in TREE_SEARCH
    limited = tree_search or (algorithm == "DFS" and bounded)
    for k in range(1, len(events)):
        e, before = events[k], events[k - 1]
        q = film.question(k)
        if e.kind == "expand":
            assert q is not None, k
            assert q.kind == "pick"
            assert q.answer == e.node
            nodes = {c for c in q.choices if not (isinstance(c, str) and EMPTY.match(c))}
            shown = waiting(events, k - 1, tree_search)
            assert nodes == set(shown), k
            assert len(q.choices) == len(nodes) + (len(nodes) < 2)
            listing = re.search(r"\. The \w+: (.*); so ", q.why)[1]  # "B C D (front first)"
            assert listing.startswith(label_of(e.node)), q.why
        elif before.kind == "expand" and e.kind in ("goal", "cutoff", "generate"):
            assert q.kind == "choice"
            assert q.answer == {"goal": GOAL, "cutoff": CUT}.get(e.kind, GROW)
            assert (CUT in q.choices) == limited
            if e.kind == "generate":
                assert e.parent == before.node
        elif e.kind == "generate" and e.parent is not None:
            if algorithm == "UCS":
                assert q.kind == "value"
                assert q.answer == e.g
            elif isinstance(e.node, tuple) and len(e.node) == 9:
                assert q.kind == "choice"
                move = q.answer.removeprefix("blank ")
                square = dict(MOVES[e.parent.index(0)])[move]
                assert square == e.node.index(0)
            elif q is not None:
                assert q.kind == "pick"
                assert q.answer == e.node
        elif e.kind == "iterate":
            assert (q is None) == (e.value == 0)
            if q is not None:
                assert q.answer == f"start over with limit {e.value}"
        elif e.kind == "done" and e.node is not None:
            assert q.kind == "value"
            assert q.answer == e.value == trace.result.value
        elif e.kind == "done" and algorithm == "IDDFS":
            assert q.answer.startswith("stop:")
            assert ("largest limit" in q.answer) == (e.value == "cutoff")
        elif e.kind == "done" and (algorithm == "DLS" or q is not None):
            assert q.answer == (CUTOFF if e.value == "cutoff" else FAILURE)
        if q is not None and q.kind == "choice":
            assert q.label(q.answer) not in q.prompt


@st.composite
def graphs(draw):
    """A small graph (perhaps directed, weighted, with cycles), a start and a goal."""
    n = draw(st.integers(2, 7))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=12))
    G = nx.DiGraph() if draw(st.booleans()) else nx.Graph()
    G.add_nodes_from(range(n))
    for a, b in pairs:
        if a != b:
            G.add_edge(a, b, weight=draw(st.integers(1, 4)))
    return G, 0, draw(st.integers(0, n - 1))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), st.sampled_from(list(ALGORITHMS)), st.integers(0, 4), st.booleans())
def test_every_answer_on_a_random_graph_is_what_the_search_did(case, algorithm, depth, bound):
    G, start, goal = case
    problem = sv.GraphProblem(G, start, goal)
    limit = {"DLS": depth, "IDDFS": depth, "DFS": depth if bound else None}.get(algorithm)
    search = ALGORITHMS[algorithm][0]
    options = {"DFS": {"limit": limit}, "DLS": {"limit": limit}, "IDDFS": {"max_depth": limit}}
    trace = sv.Trace.record(search(problem, **options.get(algorithm, {})))
    film = uninformed_film(trace, algorithm, GraphView.guess(G, start, goal), limit=limit)
    check_questions(film)
    check_answers(film, trace, algorithm, bounded=limit is not None)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 4), st.integers(0, 99), st.sampled_from(list(ALGORITHMS)))
def test_every_answer_on_a_random_8_puzzle_is_what_the_search_did(moves, seed, algorithm):
    goal = NOTES_GOAL
    problem = sv.EightPuzzle(scramble(goal, moves, seed), goal=goal)
    limit = {"DLS": moves, "IDDFS": moves + 1, "DFS": moves + 1}.get(algorithm)
    search = ALGORITHMS[algorithm][0]
    options = {"DFS": {"limit": limit}, "DLS": {"limit": limit}, "IDDFS": {"max_depth": limit}}
    trace = sv.Trace.record(search(problem, **options.get(algorithm, {})))
    film = uninformed_film(trace, algorithm, None, limit=limit, goal_board=goal)
    check_questions(film)
    check_answers(film, trace, algorithm, bounded=True)


# ------------------------------------------------------------------ the notes' worked examples
def notes_film(algorithm: str, **options):
    problem = sv.GraphProblem(notes_tree(), "A", "R")
    return sv.film(ALGORITHMS[algorithm][0], problem, **options), sv.Trace.record(
        ALGORITHMS[algorithm][0](problem, **options)
    )


def test_iddfs_on_the_notes_tree_asks_the_notes_visiting_order_limit_by_limit():
    film, trace = notes_film("IDDFS", max_depth=10)
    rows: list[list[str]] = []
    for k, e in enumerate(trace.events):
        if e.kind == "iterate":
            rows.append([])
        elif e.kind == "expand":
            question = film.question(k)
            assert question.kind == "pick"
            rows[-1].append(question.answer)
    assert [" ".join(row) for row in rows[:4]] == NOTES_IDDFS_TABLE[:4]
    assert " ".join(rows[4]) == NOTES_EARLY_STOP  # limit 4 stops at R
    starts = [film.question(int(k)).answer for k in trace.positions("iterate")[1:]]
    assert starts == [f"start over with limit {n}" for n in range(1, 5)]
    goal = trace.positions("goal")[-1]
    assert film.question(int(goal)).answer == GOAL
    assert film.question(len(film) - 1).answer == 4  # A C G L R: 4 steps


@pytest.mark.parametrize("limit", range(5))
def test_dls_on_the_notes_tree_asks_each_row_of_the_table_and_cuts_off_at_the_limit(limit):
    film, trace = notes_film("DLS", limit=limit)
    answers = [film.question(k).answer for k, e in enumerate(trace.events) if e.kind == "expand"]
    expected = NOTES_EARLY_STOP if limit == 4 else NOTES_IDDFS_TABLE[limit]
    assert " ".join(answers) == expected
    for k, e in enumerate(trace.events):
        if e.kind == "cutoff":
            question = film.question(k)
            assert question.answer == CUT
            assert f"its depth {limit} is the limit {limit}" in question.why
    if limit < 4:  # no R within the limit: DLS returns cutoff, not failure
        assert film.question(len(film) - 1).answer == CUTOFF


def test_bfs_on_the_notes_tree_asks_level_by_level():
    film, trace = notes_film("BFS")
    answers = [film.question(k).answer for k, e in enumerate(trace.events) if e.kind == "expand"]
    assert " ".join(answers) == "A B C D E F G H I J K L M N O P R"
    question = film.question(5)  # B comes off the queue before C and D
    assert question.answer == "B"
    assert "first in, first out" in question.why
    assert "B C D (front first)" in question.why


def test_dfs_asks_to_push_the_children_last_first():
    film, trace = notes_film("DFS")
    pushed = [film.question(k) for k, e in enumerate(trace.events[:6]) if e.kind == "generate"]
    assert pushed[0] is None  # the start: nothing to ask
    assert pushed[1].answer == GROW  # A is not the goal: its children go on
    assert [q.answer for q in pushed[2:]] == ["C", "B"]  # D went first: last child first
    assert "last first" in pushed[2].why


def test_the_notes_8_puzzle_asks_the_blank_moves_and_the_5_move_path():
    film, trace = page_film(PUZZLE, "BFS")
    assert trace.events[0].node == NOTES_START
    assert film.question(len(film) - 1).answer == 5
    moves = [film.question(k) for k, e in enumerate(trace.events) if e.kind == "generate"]
    assert moves[2].prompt.startswith(f"Which child of {compact(NOTES_START)} does BFS put")
    assert moves[2].choices == ("blank up", "blank left", "blank right")
    assert moves[2].answer == "blank left"  # up came first, then left
    film, trace = page_film(PUZZLE, "DFS")  # the notes bound DFS at level 6
    assert film.question(len(film) - 1).answer == 5
    assert film.question(3).answer == "blank left"  # last first: right, then left, then up


def test_ucs_asks_the_g_of_a_child_and_the_cost_of_the_path():
    film, trace = page_film("Edge list", "UCS")
    values = {k: film.question(k) for k in film.asked_steps if film.question(k).kind == "value"}
    assert values
    for k, question in values.items():
        e = trace.events[k]
        assert question.answer == (e.g if e.kind == "generate" else trace.result.value)
    assert film.question(len(film) - 1).answer == 8  # S A C D G costs 8


def test_a_graph_with_one_node_on_the_frontier_offers_the_empty_frontier_beside_it():
    film, _ = notes_film("BFS")
    question = film.question(1)
    assert question.choices == ("A", "none: the queue is empty")
    assert question.answer == "A"
