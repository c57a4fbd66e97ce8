"""Hostile input to the public API: random types, huge and negative numbers, NaN and
infinities, deep nesting, endless generators.

Each public constructor, each algorithm's options, ``run``, ``Trace.record`` and
``trace.state`` either accept what they are given or raise a TypeError or ValueError whose
message names the problem; nothing else escapes, and every case ends within 5 seconds.
Each property runs :data:`NORMAL` cases in the default run and :data:`SLOW` in the slow one
(``make test-slow``).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.problems.eight_puzzle import NOTES_GOAL, NOTES_START
from tests.conftest import HANG_SECONDS

NORMAL, SLOW = 200, 1_000
BUDGETS = [
    pytest.param(NORMAL, id="normal"),
    pytest.param(SLOW, id="slow", marks=pytest.mark.slow),
]


def run_examples(budget: int, strategy: st.SearchStrategy, check: Callable) -> None:
    """Run ``check`` on ``budget`` examples drawn from ``strategy``."""
    settings(
        max_examples=budget,
        deadline=None,  # timed by `refuses_cleanly` itself: a clearer failure than a deadline
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )(given(strategy)(check))()


def refuses_cleanly(
    call: Callable[[], object], *names: str, errors: tuple = (TypeError, ValueError)
) -> object:
    """Call ``call``: it returns, or raises TypeError/ValueError naming one of ``names``.

    Any other exception escapes (and fails the test); so does taking HANG_SECONDS or more.
    """
    started = time.monotonic()
    try:
        result, refused = call(), None
    except errors as error:
        result, refused = None, error
    elapsed = time.monotonic() - started
    assert elapsed < HANG_SECONDS, f"took {elapsed:.1f} s"
    if refused is not None:
        message = str(refused)
        assert message, f"{type(refused).__name__} without a message"
        assert len(message) < 1_000, f"a message of {len(message):,} characters"
        assert any(name.lower() in message.lower() for name in names), (
            f"the message names none of {names}: {message}"
        )
    return result


# ---------------------------------------------------------------------------- hostile values
def deeply_nested(depth: int) -> list:
    nested: list = []
    for _ in range(depth):
        nested = [nested]
    return nested


class LoudRepr:
    """An object whose repr fails: messages must still be made."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


HUGE = [10**400, -(10**400), 2**63, -(2**63) - 1, 10**15 + 1, 10**6, -1, 0, 1, 2**31]
SPECIAL_FLOATS = [math.nan, math.inf, -math.inf, 1e308, -0.0, 5e-324, 0.5, 2.5]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(HUGE),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(SPECIAL_FLOATS),
    st.text(max_size=30),
    st.binary(max_size=10),
    st.complex_numbers(allow_nan=True),
    st.sampled_from(
        [np.int64(3), np.float64("nan"), np.bool_(True), Fraction(1, 3), Fraction(10**400, 3)]
    ),
    st.just(print),
    st.builds(LoudRepr),
    st.sampled_from(["max", "MIN", "X", "O", "fifo", "best", "layer", "steepest", "manhattan"]),
)
anything = (
    st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=12),
            st.tuples(inner, inner),
            st.dictionaries(st.text(max_size=3), inner, max_size=3),
            st.frozensets(st.integers(-3, 9), max_size=9),
        ),
        max_leaves=20,
    )
    | st.integers(0, 5_000).map(deeply_nested)
    | st.builds(itertools.count)
    | st.builds(lambda: iter(range(10**18)))
)


def one_of_valid(valid: st.SearchStrategy) -> st.SearchStrategy:
    """Mostly valid values (two in three), often hostile ones: each argument is tried both ways,
    and later arguments are reached past valid earlier ones."""
    return st.one_of(valid, valid, anything)


# ------------------------------------------------------------------------------ constructors
graphs = st.one_of(
    st.sampled_from([nx.path_graph(5), nx.DiGraph([(0, 1), (1, 2)]), nx.MultiGraph([(0, 1)])]),
    anything,
)
nodes = one_of_valid(st.integers(-1, 6))


@pytest.mark.parametrize("budget", BUDGETS)
def test_graph_problem(budget):
    def check(args):
        refuses_cleanly(lambda: sv.GraphProblem(*args), "G must be", "start", "goal")

    run_examples(budget, st.tuples(graphs, nodes, nodes), check)


boards = one_of_valid(st.permutations(range(9)).map(tuple))


@pytest.mark.parametrize("budget", BUDGETS)
def test_eight_puzzle(budget):
    def check(args):
        start, goal = args
        refuses_cleanly(lambda: sv.EightPuzzle(start, goal=goal), "start", "goal", "unsolvable")

    run_examples(budget, st.tuples(boards, st.one_of(st.just(NOTES_GOAL), boards)), check)


roots = one_of_valid(st.sampled_from(["max", "min", "MAX", "Min"]))
numbers = st.one_of(st.integers(-100, 100), st.floats(-1e6, 1e6))
trees = st.recursive(
    st.one_of(numbers, anything),
    lambda kids: st.lists(kids, min_size=1, max_size=5),
    max_leaves=40,
)
number_trees = st.recursive(numbers, lambda kids: st.lists(kids, min_size=1, max_size=5))
tree_words = ("the root", " at [", "tree", "nodes", "levels", "leaf", "number")


@pytest.mark.parametrize("budget", BUDGETS)
def test_game_tree_from_nested(budget):
    def check(args):
        nested, root = args
        tree = refuses_cleanly(lambda: sv.GameTree.from_nested(nested, root=root), *tree_words)
        if tree is not None:  # what was built reads back from its own text
            assert sv.GameTree.parse(tree.text(), root=root) == tree

    run_examples(budget, st.tuples(trees, roots), check)


@pytest.mark.parametrize("budget", BUDGETS)
def test_game_tree_from_leaves(budget):
    def check(args):
        values, branching, root = args
        refuses_cleanly(
            lambda: sv.GameTree.from_leaves(values, branching, root=root),
            *tree_words,
            "branching",
        )

    values = one_of_valid(st.lists(st.integers(-9, 9), min_size=1, max_size=64))
    branching = one_of_valid(st.integers(1, 4))
    run_examples(budget, st.tuples(values, branching, roots), check)


@pytest.mark.parametrize("budget", BUDGETS)
def test_game_tree_random(budget):
    def check(kwargs):
        refuses_cleanly(
            lambda: sv.GameTree.random(**kwargs),
            "branching",
            "depth",
            "lowest",
            "highest",
            "seed",
            "root",
        )

    kwargs = st.fixed_dictionaries(
        {},
        optional={
            "branching": one_of_valid(st.integers(1, 6)),
            "depth": one_of_valid(st.integers(0, 8)),
            "low": one_of_valid(st.integers(-10, 10)),
            "high": one_of_valid(st.integers(-10, 10)),
            "seed": one_of_valid(st.integers()),
            "root": roots,
        },
    )
    run_examples(budget, kwargs, check)


def typed_trees() -> st.SearchStrategy:
    """Text a student might type, valid or not, and text made to hurt."""
    alphabet = st.sampled_from([*"[](),.-+eE 0123456789", "−", "x", "\n", "'", "_"])
    return st.one_of(
        number_trees.map(str),
        st.text(alphabet, max_size=200),
        st.text(max_size=50),
        st.integers(0, 3_000).map(lambda n: "[" * n + "1" + "]" * n),
        st.integers(0, 5_000).map(lambda n: "[1" + "0" * n + ", 2]"),
        st.integers(1, 400_000).map(lambda n: "[" + ",".join(["1"] * n) + "]"),
        st.sampled_from(["1e400", "[1e-400]", "[nan]", "[inf]", "[[]]", "[", "]", "", "()"]),
        anything,
    )


@pytest.mark.parametrize("budget", BUDGETS)
def test_game_tree_parse(budget):
    def check(args):
        text, root, max_nodes, max_depth = args
        refuses_cleanly(
            lambda: sv.GameTree.parse(text, root=root, max_nodes=max_nodes, max_depth=max_depth),
            *tree_words,
            "character",
            "max_nodes",
            "max_depth",
        )

    bounds = st.one_of(st.none(), one_of_valid(st.integers(0, 3_000)))
    run_examples(budget, st.tuples(typed_trees(), roots, bounds, bounds), check)


@pytest.mark.parametrize("budget", BUDGETS)
def test_tictactoe(budget):
    def check(kwargs):
        refuses_cleanly(
            lambda: sv.TicTacToe(**kwargs),
            "board",
            "decay",
            "first",
            "win",
            "marks",
            "three in a row",
        )

    kwargs = st.fixed_dictionaries(
        {},
        optional={
            "board": one_of_valid(st.text(st.sampled_from("XO."), min_size=9, max_size=9)),
            "decay": one_of_valid(st.booleans()),
            "first": one_of_valid(st.sampled_from("XO")),
            "win": one_of_valid(st.integers(1, 2_000)),
        },
    )
    run_examples(budget, kwargs, check)


@pytest.mark.parametrize("budget", BUDGETS)
def test_nqueens(budget):
    def check(kwargs):
        refuses_cleanly(lambda: sv.NQueens(**kwargs), "n must", "state", "row", "seed", "not both")

    kwargs = st.fixed_dictionaries(
        {"n": one_of_valid(st.integers(3, 51))},
        optional={
            "state": one_of_valid(st.lists(st.integers(-1, 8), min_size=4, max_size=9)),
            "seed": one_of_valid(st.integers()),
        },
    )
    run_examples(budget, kwargs, check)


# ----------------------------------------------------------------------- algorithms' options
GRAPH = sv.GraphProblem(nx.cycle_graph(6), 0, 3)
PUZZLE = sv.EightPuzzle(NOTES_START)
TREE = sv.GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
GAME = sv.TicTacToe("XO..X....")
QUEENS = sv.NQueens(6, seed=2)
problems = st.sampled_from([GRAPH, PUZZLE])
games = st.sampled_from([TREE, GAME])
count = st.integers(0, 12)
seeds = st.integers()
#: Each algorithm, its problems, and valid values of its options (every combination is valid).
ALGORITHMS: dict[str, tuple[Callable, st.SearchStrategy, dict[str, st.SearchStrategy]]] = {
    "bfs": (sv.bfs, problems, {}),
    "dfs": (sv.dfs, problems, {"limit": st.none() | count}),
    "dls": (sv.dls, problems, {"limit": count}),
    "iddfs": (sv.iddfs, problems, {"max_depth": count}),
    "ucs": (sv.ucs, problems, {"tie": st.sampled_from(["fifo", "deeper"])}),
    "greedy": (
        sv.greedy,
        st.just(PUZZLE),
        {"heuristic": st.sampled_from(["misplaced", "manhattan", None]), "tie": st.just("fifo")},
    ),
    "astar": (sv.astar, st.just(PUZZLE), {"heuristic": st.sampled_from(["misplaced", None])}),
    "bidirectional_bfs": (
        sv.bidirectional_bfs,
        problems,
        {"step": st.sampled_from(["layer", "node"])},
    ),
    "minimax": (sv.minimax, games, {"ordering": st.sampled_from(["given", "best"])}),
    "alphabeta": (
        sv.alphabeta,
        st.just(GAME),  # it has an evaluation for a depth limit
        {
            "fail_soft": st.booleans(),
            "ordering": st.sampled_from(["given", "best", "worst"]),
            "limit": st.none() | count,
        },
    ),
    "hill_climbing": (
        sv.hill_climbing,
        st.just(QUEENS),
        {
            "variant": st.sampled_from(["steepest", "first-choice"]),
            "sideways": count,
            "restarts": count,
            "seed": seeds,
            "max_steps": st.integers(1, 500),
        },
    ),
    "simulated_annealing": (
        sv.simulated_annealing,
        st.just(QUEENS),
        {
            "t0": st.floats(1e-3, 2_000),
            "cooling": st.floats(0.5, 0.999),
            "schedule": st.sampled_from(["exponential", "linear"]),
            "max_steps": st.integers(1, 500),
            "seed": seeds,
            "neighbour": st.sampled_from(["column-in-turn", "random"]),
            "stop_when_solved": st.booleans(),
        },
    ),
    "genetic": (
        sv.genetic,
        st.just(QUEENS),
        {
            "population": st.integers(3, 60),  # above the default elitism, 2
            "generations": count,
            "seed": seeds,
            "crossover": st.sampled_from(["one-point", "uniform"]),
            "mutation": st.floats(0, 1),
            "elitism": st.integers(0, 1),
            "selection": st.sampled_from(["roulette", "tournament"]),
        },
    ),
}


#: Options without a default.
REQUIRED = {("dls", "limit"), ("iddfs", "max_depth")}


@st.composite
def algorithm_calls(draw):
    """An algorithm, its problem and some options, at most one of them hostile (named)."""
    name = draw(st.sampled_from(sorted(ALGORITHMS)))
    algorithm, problem, options = ALGORITHMS[name]
    hostile = draw(st.sampled_from([None, "problem", *options]))
    chosen = {}
    for option, valid in options.items():
        if option == hostile:
            chosen[option] = draw(anything)
        elif (name, option) in REQUIRED or draw(st.booleans()):
            chosen[option] = draw(valid)
    problem = draw(anything if hostile == "problem" else problem)
    return name, algorithm, problem, chosen, hostile


@pytest.mark.parametrize("budget", BUDGETS)
def test_algorithm_options(budget):
    def check(call):
        _, algorithm, problem, options, hostile = call

        def record():
            return sv.Trace.record(algorithm(problem, **options), limit=300, finish_within=3_000)

        if hostile is None:  # every option valid: the search runs
            trace = record()
        else:  # refused naming it, or accepted (a hostile value may be valid too)
            words = ("problem", "game", "NQueens") if hostile == "problem" else (hostile,)
            trace = refuses_cleanly(record, *words)
        if trace is not None:
            assert len(trace) <= 300
            assert trace.finished or trace.truncated

    run_examples(budget, algorithm_calls(), check)


# --------------------------------------------------------------- run, Trace.record, state(k)
def events_of(items: list) -> object:
    """A generator that yields ``items`` (events or junk) and returns a Result."""

    def search():
        yield from items
        return sv.Result(value=len(items))

    return search()


def endless_search(node: object) -> object:
    event = sv.Event("expand", node)
    while True:
        yield event


EVENT = st.tuples(
    st.sampled_from([*sv.KINDS, "unknown"]),
    st.one_of(st.integers(), st.text(max_size=3), st.tuples(st.integers(0, 3))),
).map(lambda fields: sv.Event(*fields))
searches = st.one_of(
    st.lists(EVENT, max_size=30).map(events_of),
    st.lists(st.one_of(EVENT, anything), max_size=5).map(events_of),
    st.one_of(st.integers(), st.text(max_size=3), st.lists(st.integers())).map(endless_search),
    st.lists(EVENT, max_size=5).map(iter),
    anything,
)
record_bounds = st.one_of(st.integers(0, 5_000), anything)


@pytest.mark.parametrize("budget", BUDGETS)
def test_trace_record(budget):
    def check(args):
        gen, options = args
        trace = refuses_cleanly(
            lambda: sv.Trace.record(gen, **options),
            "Trace.record",
            "limit",
            "finish_within",
            "event",
        )
        if trace is not None:
            assert len(trace) <= options.get("limit", sv.DEFAULT_LIMIT)
            if not trace.finished:
                assert trace.truncated
                assert isinstance(trace.result, sv.Unfinished)

    options = st.fixed_dictionaries(
        {}, optional={"limit": record_bounds, "finish_within": record_bounds}
    )
    run_examples(budget, st.tuples(searches, options), check)


@pytest.mark.parametrize("budget", BUDGETS)
def test_run(budget):
    def check(gen):
        refuses_cleanly(lambda: sv.run(gen), "run needs")

    finite = st.one_of(
        st.lists(st.one_of(EVENT, anything), max_size=5).map(events_of),
        anything.filter(lambda x: not hasattr(x, "__next__")),  # run drains whatever it is given
    )
    run_examples(budget, finite, check)


HAND = sv.Trace([sv.Event("generate", "A"), sv.Event("expand", "A"), sv.Event("goal", "A")], None)


@pytest.mark.parametrize("budget", BUDGETS)
def test_trace_state(budget):
    def check(k):
        # A step outside the trace is an IndexError, with its message.
        state = refuses_cleanly(
            lambda: HAND.state(k), "step", errors=(TypeError, ValueError, IndexError)
        )
        if state is not None:
            assert state.step == k % len(HAND)
            assert state.frontier in ([], ["A"])

    steps = st.one_of(st.integers(-5, 5), st.integers(), st.sampled_from(HUGE), anything)
    run_examples(budget, steps, check)


def test_an_endless_search_at_the_default_bounds_ends_in_time():
    for node in ("A", (1, 2), 10**400):
        trace = sv.Trace.record(endless_search(node))
        assert len(trace) == sv.DEFAULT_LIMIT
        assert not trace.finished
