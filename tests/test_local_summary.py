"""Local search's one-line summary counts in the algorithm's unit, never in the player's steps.

The player says "Step k of N" over the replay's steps; a proposal and its verdict are two
of them, a generation one or many. A summary that said "913 steps" beside "Step 0 of 1826"
gave a student two step counts for one run.
"""

from __future__ import annotations

import pytest

import search_viz as sv
from search_viz.lessons.local_search.drawing import run_film
from search_viz.lessons.local_search.runs import Run, counters
from search_viz.lessons.local_search.sentences import summary


@pytest.mark.parametrize(
    ("algorithm", "options", "each"),
    [
        ("simulated_annealing", {"seed": 1}, "child"),
        ("hill_climbing", {"seed": 1, "sideways": 100}, "child"),
        ("genetic", {"seed": 1, "population": 20, "generations": 30}, "generation"),
    ],
)
def test_the_summary_counts_what_the_counters_count_and_leaves_steps_to_the_player(
    algorithm, options, each
):
    run = Run.record(sv.NQueens(8, seed=0), algorithm, options)
    said = summary(run)
    assert "step" not in said, said
    last = run_film(run, each=each).state(-1).counters
    if algorithm == "genetic":
        assert f"after {last['generation']:,} generation" in said
    else:
        assert f"after {last['moves tried']:,} move" in said
        assert last["moves tried"] == counters(run)[-1]["moves tried"]


def test_the_notes_annealing_run_says_its_moves_tried():
    run = Run.record(sv.NQueens(8, seed=0), "simulated_annealing", {"seed": 1})
    assert summary(run).endswith("**solved** after 913 moves tried.")
    assert len(run_film(run)) == 1827  # the player: "Step 0 of 1826"
