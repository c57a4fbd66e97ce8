"""Parts of long films: chunks made without the steps before them (where a student jumps far
into a replay whose whole film is still being made) are the whole film's chunks, exactly.

A part is written by the same walk as the whole film, its earlier steps' words left out
(``FilmBuilder.skip_to``); every chunk it holds must be the one the whole film holds, byte
for byte as the browser reads it, or the player would show one step two ways.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.film import CHUNK_STEPS
from search_viz.film.demo import blinking_film, blinking_writer
from search_viz.lessons.informed.drawing import film_from_trace, part_from_trace
from search_viz.lessons.local_search.drawing import run_film, run_part
from search_viz.lessons.local_search.runs import Run
from search_viz.problems.eight_puzzle import HARDEST_STARTS, ORDERED_GOAL, scramble
from search_viz.trace import Trace
from search_viz.ui.film_player import PART_CHUNKS, part_chunks

SLOW = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def chunk_ranges(chunks: int):
    """Ranges of chunk numbers within a film of ``chunks`` chunks."""
    return st.integers(0, chunks - 1).flatmap(
        lambda first: st.integers(first + 1, chunks).map(lambda stop: range(first, stop))
    )


def assert_part_of(part, whole, chunks: range) -> None:
    assert sorted(part.chunks) == list(chunks)
    for c in chunks:
        assert part.chunks[c] == whole.chunk(c), f"chunk {c} differs"
    assert part.whole == len(whole)


# ------------------------------------------------------------------ the builder
@given(steps=st.integers(1, 2600), data=st.data())
@settings(max_examples=30, deadline=None)
def test_a_part_of_a_blinking_film_is_its_chunks(steps, data):
    whole = blinking_film(steps, asks=True)
    chunks = data.draw(chunk_ranges(whole.n_chunks))
    stop = min(steps, chunks.stop * CHUNK_STEPS)
    part = blinking_writer(stop, asks=True, skip=chunks.start * CHUNK_STEPS).part(steps)
    assert_part_of(part, whole, chunks)
    assert part.steps == range(chunks.start * CHUNK_STEPS, stop)


def test_a_part_starts_a_chunk_and_holds_a_step():
    writer = blinking_writer(0)
    with pytest.raises(ValueError, match="starts a chunk"):
        writer.skip_to(250)
    writer = blinking_writer(3)
    with pytest.raises(ValueError, match="before any step"):
        writer.skip_to(500)
    with pytest.raises(ValueError, match="holds a step at least"):
        blinking_writer(500, skip=500).part(600)
    with pytest.raises(ValueError, match="make it with part"):
        blinking_writer(600, skip=500).film()


def test_the_skipped_steps_ask_nothing_and_keep_no_words():
    writer = blinking_writer(0, asks=True)
    writer.skip_to(500)
    assert writer.skipping
    assert writer.first_written == 500
    part = blinking_writer(1000, asks=True, skip=500).part(1000)
    asked = [step for step, _ in part.chunks[1]["q"]]
    assert asked == list(range(500, 1000))


# ------------------------------------------------------- the part a step asks for
@given(steps=st.integers(1001, 80_000), data=st.data())
def test_the_part_for_a_step_holds_it_and_what_is_not_held(steps, data):
    step = data.draw(st.integers(1000, steps - 1))
    chunks = part_chunks(step, steps, 1000)
    assert step // CHUNK_STEPS in chunks
    assert chunks.start >= 2
    assert chunks.stop <= -(-steps // CHUNK_STEPS)
    assert len(chunks) == min(PART_CHUNKS, -(-steps // CHUNK_STEPS) - chunks.start)
    assert not part_chunks(data.draw(st.integers(0, 999)), steps, 1000)


# ------------------------------------------------------------ informed search
@given(seed=st.integers(0, 10_000), data=st.data())
@SLOW
def test_a_part_of_an_informed_search_is_its_chunks(seed, data):
    start = scramble(ORDERED_GOAL, 40, seed=seed)
    heuristic = data.draw(st.sampled_from(["misplaced", "manhattan"]))
    algorithm = data.draw(st.sampled_from(["A*", "greedy"]))
    search = (sv.astar if algorithm == "A*" else sv.greedy)(
        sv.EightPuzzle(start, goal=ORDERED_GOAL), heuristic=heuristic
    )
    recording = Trace.begin(search, limit=2600)  # as the page records it
    assume(len(recording.head) > CHUNK_STEPS)  # an easy puzzle's film has one chunk
    whole = film_from_trace(recording.finish(), ORDERED_GOAL, algorithm, heuristic, "fifo")
    chunks = data.draw(chunk_ranges(whole.n_chunks).filter(lambda chunks: chunks.start > 0))
    # a part is made from the events kept, before the search has run on to its end
    part = part_from_trace(recording.head, ORDERED_GOAL, algorithm, heuristic, "fifo", chunks)
    assert_part_of(part, whole, chunks)


def test_the_last_part_of_the_longest_informed_search_is_its_end():
    """The notes' hardest start with misplaced tiles, the 60,000 events a replay keeps: the
    part End asks for holds the whole film's last two chunks."""
    puzzle = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
    recording = Trace.begin(sv.astar(puzzle, heuristic="misplaced"), limit=60_000)
    chunks = part_chunks(59_999, 60_000, 1000)
    part = part_from_trace(recording.head, ORDERED_GOAL, "A*", "misplaced", "fifo", chunks)
    whole = film_from_trace(recording.finish(), ORDERED_GOAL, "A*", "misplaced", "fifo")
    assert_part_of(part, whole, range(118, 120))
    assert part.steps == range(59_000, 60_000)


# --------------------------------------------------------------- local search
WALKS = st.one_of(
    st.fixed_dictionaries(
        {
            "algorithm": st.just("simulated_annealing"),
            "options": st.fixed_dictionaries(
                {
                    "t0": st.sampled_from([1e3, 1e6]),  # hot: no early solution
                    "cooling": st.sampled_from([0.999, 0.9995]),
                    "neighbour": st.sampled_from(["column-in-turn", "random"]),
                    "max_steps": st.integers(600, 1500),
                    "seed": st.integers(0, 100),
                }
            ),
        }
    ),
    st.fixed_dictionaries(
        {
            "algorithm": st.just("hill_climbing"),
            "options": st.fixed_dictionaries(
                {
                    "variant": st.sampled_from(["steepest", "first-choice"]),
                    "sideways": st.integers(0, 20),
                    "restarts": st.integers(40, 150),
                    "seed": st.integers(0, 100),
                }
            ),
        }
    ),
)


@given(walk=WALKS, n=st.integers(8, 12), board=st.integers(0, 100), data=st.data())
@SLOW
def test_a_part_of_a_local_search_walk_is_its_chunks(walk, n, board, data):
    run = Run.record(sv.NQueens(n, seed=board), walk["algorithm"], walk["options"])
    assume(len(run.trace) > CHUNK_STEPS)  # a walk that ended early has one chunk
    numbers = data.draw(st.booleans())
    whole = run_film(run, numbers=numbers)
    chunks = data.draw(chunk_ranges(whole.n_chunks).filter(lambda chunks: chunks.start > 0))
    assert_part_of(run_part(run, chunks, numbers=numbers), whole, chunks)


def test_a_genetic_algorithms_film_comes_whole():
    run = Run.record(sv.NQueens(8, seed=0), "genetic", {"generations": 2})
    with pytest.raises(ValueError, match="made whole"):
        run_part(run, range(0, 1))


def test_a_walks_part_begins_with_its_queens_where_a_turned_down_move_left_them():
    """The last step before a part turns a move down: its queens are where the accepted moves
    before it put them (which the skipped steps moved without showing)."""
    options = {"t0": 5.0, "cooling": 0.9995, "max_steps": 1500, "seed": 5}
    run = Run.record(sv.NQueens(10, seed=5), "simulated_annealing", options)
    assert run.trace.events[CHUNK_STEPS - 1].kind == "reject"
    assert_part_of(run_part(run, range(1, 2)), run_film(run), range(1, 2))
