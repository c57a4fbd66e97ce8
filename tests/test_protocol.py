"""Every algorithm speaks the same protocol: whole events, known kinds, a Result at the end."""

import networkx as nx
import pytest

import search_viz as sv

NOTES_PUZZLE = sv.EightPuzzle((2, 8, 3, 1, 6, 4, 7, 0, 5))
GRID = sv.GraphProblem(nx.grid_2d_graph(4, 4), (0, 0), (3, 3))
TREE = sv.GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])

SEARCHES = {
    "bfs": lambda: sv.bfs(GRID),
    "dfs": lambda: sv.dfs(GRID),
    "dls": lambda: sv.dls(GRID, limit=3),
    "iddfs": lambda: sv.iddfs(GRID, max_depth=8),
    "ucs": lambda: sv.ucs(GRID),
    "bidirectional": lambda: sv.bidirectional_bfs(GRID),
    "greedy": lambda: sv.greedy(NOTES_PUZZLE, heuristic="manhattan"),
    "astar": lambda: sv.astar(NOTES_PUZZLE, heuristic="misplaced"),
    "minimax": lambda: sv.minimax(TREE),
    "alphabeta": lambda: sv.alphabeta(TREE, fail_soft=False, ordering="best"),
    "tictactoe": lambda: sv.alphabeta(sv.TicTacToe("XO.XO....")),
    "hill climbing": lambda: sv.hill_climbing(sv.NQueens(6, seed=3), sideways=5, restarts=2),
    "annealing": lambda: sv.simulated_annealing(sv.NQueens(6, seed=3), max_steps=300, seed=2),
    "genetic": lambda: sv.genetic(sv.NQueens(6, seed=3), population=8, generations=5, seed=2),
}


@pytest.mark.parametrize("name", list(SEARCHES))
def test_every_event_is_whole_and_of_a_known_kind(name):
    trace = sv.Trace.record(SEARCHES[name]())
    assert trace.events, name
    for event in trace.events:
        assert isinstance(event, sv.Event)
        assert len(event) == len(sv.Event._fields), event  # a positional builder out of step
        assert event.kind in sv.KINDS, event
        assert event.note.endswith("."), event
    assert isinstance(trace.result, sv.Result)


@pytest.mark.parametrize(
    ("name", "priority"),
    [("ucs", lambda e: e.g), ("greedy", lambda e: e.h), ("astar", lambda e: e.g + e.h)],
)
def test_best_first_events_carry_their_own_f(name, priority):
    events = [
        e for e in sv.Trace.record(SEARCHES[name]()).events if e.kind in ("generate", "expand")
    ]
    assert events
    for event in events:
        assert event.f == priority(event), event
