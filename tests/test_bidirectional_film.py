"""Bidirectional search on the film: the meeting node and the path at the right steps, every step
a new picture, one meaning per mark, and the saving's numbers what their formulas give."""

from __future__ import annotations

import itertools
import re
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import search_viz as sv
from search_viz.algorithms.measures import effective_branching, tree_size
from search_viz.film.looks import HIDDEN
from search_viz.lessons.bidirectional.drawing import (
    LOOKS,
    PLAIN_LOOKS,
    bidirectional_film,
    plain_film,
)
from search_viz.lessons.bidirectional.inputs import DEFAULTS
from search_viz.lessons.bidirectional.puzzle_layers import layer_sizes, layers_film
from search_viz.lessons.bidirectional.sentences import branching_argument
from search_viz.lessons.shared.graph_cases import (
    EDGE_LIST,
    MAZE,
    NOTES_TREE,
    RANDOM,
    TRAP,
    build_case,
    record,
)
from search_viz.lessons.shared.graph_drawing import edge_key
from search_viz.problems.edge_list import EXAMPLE
from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_START, ORDERED_GOAL

PROBLEMS = {
    MAZE: (DEFAULTS["maze_size"], 0.25, 1),
    RANDOM: (DEFAULTS["nodes"], 2.5, 1, False, 0, None),
    NOTES_TREE: ("O", "S", False),
    EDGE_LIST: (EXAMPLE, False, None, None),
    TRAP: (),
}


@cache
def films(kind: str, turns: str):
    """The page's two films (bidirectional, plain BFS) and their traces, for a default case."""
    case = build_case(kind, PROBLEMS[kind])
    both = record(sv.bidirectional_bfs(case.problem, step=turns))
    plain = record(sv.bfs(case.problem))
    return bidirectional_film(both, case.view, turns), plain_film(plain, case.view), both, plain


@cache
def scene_of(film):
    return film.scene()


def shown(film, k: int, name) -> bool:
    number = scene_of(film).item(name)
    return film.state(k).looks.get(number, int(film.base[number])) != HIDDEN


def look_of(film, k: int, node, looks=LOOKS) -> str | None:
    drawn = [
        s
        for s in looks
        if scene_of(film).has(("node", s, node)) and shown(film, k, ("node", s, node))
    ]
    assert len(drawn) <= 1
    return drawn[0] if drawn else None


def picture(film, k: int) -> tuple:
    state = film.state(k)
    return state.looks, state.moves, state.marks


# ------------------------------------------------------------------ the notes and the trap
def test_the_notes_tree_between_two_leaves_meets_at_a_and_shows_the_path_at_the_end():
    film, _, trace, _ = films(NOTES_TREE, "layer")
    path = ["O", "K", "F", "B", "A", "D", "H", "N", "S"]
    assert trace.result.path == path
    meet = trace.result.stats["meet"]
    assert meet in path
    first_touch = int(trace.positions("meet")[0])
    assert trace.events[first_touch].node == meet
    assert film.state(first_touch).sentence.startswith(f"Touch at {meet}:")
    assert look_of(film, first_touch, meet) == "touched"
    assert look_of(film, first_touch - 1, meet) != "touched"
    end = len(film) - 1
    assert film.state(end).sentence.endswith("O → K → F → B → A → D → H → N → S (8 steps).")
    assert look_of(film, end, meet) == "meeting"
    assert [look_of(film, end, n) for n in path if n != meet] == ["path"] * 8
    for a, b in itertools.pairwise(path):
        assert shown(film, end, ("path", edge_key(a, b)))
        assert not shown(film, end - 1, ("path", edge_key(a, b)))
    assert film.state(end).counters["best touch"] == "8 steps"


def test_one_node_at_a_time_the_trap_touches_at_x_first_and_says_why_it_goes_on():
    film, _, trace, _ = films(TRAP, "node")
    first, second = trace.positions("meet").tolist()
    assert trace.events[first].node == "x"
    assert "careless" in film.state(first).sentence
    assert "1 + 1 + 1 = 3" in film.state(first).sentence
    assert look_of(film, first, "x") == "touched"
    assert film.state(first).counters["best touch"] == "4 steps"
    assert trace.events[second].node == "d"
    assert film.state(second).counters["best touch"] == "3 steps"
    end = len(film) - 1
    assert "s → b → d → t (3 steps)" in film.state(end).sentence
    assert look_of(film, end, "d") == "meeting"
    assert look_of(film, end, "x") == "touched"  # touched, but not on the shortest path


def test_a_whole_layer_at_a_time_the_trap_first_touches_on_a_shortest_path():
    film, _, trace, _ = films(TRAP, "layer")
    assert [trace.events[k].node for k in trace.positions("meet")] == ["d"]
    assert look_of(film, len(film) - 1, "d") == "meeting"


# ------------------------------------------------------------------ every step, every example
@pytest.mark.parametrize("kind", list(PROBLEMS))
@pytest.mark.parametrize("turns", ["layer", "node"])
def test_every_step_changes_both_pictures(kind, turns):
    both, plain, trace, plain_trace = films(kind, turns)
    assert len(both) == len(trace)
    assert len(plain) == len(plain_trace)
    for film in (both, plain):
        for k in range(1, len(film)):
            assert picture(film, k) != picture(film, k - 1), (k, film.state(k).sentence)


@given(st.sampled_from(list(PROBLEMS)), st.sampled_from(["layer", "node"]), st.floats(0, 1))
def test_what_the_film_shows_is_what_the_trace_says(kind, turns, where):
    film, _, trace, _ = films(kind, turns)
    k = min(len(trace) - 1, int(where * len(trace)))
    reached: dict[str, dict] = {"forward": {}, "backward": {}}
    touched = set()
    for e in trace.events[: k + 1]:
        if e.kind == "generate":
            reached[e.data][e.node] = "queued"
        elif e.kind == "expand":
            reached[e.data][e.node] = "expanded"
        elif e.kind == "meet":
            touched.add(e.node)
    done = trace.events[k].kind == "done" and trace.result.path
    for node in build_case(kind, PROBLEMS[kind]).problem.graph:
        look = look_of(film, k, node)
        forward, backward = reached["forward"].get(node), reached["backward"].get(node)
        if done and node in trace.result.path:
            assert look == ("meeting" if node == trace.result.stats["meet"] else "path")
        elif node in touched:
            assert look == "touched"
        elif forward == "expanded":
            assert look == "forward expanded"
        elif backward == "expanded":
            assert look == "backward expanded"
        elif forward or backward:
            assert look in ("forward queued", "backward queued")
        else:
            assert look in ("unvisited", None)
    counters = film.state(k).counters
    expands = [e.data for e in trace.events[: k + 1] if e.kind == "expand"]
    assert counters["forward expanded"] == expands.count("forward")
    assert counters["backward expanded"] == expands.count("backward")


def test_one_mark_means_one_thing_in_both_pictures():
    # Squares mean "reached from the goal": only the bidirectional picture has them.
    assert {style.marker for style in PLAIN_LOOKS.values()} == {"o", "*"}
    assert [n for n, style in LOOKS.items() if style.marker == "s"] == [
        "backward queued",
        "backward expanded",
    ]
    # Plain BFS draws what the forward search draws, and its goal as the meeting node's star.
    assert PLAIN_LOOKS["queued"].color == LOOKS["forward queued"].color
    assert PLAIN_LOOKS["expanded"].color == LOOKS["forward expanded"].color
    goal, meeting = PLAIN_LOOKS["goal"], LOOKS["meeting"]
    assert (goal.marker, goal.color, goal.edgecolor) == (
        meeting.marker,
        meeting.color,
        meeting.edgecolor,
    )


def test_every_item_is_in_the_svg():
    for film in films(MAZE, "layer")[:2]:
        ids = set(re.findall(r'id="sv(\d+)"', film.svg))
        assert ids == {str(n) for n in range(len(film.base))}


# ------------------------------------------------------------------ the 8-puzzle, layer by layer
@cache
def puzzle_films():
    p = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
    trace = sv.Trace.record(sv.bidirectional_bfs(p))
    plain = layer_sizes(sv.Trace.record(sv.bfs(p), limit=400_000))
    return layers_film(trace, plain), trace, plain


def test_the_31_move_puzzle_is_filmed_one_turn_a_step_and_meets_in_the_middle():
    film, trace, plain = puzzle_films()
    assert sum(plain) == 181_440  # every state that can reach the goal
    assert trace.result.value == 31
    assert len(film) < 40
    last = film.state(len(film) - 1)
    assert last.sentence.startswith("Stop: any path not seen yet needs at least 15 + 16 + 1 = 32")
    assert last.sentence.endswith("(31 steps).")
    assert last.counters["both"] == "12,452"
    meet = trace.result.stats["meet"]
    assert trace.result.path.index(meet) == 15
    assert shown(film, len(film) - 1, "meeting")
    assert shown(film, len(film) - 1, "caption")
    for k in range(1, len(film)):
        assert picture(film, k) != picture(film, k - 1)
    # The bars of each side appear as the turns reach their layers.
    forward = layer_sizes(trace, "forward")
    assert all(shown(film, len(film) - 1, ("forward", d)) for d in range(len(forward)))
    assert not shown(film, 0, ("forward", 1))


def test_the_notes_puzzle_with_sv_film():
    film = sv.film(sv.bidirectional_bfs, sv.EightPuzzle(NOTES_START))
    assert film.state(-1).sentence.endswith("(5 steps).")
    with pytest.raises(ValueError, match="step='layer'"):
        sv.film(sv.bidirectional_bfs, sv.EightPuzzle(NOTES_START), step="node")


# ------------------------------------------------------------------ what meeting saves
def numbers_next_to_formulas(text: str) -> dict[str, float]:
    """Every number the argument prints next to a formula, read back from its text."""

    def number(pattern: str) -> float:
        return float(re.search(pattern, text).group(1).replace(",", ""))

    return {
        "N": number(r"\*\*N = ([\d,]+)\*\*"),
        "d": number(r"\*\*d = (\d+)\*\*"),
        "b": number(r"\*\*b\\\* = ([\d.]+)\*\*"),
        "half": number(r"d/2 = ([\d.]+) deep"),
        "two": number(r"− 1\) = \*\*([\d,]+)\*\* nodes"),
        "generated": number(r"generated \*\*([\d,]+)\*\* \("),
        "forward": number(r"\(([\d,]+) forward"),
        "backward": number(r"\+ ([\d,]+) backward"),
        "expanded": number(r"and expanded \*\*([\d,]+)\*\*"),
        "plain": number(r"Plain BFS expanded \*\*([\d,]+)\*\*"),
        "fewer": number(r"([\d.,]+) times fewer"),
    }


@pytest.mark.parametrize(
    "case",
    [
        (31, (181_439, 181_439), (5_173, 8_000), (7_279, 12_220)),
        (30, (191, 190), (59, 70), (73, 80)),
        (8, (17, 17), (4, 6), (4, 5)),
        (1, (1, 2), (1, 1), (0, 0)),
    ],
)
def test_every_number_printed_next_to_a_formula_is_what_the_formula_gives(case):
    distance, plain, forward, backward = case
    text = branching_argument(distance, plain, forward, backward)
    n = numbers_next_to_formulas(text)
    assert n["N"] == plain[1]
    assert n["d"] == distance
    assert n["b"] == round(effective_branching(plain[1], distance), 2)  # b*(b*^d − 1)/(b* − 1) = N
    assert n["half"] == distance / 2
    assert n["two"] == round(2 * tree_size(n["b"], n["half"]))  # with the printed b*
    assert n["generated"] == n["forward"] + n["backward"] == forward[1] + backward[1]
    assert n["expanded"] == forward[0] + backward[0]
    assert n["plain"] == plain[0]
    if n["expanded"]:
        assert n["fewer"] == round(plain[0] / n["expanded"], 1)


def test_the_31_move_puzzle_argument_in_its_own_numbers():
    _, trace, _ = puzzle_films()
    p = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
    plain = sv.run(sv.bfs(p))
    sides = {
        side: (
            sum(e.kind == "expand" and e.data == side for e in trace.events),
            sum(
                e.kind == "generate" and e.data == side and e.parent is not None
                for e in trace.events
            ),
        )
        for side in ("forward", "backward")
    }
    text = branching_argument(
        31,
        (plain.stats["expanded"], plain.stats["generated"] - 1),
        sides["forward"],
        sides["backward"],
    )
    assert "**181,439** nodes" in text
    assert "**12,452** (5,173 + 7,279)" in text
    assert "**b\\* = 1.42**" in text
    assert "14.6 times fewer" in text


@pytest.mark.parametrize("kind", list(PROBLEMS))
def test_default_films_stay_small(kind):  # build times: benchmarks/bench_film.py
    case = build_case(kind, PROBLEMS[kind])
    both = record(sv.bidirectional_bfs(case.problem))
    plain = record(sv.bfs(case.problem))
    for make, trace in ((bidirectional_film, both), (plain_film, plain)):
        film = make(trace, case.view)
        assert len(film.payload()[0]) < 300_000


def visible(film, k: int) -> dict:
    """Every item step ``k`` of ``film`` shows, by name, with its look's code."""
    names = film.names()
    codes = dict(enumerate(int(code) for code in film.base))
    codes.update(film.state(k).looks)
    return {names[i]: code for i, code in codes.items() if code != HIDDEN}


@given(
    st.sampled_from([MAZE, RANDOM, NOTES_TREE]),
    st.integers(4, 9),
    st.integers(0, 10_000),
    st.sampled_from(["layer", "node"]),
)
def test_a_film_draws_only_what_it_shows_and_shows_what_it_did(kind, size, seed, turns):
    """Each node is drawn only in the looks its film gives it (a maze's picture of
    thousands of parts made small): every step shows the same parts, in the same looks,
    as the film whose scene draws every node in every look."""
    from search_viz.lessons.bidirectional import drawing

    params = (size, 0.3, seed) if kind == MAZE else PROBLEMS[kind]
    if kind == RANDOM:
        params = (size + 3, 2.5, seed, False, 0, None)
    case = build_case(kind, params)
    both = record(sv.bidirectional_bfs(case.problem, step=turns))
    plain = record(sv.bfs(case.problem))
    small = [bidirectional_film(both, case.view, turns), plain_film(plain, case.view)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(drawing, "bidirectional_shown", lambda trace: None)
        patch.setattr(drawing, "plain_shown", lambda trace: None)
        full = [bidirectional_film(both, case.view, turns), plain_film(plain, case.view)]
    for made, every in zip(small, full, strict=True):
        assert len(made) == len(every)
        assert len(made.names()) <= len(every.names())
        for k in range(len(made)):
            assert visible(made, k) == visible(every, k)
            assert made.state(k).panel == every.state(k).panel
