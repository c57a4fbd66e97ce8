"""What bidirectional search asks the student in practice mode, step by step.

An :class:`Asker` follows a bidirectional trace event by event, as the film is
written, and says what the step of each event asks the student, who is
looking at the step before it. Every answer is read from the event (the side
that expands, the node it takes, the meeting node, the length of a touch);
the rule is only written out in the ``why``, with this step's numbers.

* the first expansion of a turn (and the end): which search expands next, or
  does the search stop? A choice while no touch exists; once the searches
  have touched, a pick: click the meeting node if the shortest path is now
  certain (the stop rule of the notes), or choose the search that goes on;
* a later expansion of a layer: which node that search takes off its queue;
* a node reached: new, or a touch (the other search has it already);
* a touch: how many edges the path through it has.

Plain BFS (the film beside it in compare mode) asks which node it takes off
its queue and the depth of each node it reaches: :func:`plain_question`.

>>> import networkx as nx, search_viz as sv
>>> trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(4), 0, 3)))
>>> asker = Asker()
>>> asked = []
>>> for e, following in zip(trace.events, [*trace.events[1:], None]):
...     asked.append(asker.ask(e, following))
...     asker.see(e)
>>> [q.answer for q, _ in filter(None, asked)][:3]
['the forward search expands', 'new', 'the backward search expands']
>>> asked[-1][0].answer, asked[-1][1]  # the meeting node, clicked in the picture
(2, [2])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any

from search_viz.events import Event, format_value
from search_viz.film.questions import Question, choice, pick, value
from search_viz.lessons.shared.graph_cases import steps_text

FORWARD, BACKWARD = "forward", "backward"
#: The named options of "what next?": a search expands, or the search stops.
GOES = {FORWARD: "the forward search expands", BACKWARD: "the backward search expands"}
STOP = "stop"
#: The options of "a node reached: new, or a touch?".
NEW, TOUCH = "new", "a touch"
#: How each search's nodes look in the graph picture.
SHAPES = {FORWARD: "circles", BACKWARD: "squares"}

#: A question, and the problem's nodes among its choices that are clicked in the picture.
Asked = tuple[Question, list]


def other_side(side: str) -> str:
    """The other search.

    >>> other_side("forward")
    'backward'
    """
    return BACKWARD if side == FORWARD else FORWARD


def count_text(n: int, noun: str = "node") -> str:
    """``n`` nodes, in words.

    >>> count_text(1), count_text(1234, "state")
    ('1 node', '1,234 states')
    """
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def direction(parent: Any, node: Any) -> str:
    """Where a maze cell lies from its neighbour ``parent`` (cells are (row, column)), in words;
    nothing for other nodes.

    >>> direction((2, 3), (2, 4)), direction((2, 3), (1, 3)), direction("a", "b")
    (', the cell to its right', ', the cell above it', '')
    """
    if not (isinstance(parent, tuple) and isinstance(node, tuple)):
        return ""
    if len(parent) != 2 or len(node) != 2:
        return ""
    words = {(0, 1): "to its right", (0, -1): "to its left", (1, 0): "below it"}
    words[(-1, 0)] = "above it"
    step = (node[0] - parent[0], node[1] - parent[1])
    return f", the cell {words[step]}" if step in words else ""


class Asker:
    """What each step of a bidirectional search asks (call :meth:`ask`, then :meth:`see`).

    ``step``: "layer" or "node", as the search was run; ``label``: how a node
    reads; ``noun``: "node", or "state" on the 8-puzzle. The asker keeps what
    the picture shows before each step: each search's queue (in order) and the
    depth of every node it has reached, the touches, the best touch, and the
    search that expanded last.

    >>> Asker(step="node").next_depths()
    (inf, inf)
    """

    def __init__(self, step: str = "layer", label: Callable[[Any], str] = str, noun: str = "node"):
        self.step = step
        self.label = label
        self.noun = noun
        self.queued: dict[str, dict[Hashable, int]] = {FORWARD: {}, BACKWARD: {}}
        self.reached: dict[str, dict[Hashable, int]] = {FORWARD: {}, BACKWARD: {}}
        self.touched: dict[Hashable, int] = {}
        self.best: tuple[float, Hashable] = (math.inf, None)
        self.last_side: str | None = None
        self.turn: tuple[str, int] | None = None

    # ------------------------------------------------------------ following the trace
    def see(self, e: Event) -> None:
        """Take the event ``e`` in (after asking what its step asks).

        >>> asker = Asker()
        >>> asker.see(Event("generate", "s", depth=0, data="forward"))
        >>> asker.queued["forward"], asker.turn_starts(Event("expand", "s", depth=0,
        ...                                                  data="forward"))
        ({'s': 0}, True)
        """
        side = e.data
        if e.kind == "generate":
            self.queued[side][e.node] = e.depth
            self.reached[side][e.node] = e.depth
        elif e.kind == "expand":
            self.queued[side].pop(e.node, None)
            self.last_side = side
            self.turn = (side, e.depth)
        elif e.kind == "meet":
            self.touched.setdefault(e.node, e.value)
            if e.value < self.best[0]:
                self.best = (e.value, e.node)

    def turn_starts(self, e: Event) -> bool:
        """Whether ``e`` is the first expansion of a turn: one search's nodes of one depth (a
        whole layer, or one node when the searches take a node each in turn).

        >>> asker = Asker()
        >>> asker.see(Event("expand", "s", depth=0, data="forward"))
        >>> asker.turn_starts(Event("expand", "a", depth=0, data="forward"))
        False
        """
        return e.kind == "expand" and (e.data, e.depth) != self.turn

    def next_depths(self) -> tuple[float, float]:
        """The depths of the next nodes in the forward and the backward queues (∞: empty).

        >>> asker = Asker()
        >>> asker.see(Event("generate", "a", depth=1, data="forward"))
        >>> asker.next_depths()
        (1, inf)
        """
        return tuple(min(self.queued[side].values(), default=math.inf) for side in GOES)

    # ------------------------------------------------------------ the questions
    def ask(
        self, e: Event, following: Event | None = None, *, picture: bool = True
    ) -> Asked | None:
        """What the step of ``e`` asks, and the nodes its choices click (None: nothing).

        ``following``: the event after ``e`` (a node reached is a touch when a
        meet follows it). ``picture``: whether the nodes are drawn to be
        clicked (not on the 8-puzzle's chart, where the end asks a choice).

        >>> asker = Asker()
        >>> asker.ask(Event("meet", "s", value=0, data="forward"))[0].answer
        0
        """
        if self.turn_starts(e) or e.kind == "done":
            return self.next_turn(e, picture)
        if e.kind == "expand":
            return self.which_node(e)
        if e.kind == "generate" and e.parent is not None and following is not None:
            return self.new_or_touch(e, following), []
        if e.kind == "meet":
            return self.touch_length(e), []
        return None

    def next_turn(self, e: Event, picture: bool = True) -> Asked:
        """Which search expands next, or does the search stop (click the meeting node)?

        >>> Asker().next_turn(Event("expand", "s", depth=0, data="forward"))[0].choices
        ('the forward search expands', 'the backward search expands', 'stop')
        """
        side = e.data if e.kind == "expand" else None
        if self.touched and picture:
            nodes = list(self.touched)
            options = [*nodes, GOES[FORWARD], GOES[BACKWARD]]
            labels = [*(self.label(n) for n in nodes), GOES[FORWARD], GOES[BACKWARD]]
            answer = GOES[side] if side else e.node
            why = self._go_on(side) if side else self._stop()
            prompt = (
                "Stop or go on? If the shortest path is now certain, click its meeting node; "
                "if not, choose the search that expands next."
            )
            return pick(prompt, options, answer, why=why, labels=labels), nodes
        what = "a whole layer" if self.step == "layer" else f"one {self.noun}"
        prompt = f"Next turn: which search expands {what}, or does the search stop?"
        answer = GOES[side] if side else STOP
        why = self._go_on(side) if side else self._stop()
        return choice(prompt, [GOES[FORWARD], GOES[BACKWARD], STOP], answer, why=why), []

    def which_node(self, e: Event) -> Asked | None:
        """Which node the search takes off its queue next, in the middle of its layer.

        >>> asker = Asker()
        >>> for node in "ab":
        ...     asker.see(Event("generate", node, depth=1, data="forward"))
        >>> asker.which_node(Event("expand", "a", depth=1, data="forward"))[0].why[-49:]
        'its oldest node, a (a joined its queue before b).'
        """
        side = e.data
        nodes = list(dict.fromkeys([*self.queued[FORWARD], *self.queued[BACKWARD]]))
        if len(nodes) < 2:
            return None
        queue = list(self.queued[side])
        label = self.label
        why = (
            f"A queue is first in, first out: the {side} search takes its oldest "
            f"{self.noun}, {label(queue[0])}"
        )
        if len(queue) > 1:
            why += f" ({label(queue[0])} joined its queue before {label(queue[1])})"
        prompt = f"The {side} search goes on with its layer: which {self.noun} does it take next?"
        question = pick(prompt, nodes, e.node, why=why + ".", labels=[label(n) for n in nodes])
        return question, nodes

    def new_or_touch(self, e: Event, following: Event) -> Question:
        """Is the node just reached new, or has the other search reached it (a touch)?

        >>> Asker().new_or_touch(Event("generate", "x", parent="a", depth=2, data="forward"),
        ...                      Event("meet", "x", value=4, data="forward")).answer
        'a touch'
        """
        side, other = e.data, other_side(e.data)
        n, parent = self.label(e.node), self.label(e.parent)
        touch = following.kind == "meet" and following.node == e.node and following.data == side
        prompt = (
            f"The {side} search, expanding {parent}, reaches {n}{direction(e.parent, e.node)}. "
            f"Is {n} new, or has the {other} search reached it already (a touch)?"
        )
        if touch:
            why = (
                f"The {other} search has reached {n} already (it is one of its "
                f"{SHAPES[other]}), so the two searches touch at {n}: a path runs start → {n} "
                "→ goal."
            )
        else:
            why = (
                f"{n} is not among the {other} search's {self.noun}s ({SHAPES[other]}) yet: "
                f"it is new, and the {side} search just queues it."
            )
        return choice(prompt, [NEW, TOUCH], TOUCH if touch else NEW, why=why)

    def touch_length(self, e: Event) -> Question:
        """How many edges the path through a touch has (the event's value).

        >>> asker = Asker()
        >>> asker.see(Event("generate", "x", depth=2, data="forward"))
        >>> asker.see(Event("generate", "x", depth=1, data="backward"))
        >>> asker.touch_length(Event("meet", "x", value=3, data="backward")).why[-10:]
        '2 + 1 = 3.'
        """
        n = self.label(e.node)
        ahead = self.reached[FORWARD].get(e.node, 0)
        back = self.reached[BACKWARD].get(e.node, 0)
        prompt = f"{n} is a touch: both searches have reached it. How many edges has the path "
        prompt += f"start → {n} → goal?"
        why = (
            f"The path runs from the start to {n} along the forward search's links ({ahead}: "
            f"{n}'s depth from the start), then from {n} to the goal along the backward "
            f"search's ({back}): {ahead} + {back} = {ahead + back}."
        )
        return value(prompt, e.value, why=why)

    # ------------------------------------------------------------ the rules, in words
    def _bound(self) -> tuple[str, float]:
        f, b = self.next_depths()
        text = f"f + b + 1 = {format_value(f)} + {format_value(b)} + 1 = {format_value(f + b + 1)}"
        return text, f + b + 1

    def _go_on(self, side: str) -> str:
        """Why the search goes on, and why this side expands (the lesson's rule, applied)."""
        length, node = self.best
        if node is None:
            first = "No touch yet, so there is no path to stop with."
        else:
            bound, _ = self._bound()
            first = (
                f"Not yet: the best touch, {self.label(node)}, gives {steps_text(int(length))}, "
                f"but a path not seen yet could have as few as {bound} edges (f, b: the depths "
                "of the next nodes in the two queues)."
            )
        return f"{first} {self._side_rule(side)}"

    def _side_rule(self, side: str) -> str:
        other = other_side(side)
        if self.step == "node":
            rule = f"One {self.noun} at a time, the searches take turns"
            if self.last_side is None:
                return f"{rule}, the forward search first."
            return f"{rule}: the {other} search went last, so the {side} search goes."
        sizes = (
            f"the forward queue holds {count_text(len(self.queued[FORWARD]), self.noun)}, "
            f"the backward queue {count_text(len(self.queued[BACKWARD]), self.noun)}"
        )
        rule = "Each turn the search with the smaller queue (its newest layer) expands it whole"
        if len(self.queued[FORWARD]) != len(self.queued[BACKWARD]):
            return f"{rule}: {sizes}, so the {side} search goes."
        if self.last_side is None:
            return f"{rule}; on a tie the forward search goes first: {sizes}."
        return (
            f"{rule}; on a tie the searches take turns: {sizes}, and the {other} search went "
            f"last, so the {side} search goes."
        )

    def _stop(self) -> str:
        """Why the search stops now."""
        length, node = self.best
        if node is None:
            empty = next((side for side in GOES if not self.queued[side]), FORWARD)
            return (
                f"The {empty} queue is empty: that search has nothing left to expand and never "
                "touched the other, so the goal cannot be reached. The search stops, with no "
                "path."
            )
        n = self.label(node)
        bound, limit = self._bound()
        if not math.isfinite(limit):
            return (
                f"One search has nothing left to expand, so no other path can appear: stop. "
                f"The best touch, {n} ({steps_text(int(length))}), is the meeting {self.noun}."
            )
        return (
            "Stop once the best touch is no longer than f + b + 1, the fewest edges a path not "
            "seen yet can have (f, b: the depths of the next nodes in the two queues): "
            f"{format_value(length)} ≤ {bound}. So the path through the best touch, {n}, is a "
            f"shortest one, and {n} is the meeting {self.noun}."
        )


def plain_question(
    e: Event, queue: list, depths: dict, label: Callable[[Any], str] = str
) -> Asked | None:
    """What a step of plain BFS asks: the node it takes off its queue, the depth of a node reached.

    ``queue``: plain BFS's queue before the step, in order; ``depths``: the
    depth of every node reached so far.

    >>> q, nodes = plain_question(Event("expand", "B", depth=1), ["B", "C"], {"B": 1, "C": 1})
    >>> q.answer, q.why
    ('B', 'A queue is first in, first out: plain BFS takes its oldest node, B (B joined before C).')
    >>> plain_question(Event("generate", "D", parent="B", depth=2), ["C"], {"B": 1})[0].answer
    2
    """
    if e.kind == "expand" and len(queue) > 1:
        front, second = label(queue[0]), label(queue[1])
        why = (
            f"A queue is first in, first out: plain BFS takes its oldest node, {front} "
            f"({front} joined before {second})."
        )
        prompt = "Which node does plain BFS take off its queue next?"
        return pick(prompt, queue, e.node, why=why, labels=[label(n) for n in queue]), list(queue)
    if e.kind == "generate" and e.parent is not None:
        n, parent = label(e.node), label(e.parent)
        above = depths.get(e.parent, 0)
        prompt = f"Plain BFS, expanding {parent}, reaches {n}. At what depth does it queue {n}?"
        why = (
            f"A node is one level below the node it is reached from: {parent} is at depth "
            f"{above}, so {n} is at depth {above} + 1 = {above + 1}."
        )
        return value(prompt, e.depth, why=why), []
    return None


__all__ = [
    "GOES",
    "NEW",
    "STOP",
    "TOUCH",
    "Asker",
    "count_text",
    "other_side",
    "plain_question",
]
