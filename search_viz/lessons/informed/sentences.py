"""The sentence under each step of greedy best-first search and A*, with the numbers that decide.

>>> from search_viz import Event
>>> informed_sentence(Event("generate", "B", parent="A", g=1, h=3, value=4), "A*")
'Put B on the frontier, a child of A: g = 1, h = 3, so f = g + h = 1 + 3 = 4.'
>>> informed_sentence(Event("generate", "B", parent="A", g=1, h=3, value=3), "greedy")
'Put B on the frontier, a child of A: h = 3, so f = h = 3 (greedy ignores the cost so far, g = 1).'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from search_viz.events import Event, format_value
from search_viz.lessons.shared.eight_puzzle import moved_tile

Label = Callable[[Any], str]

#: The two informed searches the sentences know, and how each computes f.
F_TEXT = {"A*": "g + h", "greedy": "h"}
#: What h counts, for the first sentence of a search.
H_TEXT = {
    "misplaced": "h counts the misplaced tiles",
    "manhattan": "h sums the tiles' Manhattan distances",
    "linear conflict": "h is Manhattan plus 2 per line conflict",
}
#: How each tie rule picks among nodes of equal f.
TIE_TEXT = {"fifo": "the one put on the frontier first", "deeper": "the deepest one (largest g)"}


#: :func:`format_value`, remembered: a long film writes the same few numbers thousands of times.
_number = functools.lru_cache(maxsize=4096, typed=True)(format_value)


@functools.lru_cache(maxsize=4096, typed=True)
def _f_sum(g: float, h: float, f: float, algorithm: str) -> str:
    """How f is made of g and h, with the numbers.

    >>> _f_sum(1, 3, 4, "A*")
    'g = 1, h = 3, so f = g + h = 1 + 3 = 4'
    """
    g, h, f = _number(g), _number(h), _number(f)
    if algorithm == "A*":
        return f"g = {g}, h = {h}, so f = g + h = {g} + {h} = {f}"
    return f"h = {h}, so f = h = {f} (greedy ignores the cost so far, g = {g})"


def informed_sentence(
    event: Event,
    algorithm: str,
    *,
    label: Label = str,
    heuristic: str = "",
    tie: str = "fifo",
    ties: int = 0,
    path: Sequence[Hashable] | None = None,
    expanded: int | None = None,
) -> str:
    """One sentence about an event of greedy best-first search or A* (``algorithm``).

    ``heuristic`` (its name, e.g. "misplaced") says what h counts in the first
    sentence; ``ties``: at an expansion, how many other frontier nodes had the
    same f (the tie rule ``tie`` chose);
    ``path`` and ``expanded``: the answer, for the last sentence.

    >>> start = Event("generate", "A", g=0, h=4, value=4)
    >>> said = informed_sentence(start, "greedy", heuristic="misplaced")
    >>> print(said)  # doctest: +NORMALIZE_WHITESPACE
    Put the start A on the frontier: h = 4, so f = h = 4 (greedy ignores the cost so far, g = 0; h
    counts the misplaced tiles).
    >>> e = Event("expand", "B", g=2, h=3, value=5)
    >>> print(informed_sentence(e, "A*", ties=2))  # doctest: +NORMALIZE_WHITESPACE
    Take B off the frontier: its f = 5 is the lowest, shared with 2 more; ties go to the one
    put on the frontier first. Is it the goal? (g = 2, h = 3)
    """
    n = label(event.node) if event.node is not None else ""
    kind = event.kind
    if kind == "generate":
        made = _f_sum(event.g, event.h, event.value, algorithm)
        if event.parent is None and heuristic:
            named = H_TEXT.get(heuristic, heuristic)
            # greedy's sum ends in an aside already: what h counts joins it
            made = f"{made[:-1]}; {named})" if made.endswith(")") else f"{made} ({named})"
        if event.parent is None:
            return f"Put the start {n} on the frontier: {made}."
        return f"Put {n} on the frontier, a child of {label(event.parent)}: {made}."
    if kind == "expand":
        f = _number(event.value)
        if ties:
            more = "1 more" if ties == 1 else f"{ties} more"
            why = f"its f = {f} is the lowest, shared with {more}; ties go to {TIE_TEXT[tie]}"
        else:
            why = f"its f = {f} is the lowest"
        return (
            f"Take {n} off the frontier: {why}. Is it the goal? "
            f"(g = {_number(event.g)}, h = {_number(event.h)})"
        )
    if kind == "goal":
        return f"{n} is the goal: stop. Its path cost g = {format_value(event.g)} moves."
    if kind == "done":
        if path:
            moves = len(path) - 1
            plural = "node" if expanded == 1 else "nodes"
            done = f" after expanding {expanded:,} {plural}" if expanded is not None else ""
            return f"Found a solution of {moves} move{'s' if moves != 1 else ''}{done}."
        return "The frontier is empty: the goal cannot be reached."
    return f"{kind} {n}".strip() + "."


def move_sentence(path: Sequence[Sequence[int]], i: int) -> str:
    """What step ``i`` of the solution's own replay says: which tile slides where.

    >>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
    >>> path = [NOTES_START, (2, 8, 3, 1, 0, 4, 7, 6, 5)]
    >>> move_sentence(path, 0), move_sentence(path, 1)
    ('The start: 1 move to go.', 'Move 1 of 1: 6 slides down. The goal is reached.')
    """
    moves = len(path) - 1
    if i == 0:
        return f"The start: {moves} move{'s' if moves != 1 else ''} to go."
    tile, way = moved_tile(path[i - 1], path[i])
    end = " The goal is reached." if i == moves else ""
    return f"Move {i} of {moves}: {tile} slides {way}.{end}"


def greedy_callout_text(heuristic: str, greedy_moves: int, astar_moves: int, where: str) -> str:
    """The callout: the notes' "A*" (ordered by h alone) is greedy best-first search.

    >>> text = greedy_callout_text("misplaced", 15, 11, "712/483/6_5")
    >>> "is greedy best-first search" in text, "**15 moves**" in text
    (True, True)
    """
    if greedy_moves > astar_moves:
        example = (
            f"Greedy's can be longer: on {where}, with h = {heuristic}, greedy's solution has "
            f"**{greedy_moves} moves**, A*'s **{astar_moves}**."
        )
    else:
        example = f"On {where}, with h = {heuristic}, both find {astar_moves} moves."
    return (
        '**The notes\' "A\\*" is greedy best-first search.** Ordering the frontier by h alone '
        "is greedy; A\\* orders it by f = g + h and, with an admissible h (never an "
        f"overestimate, like all three here), takes a shortest solution off it first. {example}"
    )
