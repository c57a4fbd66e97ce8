"""The 8-puzzle's layer chart in words (issue 20): every step of the bidirectional layers film
says what its picture shows, read back against the trace.

The lecture notes' puzzle (5 moves): the forward search's layers 1, 3, 5, 10 from the start,
the backward search's 1, 4, 8 from the goal, the searches meeting 3 moves from the start.
"""

from __future__ import annotations

import re

import search_viz as sv
from search_viz.lessons.bidirectional.puzzle_layers import layer_sizes, layers_film, turns
from search_viz.lessons.shared.graph_cases import record, stopped
from search_viz.problems.eight_puzzle import NOTES_START

#: Plain BFS's layers on the notes' puzzle, as far as the goal (as the page passes them).
PLAIN = (1, 2, 4, 8, 16, 20)


def notes_film():
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.EightPuzzle(NOTES_START)))
    return layers_film(trace, PLAIN), trace


def bars(description: str, side: str) -> list[int]:
    """The sizes a description says a side's bars show, by depth (none said: 0)."""
    match = re.search(
        rf"{side} bars, states reached by moves from the \w+[^:]*: (.*?)\.", description
    )
    assert match, (side, description)
    sizes: list[int] = []
    for size, depth in re.findall(r"([\d,]+) at (\d+)", match.group(1)):
        sizes.extend([0] * (int(depth) + 1 - len(sizes)))
        sizes[int(depth)] = int(size.replace(",", ""))
    return sizes


def test_every_step_of_the_notes_puzzle_says_its_bars_and_its_turn():
    film, trace = notes_film()
    groups = turns(trace)
    assert len(film) == len(groups) == 7
    said = [film.state(k).description for k in range(len(film))]
    assert all(said), "a step without a description"
    # the first step: what the chart is, the two one-state layers, plain BFS's outlines
    assert said[0].startswith(
        "A bar chart of the states reached at each distance from the start, 0 to 5 moves"
    )
    assert bars(said[0], "Forward") == [1]
    assert bars(said[0], "Backward") == [1]
    assert "Plain BFS's outlines, to the goal: 1 at 0, 2 at 1, 4 at 2, 8 at 3, 16 at 4, " in said[0]
    assert "(51 states in all)" in said[0]
    # each turn: its side, depth and states expanded, as the trace's events of that turn say
    for k, group in enumerate(groups):
        if group[0].kind != "expand":
            continue
        side, depth = group[0].data, group[0].depth
        expanded = sum(e.kind == "expand" for e in group)
        plural = "s" if expanded != 1 else ""
        assert said[k].startswith(
            f"This step: the {side} search expands its {expanded} state{plural} at depth {depth}"
        ), (k, said[k])
        assert "Plain BFS" not in said[k]  # said at the first and the last step only
    assert said[1].startswith("This step: the forward search expands its 1 state at depth 0")
    assert bars(said[1], "Forward") == [1, 3]
    assert bars(said[2], "Backward") == [1, 4]
    # the dashed line is said from the step the searches first touch
    touch = next(k for k, g in enumerate(groups) if any(e.kind == "meet" for e in g))
    assert touch == 5
    assert all("dashed line" not in d for d in said[:touch])
    assert "The dashed line: the searches meet 3 steps from the start." in said[touch]
    # the end: the path, every bar, which are the trace's layers
    last = said[-1]
    assert last.startswith("The search is over: a path of 5 moves.")
    assert bars(last, "Forward") == layer_sizes(trace, "forward") == [1, 3, 5, 10]
    assert bars(last, "Backward") == layer_sizes(trace, "backward") == [1, 4, 8]
    assert "(drawn at 5 − moves)" in last
    assert "Plain BFS's outlines" in last


def test_sv_film_of_the_puzzle_describes_each_step_and_a_stopped_search_says_so():
    film = sv.film(sv.bidirectional_bfs, sv.EightPuzzle(NOTES_START))
    assert film.state(3).description.startswith(
        "This step: the forward search expands its 3 states at depth 1"
    )
    trace = record(sv.bidirectional_bfs(sv.EightPuzzle(NOTES_START)), 12)  # the page's cap
    assert stopped(trace)
    stopped_film = layers_film(trace, ())
    last = stopped_film.state(len(stopped_film) - 1).description
    assert last.startswith("Stopped after 12 steps, unfinished: no path is drawn.")
    assert bars(last, "Forward") == [1, 3]
