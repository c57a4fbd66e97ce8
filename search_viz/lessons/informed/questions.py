"""What the steps of an informed-search film ask the student (practice mode).

Each question is about what greedy best-first search or A* does at the step,
and its answer is read from that step's event (never worked out again here):

* an ``expand`` step: a **pick**, the frontier board taken off next, clicked
  in the tree (:func:`expand_question`); where the tree draws markers (a
  large tree), a **choice** among the frontier's first boards instead, each
  with its numbers (:func:`table_question`);
* the first child put on the frontier after an expansion: a **value**, its h
  or (A*, every other time) its f = g + h (:func:`child_question`);
* the goal test, a **choice**: stop or go on, at the goal and once before it
  (:func:`goal_test_question`); and when the goal board itself is put on the
  frontier, whether the search stops there (:func:`goal_child_question`).

:class:`Asker` decides, event by event in the film's one walk over the trace,
which step asks what.

>>> from search_viz import Event
>>> q = child_question(Event("generate", (2, 8, 3, 1, 0, 4, 7, 6, 5), parent=(2, 8, 3, 1, 6, 4, 7,
...     0, 5), g=1, h=3, value=4), "A*", "misplaced", (1, 2, 3, 8, 0, 4, 7, 6, 5), "h")
>>> q.prompt
'A* puts 283/1_4/765 on the frontier, a child of 283/164/7_5. What is its h (misplaced tiles)?'
>>> q.answer, q.why
(3, 'h counts the tiles out of place, the blank not counted: 2, 8 and 1 are, so h = 3.')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from search_viz.events import Event, format_value
from search_viz.film.builder import FilmBuilder
from search_viz.film.questions import Question, choice, pick, value
from search_viz.lessons.informed.frontier import TABLE_ROWS, Frontier, FrontierRow
from search_viz.problems.eight_puzzle import compact
from search_viz.problems.puzzle_heuristics import contributions

Board = tuple[int, ...]
Label = Callable[[Any], str]
#: What the tile on each square adds to h: {square: share}, squares adding 0 left out.
Shares = dict[int, int]

#: :func:`format_value`, remembered: a long film writes the same few numbers thousands of times.
_number = functools.lru_cache(maxsize=4096, typed=True)(format_value)
#: What each search orders the frontier by, as a why says it.
ORDER = {
    "A*": "A* expands the lowest f = g + h",
    "greedy": "Greedy best-first expands the lowest f = h (the moves made, g, do not count)",
}
#: The number each search compares, as a why names it.
F_NAME = {"A*": "f", "greedy": "h"}
#: How each tie rule picks among boards of equal f, as a why says it.
TIE_RULE = {
    "fifo": "ties go to the one put on the frontier first",
    "deeper": "ties go to the deepest one (largest g), then to the one put on first",
}
#: What each heuristic counts, as a prompt names it.
H_NAME = {
    "misplaced": "misplaced tiles",
    "manhattan": "Manhattan distance",
    "linear conflict": "linear conflict",
}
#: How each heuristic adds up, as a why says it.
H_RULE = {
    "misplaced": "h counts the tiles out of place, the blank not counted",
    "manhattan": "h sums each tile's distance in moves (across plus down) to its goal square",
    "linear conflict": (
        "h is the Manhattan distance plus 2 for each tile that must step out of its goal "
        "row or column to let another pass"
    ),
}
#: Why the goal test waits for a board to leave the frontier, by search.
WAIT = {
    "A*": ": a cheaper path to the goal may still wait there, with a lower f",
    "greedy": ", like every best-first search in this lesson",
}
#: The goal test's two outcomes.
STOP, GO_ON = "the goal: stop", "not the goal: go on"
#: What the search may do with a goal board it has just made.
FOUND, PUT_ON = "stop: the goal is found", "put it on the frontier"
#: Boards named at most in a why's list of tied boards.
NAMED = 3


def _cap(text: str) -> str:
    """``text`` to begin a sentence.

    >>> _cap("greedy"), _cap("A*")
    ('Greedy', 'A*')
    """
    return text[:1].upper() + text[1:]


def _and(words: Sequence[str]) -> str:
    """Words joined as a sentence lists them.

    >>> _and(["2"]), _and(["2", "8"]), _and(["2", "8", "1"])
    ('2', '2 and 8', '2, 8 and 1')
    """
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def h_why(heuristic: str, board: Board, goal: Board, h: float, shares: Shares | None = None) -> str:
    """Why ``board`` has ``h`` (from the event) under ``heuristic``: the rule, tile by tile.

    ``shares``: what the tile on each square adds to h, {square: share} (squares adding 0
    left out), if worked out already (a film's board panel has them); else worked out here.

    >>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
    >>> h_why("manhattan", NOTES_START, NOTES_GOAL, 5)  # doctest: +NORMALIZE_WHITESPACE
    "h sums each tile's distance in moves (across plus down) to its goal square: 2 adds 1,
    8 adds 2, 1 adds 1 and 6 adds 1, so h = 5."
    >>> h_why("misplaced", NOTES_START, NOTES_GOAL, 4, {0: 1, 1: 1, 3: 1, 4: 1})
    'h counts the tiles out of place, the blank not counted: 2, 8, 1 and 6 are, so h = 4.'
    """
    if shares is None:
        by_tile = contributions(heuristic, board, goal)
        shares = {board.index(tile): share for tile, share in by_tile.items()}
    squares = sorted(shares)  # the tiles in reading order
    if not squares:
        return f"{H_RULE[heuristic]}: every tile is on its goal square, so h = {_number(h)}."
    if heuristic == "misplaced":
        are = "is" if len(squares) == 1 else "are"
        listed = f"{_and([str(board[i]) for i in squares])} {are}"
    else:
        listed = _and([f"{board[i]} adds {shares[i]}" for i in squares])
    return f"{H_RULE[heuristic]}: {listed}, so h = {_number(h)}."


def child_question(
    event: Event,
    algorithm: str,
    heuristic: str,
    goal: Board,
    ask: str,
    label: Label = compact,
    shares: Shares | None = None,
) -> Question:
    """A value: the h (``ask="h"``) or f (``"f"``, A* only) of the child a ``generate`` puts on.

    The answer is the event's own ``h`` or ``value`` (its f); ``shares``: the child's
    shares of h, if known (see :func:`h_why`).

    >>> from search_viz import Event
    >>> e = Event("generate", (2, 8, 3, 1, 0, 4, 7, 6, 5), parent=(2, 8, 3, 1, 6, 4, 7, 0, 5),
    ...           g=1, h=3, value=4)
    >>> q = child_question(e, "A*", "misplaced", (1, 2, 3, 8, 0, 4, 7, 6, 5), "f")
    >>> q.prompt.endswith("What is its f = g + h (h: misplaced tiles)?"), q.answer
    (True, 4)
    >>> q.why  # doctest: +NORMALIZE_WHITESPACE
    'f = g + h: g = 1, one move more than its parent, and h = 3 (h counts the tiles out of
    place, the blank not counted: 2, 8 and 1 are), so f = 1 + 3 = 4.'
    """
    board = event.node
    said = (
        f"{_cap(algorithm)} puts {label(board)} on the frontier, a child of {label(event.parent)}."
    )
    h_text = h_why(heuristic, board, goal, event.h, shares)
    if ask == "f" and algorithm == "A*":
        g, h, f = _number(event.g), _number(event.h), _number(event.value)
        reason = h_text.removesuffix(f", so h = {h}.")
        return value(
            f"{said} What is its f = g + h (h: {H_NAME[heuristic]})?",
            event.value,
            why=f"f = g + h: g = {g}, one move more than its parent, and h = {h} ({reason}), "
            f"so f = {g} + {h} = {f}.",
        )
    if algorithm == "greedy":
        return value(
            f"{said} What is its h ({H_NAME[heuristic]}), the f greedy orders by?",
            event.h,
            why=h_text,
        )
    return value(f"{said} What is its h ({H_NAME[heuristic]})?", event.h, why=h_text)


def expand_question(
    event: Event, frontier: Frontier, algorithm: str, label: Label = compact
) -> Question:
    """A pick: which frontier board the search takes off next (the ``expand`` event's node).

    ``frontier`` is the frontier just before the event (at least two boards);
    the choices are all its boards, in the order they were put on.

    >>> from search_viz import Event
    >>> frontier = Frontier("fifo")
    >>> for k, (node, g, h) in enumerate([("B", 1, 5), ("C", 1, 3), ("D", 1, 5)]):
    ...     frontier.put(FrontierRow(node, g, h, g + h, "A", k))
    >>> q = expand_question(Event("expand", "C", g=1, h=3, value=4), frontier, "A*", str)
    >>> q.choices, q.answer
    (('B', 'C', 'D'), 'C')
    >>> q.why
    'A* expands the lowest f = g + h: C has f = 4, the others 6 or more.'
    """
    boards = [row.node for row in sorted(frontier.top(len(frontier)), key=_joined)]
    return pick(
        f"Which board does {algorithm} take off the frontier next? Click it in the tree.",
        boards,
        event.node,
        why=expand_why(event, frontier, algorithm, label),
        labels=[label(board) for board in boards],
    )


def table_question(
    event: Event, frontier: Frontier, algorithm: str, label: Label = compact
) -> Question:
    """A choice among the frontier's first :data:`TABLE_ROWS` boards: which one the search
    takes off next.

    Where the tree draws markers, which do not show their boards. The frontier's
    table, which lists those boards in order, is hidden while the question waits
    (it would give the answer away): each option says its board's numbers
    instead (g + h = f for A*, h for greedy), in the order they were put on.

    >>> from search_viz import Event
    >>> frontier = Frontier("fifo")
    >>> for k, f in enumerate([6, 5, 5]):
    ...     frontier.put(FrontierRow(str(k), 1, f - 1, f, "A", k))
    >>> q = table_question(Event("expand", "1", g=1, h=4, value=5), frontier, "A*", str)
    >>> q.prompt
    'Which board does A* take off the frontier next? Each is shown with g + h = f.'
    >>> q.choices, q.answer
    (('0: 1 + 5 = 6', '1: 1 + 4 = 5', '2: 1 + 4 = 5'), '1: 1 + 4 = 5')
    >>> print(q.why)  # doctest: +NORMALIZE_WHITESPACE
    A* expands the lowest f = g + h: 1 and 2 share f = 5, the others 6 or more; ties go to the
    one put on the frontier first: 1.
    >>> table_question(Event("expand", "1", h=4, value=4), frontier, "greedy", str).choices
    ('0: h = 5', '1: h = 4', '2: h = 4')
    """
    rows = sorted(frontier.top(TABLE_ROWS), key=_joined)
    if algorithm == "A*":
        shown = "g + h = f"
        numbers = {
            row.node: f"{_number(row.g)} + {_number(row.h)} = {_number(row.f)}" for row in rows
        }
    else:
        shown = "h"
        numbers = {row.node: f"h = {_number(row.h)}" for row in rows}
    return choice(
        f"Which board does {algorithm} take off the frontier next? Each is shown with {shown}.",
        [f"{label(row.node)}: {numbers[row.node]}" for row in rows],
        f"{label(event.node)}: {numbers[event.node]}",
        why=expand_why(event, frontier, algorithm, label),
    )


def _joined(row: FrontierRow) -> int:
    return row.step


def expand_why(event: Event, frontier: Frontier, algorithm: str, label: Label = compact) -> str:
    """The rule that chose the ``expand`` event's board on ``frontier`` (as it was before).

    A few binary searches, whatever the frontier's size: a long film asks this
    thousands of times.

    >>> from search_viz import Event
    >>> frontier = Frontier("deeper")
    >>> for k, (node, g) in enumerate([("B", 1), ("C", 2)]):
    ...     frontier.put(FrontierRow(node, g, 5 - g, 5, "A", k))
    >>> print(expand_why(Event("expand", "C", g=2, h=3, value=5), frontier, "A*", str))
    ... # doctest: +NORMALIZE_WHITESPACE
    A* expands the lowest f = g + h: C and B share f = 5; ties go to the deepest one (largest
    g), then to the one put on first: C (g = 2).
    """
    name, best = F_NAME[algorithm], event.value
    tied = frontier.ties(event.node) + 1  # they come first: the frontier is sorted by f
    rest = ""
    if len(frontier) > tied:
        rest = f", the others {_number(frontier.row(tied).f)} or more"
    if tied == 1:
        return f"{ORDER[algorithm]}: {label(event.node)} has {name} = {_number(best)}{rest}."
    names = [label(row.node) for row in frontier.top(min(tied, NAMED))]
    if tied > NAMED:
        names.append(f"{tied - NAMED} more")
    winner = label(event.node)
    if frontier.tie == "deeper":
        winner += f" (g = {_number(event.g)})"
    return (
        f"{ORDER[algorithm]}: {_and(names)} share {name} = {_number(best)}{rest}; "
        f"{TIE_RULE[frontier.tie]}: {winner}."
    )


def goal_test_question(
    expanded: Event, event: Event, algorithm: str, goal: Board, label: Label = compact
) -> Question:
    """A choice: the goal test on the board just taken off (``expanded``), as ``event`` says.

    >>> from search_viz import Event
    >>> goal = (1, 2, 3, 8, 0, 4, 7, 6, 5)
    >>> q = goal_test_question(Event("expand", goal, g=5, h=0, value=5), Event("goal", goal),
    ...                        "A*", goal)
    >>> q.choices, q.answer
    (('the goal: stop', 'not the goal: go on'), 'the goal: stop')
    """
    board = label(expanded.node)
    stop = event.kind == "goal"
    if stop:
        why = (
            f"The goal test compares the board taken off the frontier with the goal: {board} is "
            f"the goal, so {algorithm} stops, with a path of g = {_number(expanded.g)} moves."
        )
    else:
        why = (
            f"The goal test compares the board taken off the frontier with the goal "
            f"{label(goal)}: {board} differs from it (h = {_number(expanded.h)}), so "
            f"{algorithm} goes on and puts its children on the frontier."
        )
    return choice(
        f"{_cap(algorithm)} has taken {board} off the frontier. The goal test: what now?",
        [STOP, GO_ON],
        STOP if stop else GO_ON,
        why=why,
    )


def goal_child_question(event: Event, algorithm: str, label: Label = compact) -> Question:
    """A choice: the search has just made the goal board (a ``generate``): stop, or put it on?

    >>> from search_viz import Event
    >>> goal, parent = (1, 2, 3, 8, 0, 4, 7, 6, 5), (1, 2, 3, 0, 8, 4, 7, 6, 5)
    >>> q = goal_child_question(Event("generate", goal, parent=parent, g=5, h=0, value=5), "A*")
    >>> q.answer
    'put it on the frontier'
    """
    board = label(event.node)
    answer = PUT_ON if event.kind == "generate" else FOUND
    return choice(
        f"The next child of {label(event.parent)} is {board}, the goal board. "
        f"What does {algorithm} do with it now?",
        [FOUND, PUT_ON],
        answer,
        why=f"{_cap(algorithm)} tests for the goal when it takes a board off the frontier "
        f"(line 5), not when it puts one on{WAIT[algorithm]}. So {board} goes on the frontier "
        f"with {F_NAME[algorithm]} = {_number(event.value)}.",
    )


class Asker:
    """Which step asks what, decided event by event as the film's walk reads the trace.

    ``items(board)``: the scene items a click on which picks a frontier board;
    None where the tree draws no boards (a marker does not show which board it
    is): then an expansion asks for a board of the frontier table instead.
    ``shares(board)``: a board's shares of h, if the film has them already
    (:meth:`~search_viz.lessons.informed.board.BoardPanel.share_of`). Call :meth:`ask` for
    each event before the walk changes the frontier for it.

    >>> import search_viz as sv
    >>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
    >>> from search_viz.lessons.informed.frontier import row_of
    >>> trace = sv.Trace.record(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"))
    >>> asker, frontier = Asker("A*", "misplaced", NOTES_GOAL, None), Frontier()
    >>> kinds = []
    >>> for k, e in enumerate(trace.events):
    ...     asked = asker.question(e, frontier)
    ...     kinds.append(asked[0].kind[0] if asked else "-")
    ...     if e.kind == "generate": frontier.put(row_of(e, k))
    ...     if e.kind == "expand": frontier.take(e.node)
    >>> "".join(kinds)
    '--v--ccv-cv-cv-cvcvccc-'
    """

    def __init__(
        self,
        algorithm: str,
        heuristic: str,
        goal: Board,
        items: Callable[[Board], Sequence[Hashable]] | None,
        label: Label = compact,
        shares: Callable[[Board], Shares] | None = None,
    ) -> None:
        self.algorithm = algorithm
        self.heuristic = heuristic
        self.goal = tuple(goal)
        self.items = items
        self.label = label
        self.shares = shares
        self.expanded: Event | None = None  # the last board taken off the frontier
        self.expansions = 0
        self.child_asked = True  # whether the last expansion's children were asked about
        self.went_on_asked = False  # whether a goal test that goes on was asked yet
        self.values = 0  # the child values asked so far (A* asks h, then f, in turn)
        self.last = ""  # the kind of the event before

    def question(
        self, event: Event, frontier: Frontier
    ) -> tuple[Question, dict[Board, list]] | None:
        """What the step of ``event`` asks, and a pick's items, or None; ``frontier``: before it.

        >>> from search_viz import Event
        >>> goal = (1, 2, 3, 8, 0, 4, 7, 6, 5)
        >>> asker = Asker("A*", "misplaced", goal, None)
        >>> asker.question(Event("expand", goal, g=5, h=0, value=5), Frontier()) is None
        True
        >>> asker.question(Event("goal", goal), Frontier())[0].answer
        'the goal: stop'
        """
        asked = self._next(event)
        if asked is None:
            return None
        what, detail = asked
        if what == "expansion":
            return self._expansion(event, frontier)
        if what == "goal test":
            return goal_test_question(detail, event, self.algorithm, self.goal, self.label), {}
        if what == "goal child":
            return goal_child_question(event, self.algorithm, self.label), {}
        shares = None if self.shares is None else self.shares(event.node)
        question = child_question(
            event, self.algorithm, self.heuristic, self.goal, detail, self.label, shares
        )
        return question, {}

    def follow(self, event: Event) -> None:
        """Go on past ``event``'s step without asking (a step a film leaves out), so that the
        steps after it ask what they would have.

        >>> from search_viz import Event
        >>> goal = (1, 2, 3, 8, 0, 4, 7, 6, 5)
        >>> asker = Asker("A*", "misplaced", goal, None)
        >>> asker.follow(Event("expand", goal, g=5, h=0, value=5))
        >>> asker.question(Event("goal", goal), Frontier())[0].answer
        'the goal: stop'
        """
        self._next(event)

    def _next(self, event: Event) -> tuple[str, Any] | None:
        """What the step of ``event`` asks, by kind ("expansion", "goal test" with the board
        expanded, "goal child", "child" with "h" or "f"), or None; the asker moves past it."""
        after = self.expanded if self.last == "expand" else None
        self.last = event.kind
        if event.kind == "expand":
            self.expanded = event
            self.expansions += 1
            self.child_asked = False
            return "expansion", None
        if after is not None and (
            event.kind == "goal"
            or (event.kind == "generate" and self.expansions >= 2 and not self.went_on_asked)
        ):
            self.went_on_asked |= event.kind != "goal"
            return "goal test", after
        if event.kind != "generate" or event.parent is None:
            return None
        if event.node == self.goal:
            return "goal child", None
        if self.child_asked:
            return None
        self.child_asked = True
        ask = "f" if self.algorithm == "A*" and self.values % 2 else "h"
        self.values += 1
        return "child", ask

    def _expansion(
        self, event: Event, frontier: Frontier
    ) -> tuple[Question, dict[Board, list]] | None:
        if len(frontier) < 2:
            return None  # nothing to choose from
        if self.items is None:
            return table_question(event, frontier, self.algorithm, self.label), {}
        items = {row.node: list(self.items(row.node)) for row in frontier.top(len(frontier))}
        return expand_question(event, frontier, self.algorithm, self.label), items

    def ask(self, writer: FilmBuilder, event: Event, frontier: Frontier) -> None:
        """Have ``writer``'s next step (the step of ``event``) ask its question, if it has one.

        >>> from search_viz import Event
        >>> from search_viz.film.demo import demo_writer
        >>> goal, writer = (1, 2, 3, 8, 0, 4, 7, 6, 5), demo_writer(2)
        >>> asker = Asker("A*", "misplaced", goal, None)
        >>> asker.ask(writer, Event("expand", goal, g=5, h=0, value=5), Frontier())  # no choice
        >>> asker.ask(writer, Event("goal", goal), Frontier())
        >>> writer.step("Stop."); writer.film().question(2).kind
        'choice'
        """
        asked = self.question(event, frontier)
        if asked is not None:
            writer.ask(*asked)
