"""Pictures of a local-search run: the series behind the curves, the board at each step."""

import io

import numpy as np
import pytest
from PIL import Image

import search_viz as sv
from search_viz.algorithms.local_experiments import SETTINGS, run_setting
from search_viz.lessons.shared.figure import to_png
from search_viz.problems.nqueens import count_conflicts
from search_viz.render.local_curves import CurvesCanvas, curves_figure
from search_viz.render.local_run import Run, counters_at
from search_viz.render.local_search import (
    board_at,
    board_figure_at,
    experiment_figure,
    figure_for,
    population_figure,
)

Q = sv.NQueens(8, seed=0)


@pytest.fixture(scope="module")
def annealing():
    return Run.record(Q, "simulated_annealing", {"seed": 1})


@pytest.fixture(scope="module")
def climbing():
    return Run.record(Q, "hill_climbing", {"restarts": 3, "seed": 1})


@pytest.fixture(scope="module")
def evolving():
    return Run.record(Q, "genetic", {"generations": 15, "population": 12, "seed": 1})


def test_the_story_follows_the_current_board_step_by_step(annealing, climbing):
    for run in (annealing, climbing):
        current = Q.state
        for k, e in enumerate(run.trace.events):
            if e.kind in ("accept", "restart"):
                current = e.node
            assert run.story.board(k) == current
            assert run.story.objective[k] == count_conflicts(current)
        assert list(run.story.restarts) == [
            k for k, e in enumerate(run.trace.events) if e.kind == "restart"
        ]


def test_the_temperature_series_is_the_events_temperature(annealing):
    t = annealing.story.temperature
    for k, e in enumerate(annealing.trace.events):
        assert t[k] == pytest.approx(e.temperature)
    assert t[0] == 1000


def test_the_board_shows_the_move_tried_then_the_board_it_leads_to(annealing):
    events = annealing.trace.events
    k = next(k for k, e in enumerate(events) if e.kind == "accept" and e.delta != 0)
    before, marks, _ = board_at(annealing, k - 1)
    after, marks_after, title = board_at(annealing, k)
    column, start, row = events[k - 1].data
    assert marks.decision == "propose"
    assert marks.move == (column, start, row)
    assert before[column] == start
    assert after[column] == row
    assert marks_after.decision == "accept"
    assert title == f"8 queens · {count_conflicts(after)} attacking pairs"
    r = next(k for k, e in enumerate(events) if e.kind == "reject")
    assert board_at(annealing, r)[0] == board_at(annealing, r - 1)[0]
    assert board_at(annealing, r)[1].decision == "reject"


def test_steepest_ascent_s_board_can_carry_the_neighbours_conflicts(climbing):
    _, marks, _ = board_at(climbing, 0, numbers=True)
    assert marks.numbers == Q.neighbour_conflicts(Q.state)
    assert board_at(climbing, 0)[1].numbers is None


def test_the_counters_at_the_last_step_agree_with_the_result(annealing, climbing, evolving):
    last = len(annealing.trace) - 1
    c = counters_at(annealing, last)
    stats = annealing.trace.result.stats
    assert c["moves tried"] == stats["steps"]
    assert c["worse taken"] == stats["worse accepted"]
    assert c["worse rejected"] == stats["rejected"]
    assert c["conflicts now"] == annealing.trace.result.value
    c = counters_at(climbing, len(climbing.trace) - 1)
    stats = climbing.trace.result.stats
    assert (c["moves made"], c["restarts"], c["sideways"]) == (
        stats["moves"],
        stats["restarts"],
        stats["sideways"],
    )
    c = counters_at(evolving, len(evolving.trace) - 1)
    assert c["generation"] == evolving.trace.result.stats["generations"]
    assert c["children made"] == evolving.trace.result.stats["children"]


def test_the_genetic_board_is_the_child_being_made_or_the_fittest(evolving):
    events = evolving.trace.events
    state, marks, title = board_at(evolving, 1)
    assert state == events[1].node
    assert marks.parents == events[1].data.parents
    assert title.startswith("Child: ")
    state, _, title = board_at(evolving, 0)
    assert count_conflicts(state) == min(events[0].data.conflicts)
    assert title.startswith("Generation 0, fittest #")
    assert evolving.evolution.index_at(0) == 0
    assert evolving.evolution.index_at(1) == 0  # a child of generation 1 is bred from generation 0
    second = int(evolving.evolution.steps[1])
    assert evolving.evolution.index_at(second) == 1


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)


@pytest.mark.parametrize("which", ["annealing", "climbing", "evolving"])
def test_the_blitted_curves_are_the_same_picture_as_the_full_drawing(request, which):
    run = request.getfixturevalue(which)
    canvas = CurvesCanvas(run)
    step = len(run.trace) // 2
    fast, full = pixels(canvas.png(step)), pixels(to_png(curves_figure(run, step)))
    assert fast.shape == full.shape
    assert np.mean(np.abs(fast - full)) < 1.0  # antialiasing aside, the same pixels
    assert np.mean(np.abs(pixels(canvas.png(0)) - fast)) > 0.1  # and the cursor moved


def test_every_picture_draws_for_every_algorithm(annealing, climbing, evolving):
    for run in (annealing, climbing, evolving):
        for step in (0, len(run.trace) - 1):
            assert board_figure_at(run, step).axes
            assert figure_for(run, step).axes
    assert population_figure(evolving, 1).axes[0].get_title().startswith("Generation 0")
    summaries = [run_setting(s, n=6, boards=3) for s in SETTINGS[:2]]
    assert experiment_figure(summaries).axes
