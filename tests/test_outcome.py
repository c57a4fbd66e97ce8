"""What a film says its search came to (its meta's "outcome"): what edit mode reports an edit
changed there ("At the end: root value 3 → 9, …", checked in the browser in test_edit_browser).

The lecture notes' answers, and on random cases the brute-force minimax value and the counters
the film's own last step shows.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.events import format_value
from search_viz.film import LONG_FILM
from search_viz.lessons.bidirectional.page import cached_films
from search_viz.lessons.informed.drawing import film_from_trace
from search_viz.lessons.local_search.drawing import run_film, walk_outcome
from search_viz.lessons.local_search.runs import Run
from search_viz.lessons.shared.graph_cases import MAZE, build_case, notes_tree
from search_viz.lessons.shared.outcome import at_the_end
from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_START, ORDERED_GOAL
from search_viz.problems.game_tree import EXAMPLES, GameTree

NOTES_AB = EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"]
TEXTBOOK = EXAMPLES["Textbook: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]"]

trees = st.recursive(
    st.integers(-9, 9), lambda children: st.lists(children, min_size=1, max_size=3), max_leaves=10
).filter(lambda nested: isinstance(nested, list))


def outcome(film) -> dict[str, str]:
    return dict(film.meta["outcome"])


def last_counters(film) -> dict[str, str]:
    """The counters the film's last step shows, as an outcome writes them (text)."""
    return {name: str(value) for name, value in film.state(-1).counters.items()}


def test_the_notes_alpha_beta_tree_comes_to_root_value_3_with_two_cuts():
    """Notes §6: E cuts off 9, C cuts off G with 7 and 5; root value 3, 5 of 8 leaves read."""
    assert sv.film(sv.alphabeta, NOTES_AB).meta["outcome"] == [
        ["root value", "3"],
        ["nodes entered", "11"],
        ["leaves evaluated", "5 of 8"],
        ["cutoffs", "2"],
        ["leaves pruned", "3"],
    ]


def test_the_textbook_tree_prunes_4_and_6():
    end = outcome(sv.film(sv.alphabeta, TEXTBOOK))
    pruned = (end["root value"], end["leaves evaluated"], end["leaves pruned"])
    assert pruned == ("3", "7 of 9", "2")
    assert "cutoffs" not in outcome(sv.film(sv.minimax, TEXTBOOK))  # minimax cuts nothing


def brute_force(nested, maximising: bool = True) -> int:
    if not isinstance(nested, list):
        return nested
    values = [brute_force(child, not maximising) for child in nested]
    return max(values) if maximising else min(values)


@settings(max_examples=25, deadline=None)
@given(trees, st.booleans())
def test_a_game_tree_comes_to_its_minimax_value_and_its_last_counters(nested, pruning):
    film = sv.film(sv.alphabeta if pruning else sv.minimax, GameTree.from_nested(nested))
    end = outcome(film)
    assert end.pop("root value") == format_value(brute_force(nested))
    assert end == last_counters(film)


def test_graph_searches_come_to_their_last_counters_but_where_they_stand():
    notes = sv.GraphProblem(notes_tree(), "A", "R")
    films = [
        sv.film(sv.bfs, notes),
        sv.film(sv.iddfs, notes, max_depth=20),
        sv.film(sv.bfs, build_case(MAZE, (10, 0.25, 1)).problem),
        *cached_films(MAZE, (16, 0.25, 1), "layer"),  # bidirectional search and plain BFS
    ]
    for film in films:
        assert outcome(film) == at_the_end(last_counters(film))
    bfs, iddfs = (outcome(film) for film in films[:2])
    assert bfs["path length"] == iddfs["path length"] == "4"  # the notes' A → C → G → L → R
    assert iddfs["depth limit"] == "4"  # found at the fifth iteration, limit 4


def test_a_star_on_the_notes_puzzle_comes_to_five_moves():
    film = sv.film(sv.astar, sv.EightPuzzle(NOTES_START), heuristic="misplaced")
    assert outcome(film)["solution"] == "5 moves"
    assert outcome(film) == at_the_end(last_counters(film))


def test_a_long_search_s_opening_has_no_outcome_before_its_end_is_known():
    puzzle = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
    head = sv.Trace.begin(sv.astar(puzzle, heuristic="misplaced"), limit=1500).head
    assert len(head) > LONG_FILM
    assert not head.finished
    opening = film_from_trace(head, ORDERED_GOAL, "A*", "misplaced", "fifo", opening=True)
    assert "outcome" not in opening.meta


def test_a_walk_comes_to_its_conflicts_and_moves_tried_even_by_its_opening():
    for algorithm, options in itertools.product(
        ("hill_climbing", "simulated_annealing"), ({}, {"seed": 3})
    ):
        run = Run.record(sv.NQueens(8, seed=1), algorithm, options)
        film = run_film(run)
        assert outcome(film) == {
            n: v for n, v in last_counters(film).items() if n in ("conflicts now", "moves tried")
        }
        assert outcome(film) == {n: str(v) for n, v in walk_outcome(run).items()}
    run = Run.record(sv.NQueens(8, state=(0,) * 8), "simulated_annealing", {"seed": 2})
    assert outcome(run_film(run, opening=True)) == outcome(run_film(run))


def test_every_film_a_student_can_edit_says_what_it_comes_to():
    """Each lesson's default film, and the opening a page shows first: where edit mode can
    change its problem, it says where the search ends (tic-tac-toe offers no edits)."""
    from tests.app.lesson_films import LESSON_FILMS, OPENINGS

    editable = 0
    for made in (*LESSON_FILMS.values(), *OPENINGS.values()):
        films = made()
        for film in films if isinstance(films, (list, tuple)) else [films]:
            if any(film.edits_of(name) for name in film.names()):
                editable += 1
                assert film.meta["outcome"], film
    assert editable == 6  # five lessons' films, and local search's opening
