"""What each step of an uninformed search asks the student (practice mode).

:class:`Asker` rides along :func:`~search_viz.lessons.uninformed.looks.walk`:
before the step of event ``k`` closes, it asks what event ``k`` does, from
what the student sees at step ``k - 1``; then it takes the event in. Every
answer is read from the event (its node, its kind, its value), never worked
out a second time. What it asks, by event:

* ``expand``: which node comes off the frontier next (a pick among the
  frontier's nodes; with one node left, or none, a named option "none: the
  ... is empty" stands beside it);
* the event right after an ``expand`` (``goal``, ``cutoff``, or the first
  child's ``generate``): what happens to the node now, a choice among "the
  goal: stop", "at the depth limit: cut off" (where there is a limit) and "not
  the goal: generate its children";
* a later ``generate``: which child goes on the frontier next (a pick among
  the node's children on a graph; the blank's move on the 8-puzzle); for
  uniform-cost search, the child's g (a value);
* iterative deepening's ``iterate`` and a ``done`` without a path: start over
  with the next limit, or stop (and what depth-limited search returns);
* ``done`` with a path: its length in steps (its cost for uniform-cost search).

>>> import search_viz as sv
>>> from search_viz.problems.graph_examples import notes_tree
>>> film = sv.film(sv.bfs, sv.GraphProblem(notes_tree(), "A", "R"))
>>> q = film.question(5)
>>> q.prompt, q.answer
('Which node does BFS take off the front of the queue next? Click it.', 'B')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any

from search_viz.events import Event, format_value
from search_viz.film.questions import Question, choice, pick, value
from search_viz.lessons.shared.graph_cases import path_text
from search_viz.lessons.shared.graph_drawing import GraphLooks
from search_viz.problems.eight_puzzle import MOVES

#: Per frontier discipline: its name, how a node comes off it, how a child goes on it.
WORDS: dict[str, tuple[str, str, str]] = {
    "queue": ("queue", "take off the front of the queue", "put at the back of the queue"),
    "stack": ("stack", "pop off the stack", "push on the stack"),
    "priority": ("frontier", "take off the frontier", "put on the frontier"),
}
#: The options of "what happens to the node now" (the cut only where there is a limit).
GOAL, CUT, GROW = (
    "the goal: stop",
    "at the depth limit: cut off",
    "not the goal: generate its children",
)
#: What depth-limited search returns when its stack empties without a goal.
CUTOFF, FAILURE = "cutoff: a deeper goal may exist", "failure: there is no path"

#: A why lists at most this many nodes of the frontier, the next one first.
SHOWN = 8

Items = Callable[[Hashable], list]


def in_order(label: Callable[[Any], str]) -> Callable[[Any], tuple]:
    """A sort key that lists choices by their labels, numbers by value: the order of the buttons
    (neutral: neither the frontier's order nor the graph's, which would give the answer away).

    >>> sorted(["10", "9", "B", "(0, 10)", "(0, 2)"], key=in_order(str))
    ['9', '10', '(0, 2)', '(0, 10)', 'B']
    """

    def key(choice: Any) -> tuple:
        return _label_order(label(choice))

    return key


@lru_cache(maxsize=4096)  # a film asks to order the same few labels at every step
def _label_order(text: str) -> tuple:
    parts = _NUMBERS.split(text)
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts)


#: The runs of digits in a label (compiled with the module, not in the first film).
_NUMBERS = re.compile(r"(\d+)")


def clickable(looks: GraphLooks, *, target: bool = False) -> Items:
    """The scene items a click on which picks a place of the picture, as it shows now.

    The look the place shows (a node drawn once per look: only the shown one
    can be clicked), or with ``target`` the maze cell's invisible square
    (``("target", cell)``, always shown).

    >>> from search_viz.film.demo import demo_writer
    >>> looks = GraphLooks(demo_writer(2), base="unvisited")
    >>> looks.now["B"] = "frontier"
    >>> clickable(looks)("B"), clickable(looks, target=True)("B")
    ([('node', 'frontier', 'B')], [('target', 'B')])
    """

    def items(place: Hashable) -> list:
        if target:
            return [("target", place)]
        status = looks.shown(place)
        return [] if status is None else [("node", status, place)]

    return items


class Asker:
    """Asks, step by step, what the next event of ``algorithm`` does (see the module).

    ``builder`` is the film's; ``discipline`` the frontier's ("queue", "stack",
    "priority"); ``label`` names a state; ``looks_of(place)`` lists the scene
    items a click on which picks the place's node at the step before (see
    :func:`clickable`); ``children(state)`` gives a
    graph node's successors in the graph's order (None on the 8-puzzle, where
    a child is named by the blank's move); ``kin`` says what they are called
    ("children", "neighbours"); ``limit`` is DLS's limit, DFS's bound or
    IDDFS's largest limit; ``tree_search``: a state may wait on the frontier at
    several places (DLS, IDDFS); ``path`` is the path found (for the why);
    ``costs_shown``: the picture writes the edges' costs (a prompt says a step's
    cost where it does not).

    >>> from search_viz.film.demo import demo_writer
    >>> asker = Asker(demo_writer(3), "BFS", "queue", label=str, looks_of=lambda p: [p])
    >>> asker.frontier_text()
    'empty'
    """

    def __init__(
        self,
        builder,
        algorithm: str,
        discipline: str,
        *,
        label: Callable[[Any], str],
        looks_of: Items,
        children: Callable[[Hashable], Sequence] | None = None,
        kin: str = "children",
        limit: int | None = None,
        tree_search: bool = False,
        path: Sequence | None = None,
        costs_shown: bool = True,
    ) -> None:
        self.builder = builder
        self.algorithm = algorithm
        self.discipline = discipline
        self.label = label
        self.looks_of = looks_of
        self.children = children
        self.kin = kin
        self.limit = limit
        self.tree_search = tree_search
        self.path = path
        self.costs_shown = costs_shown
        self.limited = tree_search or limit is not None
        self.depth_limit = None if algorithm == "IDDFS" else limit
        self.waiting: list[tuple[Hashable, Hashable]] = []  # (state, place), in the order put on
        self.g: dict[Hashable, Any] = {}
        self.expanding: Event | None = None  # the last node taken off the frontier
        self.previous: Event | None = None

    # ------------------------------------------------------------ the walk
    def event(self, k: int, e: Event, at: Hashable) -> None:
        """Ask what event ``k`` (at place ``at`` of the picture) does, then take it in.

        >>> from search_viz.film.demo import demo_writer
        >>> asker = Asker(demo_writer(3), "BFS", "queue", label=str, looks_of=lambda p: [p])
        >>> asker.event(0, Event("generate", "A", depth=0), "A")
        >>> asker.frontier_text()
        'A (front first)'
        """
        if k > 0:
            asked = self.question(e, at)
            if asked is not None:
                self.builder.ask(*asked)
        self._see(e, at)

    def _see(self, e: Event, at: Hashable) -> None:
        kind = e.kind
        if kind == "iterate":
            self.waiting = []
            self.depth_limit = e.value
            self.expanding = None
        elif kind == "generate":
            if not self.tree_search:
                self.waiting = [w for w in self.waiting if w[0] != e.node]
            self.waiting.append((e.node, at))
            self.g[e.node] = e.g
        elif kind == "expand":
            self._remove(e.node, at)
            self.expanding = e
        self.previous = e

    def _remove(self, state: Hashable, at: Hashable) -> None:
        """Take the entry at place ``at`` (the newest such) off the frontier."""
        for i in range(len(self.waiting) - 1, -1, -1):
            if self.waiting[i][1] == at:
                del self.waiting[i]
                return

    # ------------------------------------------------------------ the questions
    def question(self, e: Event, at: Hashable) -> tuple[Question, dict] | None:
        """What the step of event ``e`` asks, and the items of a pick's choices (None: nothing).

        >>> from search_viz.film.demo import demo_writer
        >>> asker = Asker(demo_writer(3), "DFS", "stack", label=str, looks_of=lambda p: [p])
        >>> for node in "AB":
        ...     asker.event(1, Event("generate", node, depth=1), node)
        >>> question, items = asker.question(Event("expand", "B", depth=1), "B")
        >>> question.choices, question.answer, items["A"]
        (('A', 'B'), 'B', ['A'])
        """
        kind, after = e.kind, self.previous
        just_expanded = after is not None and after.kind == "expand"
        if kind == "expand":
            return self._next_node(e)
        if just_expanded and (
            kind in ("goal", "cutoff") or (kind == "generate" and e.parent is not None)
        ):
            return self._what_now(e), {}
        if kind == "generate" and e.parent is not None and self.expanding is not None:
            if self.algorithm == "UCS":
                return self._child_g(e), {}
            if self.children is None:
                return self._blank_move(e), {}
            return self._next_child(e)
        if kind == "iterate" and e.value:
            return self._deepen(e), {}
        if kind == "done":
            if e.node is not None:
                return self._path_value(e), {}
            if self.limited:
                return self._returns(e), {}
        return None

    def frontier_text(self) -> str:
        """The frontier as the panel lists it, the next node first (for the why).

        >>> from search_viz.film.demo import demo_writer
        >>> asker = Asker(demo_writer(2), "DFS", "stack", label=str, looks_of=lambda p: [p])
        >>> asker.waiting = [("B", "B"), ("C", "C")]
        >>> asker.frontier_text()
        'C B (top first)'
        """
        states = [state for state, _ in self.waiting]
        if not states:
            return "empty"
        more = " …" if len(states) > SHOWN else ""
        if self.discipline == "stack":
            top = [self.label(s) for s in states[::-1][:SHOWN]]
            return " ".join(top) + more + " (top first)"
        if self.discipline == "priority":
            ranked = sorted(states, key=lambda s: self.g.get(s, 0))[:SHOWN]
            cheap = ", ".join(f"{self.label(s)} g = {format_value(self.g.get(s))}" for s in ranked)
            return cheap + more
        return " ".join(self.label(s) for s in states[:SHOWN]) + more + " (front first)"

    def _next_node(self, e: Event) -> tuple[Question, dict]:
        """Which node comes off the frontier: a pick among the nodes waiting on it."""
        name, take, _ = WORDS[self.discipline]
        places: dict[Hashable, list] = {}
        for state, place in self.waiting:
            places.setdefault(state, []).extend(self.looks_of(place))
        if e.node not in places:  # not expected: the frontier always holds the node taken
            places[e.node] = list(self.looks_of(e.node))
        places = {state: list(dict.fromkeys(names)) for state, names in places.items()}
        states = sorted(places, key=in_order(self.label))
        labels = [self.label(s) for s in states]
        if len(states) < 2:
            empty = f"none: the {name} is empty"
            states.append(empty)
            labels.append(empty)
        rule = {
            "queue": "BFS takes the node at the front of the queue, the one put on first "
            "(first in, first out)",
            "stack": f"{self.algorithm} pops the top of the stack, the node pushed last "
            "(last in, first out)",
            "priority": "UCS takes the node with the lowest g, the cheapest path so far "
            "(equal g: the one put on first)",
        }[self.discipline]
        why = f"{rule}. The {name}: {self.frontier_text()}; so {self.label(e.node)} comes next."
        question = pick(
            f"Which node does {self.algorithm} {take} next? Click it.",
            states,
            e.node,
            why=why,
            labels=labels,
        )
        return question, {s: places[s] for s in states if s in places}

    def _limit_word(self) -> str:
        return "bound" if self.algorithm == "DFS" else "limit"

    def _what_now(self, e: Event) -> Question:
        """What happens to the node just taken off: the goal, cut off, or its children."""
        x = self.expanding
        name = self.label(x.node)
        options = [GOAL, CUT, GROW] if self.limited else [GOAL, GROW]
        answer = {"goal": GOAL, "cutoff": CUT}.get(e.kind, GROW)
        frontier = WORDS[self.discipline][0]
        limit = self.depth_limit
        if answer == GOAL:
            why = (
                f"{name} is the goal: the search tests each node as it comes off the {frontier}, "
                "and stops at the goal."
            )
        elif answer == CUT:
            why = (
                f"{name} is not the goal, and its depth {x.depth} is the {self._limit_word()} "
                f"{limit}: {self.algorithm} cuts it off, without generating its children."
            )
        else:
            below = (
                f", and its depth {x.depth} is below the {self._limit_word()} {limit}"
                if self.limited and limit is not None
                else ""
            )
            why = f"{name} is not the goal{below}: its children are generated."
        return choice(
            f"{name} is off the {frontier}. What happens to it now?", options, answer, why=why
        )

    def _next_child(self, e: Event) -> tuple[Question, dict] | None:
        """Which child of the node being expanded goes on the frontier next (a graph)."""
        parent = e.parent
        kids = [c for c in dict.fromkeys(self.children(parent)) if c != parent]
        if e.node not in kids or len(kids) < 2:
            return None
        states = sorted(kids, key=in_order(self.label))
        labels = [self.label(s) for s in states]
        if len(set(labels)) < len(labels):
            return None
        p = self.label(parent)
        order = ", ".join(self.label(c) for c in kids)
        _, _, put = WORDS[self.discipline]
        if self.algorithm == "BFS":
            rule = (
                f"BFS puts {p}'s {self.kin} at the back of the queue in the graph's order, "
                "skipping any already reached"
            )
        else:
            skipped = (
                f"on {p}'s own path from the start (a cycle)"
                if self.tree_search
                else "already expanded"
            )
            rule = (
                f"{self.algorithm} pushes {p}'s {self.kin} last first (the reverse of the "
                f"graph's order), skipping any {skipped}"
            )
        question = pick(
            f"{p}'s {self.kin}, in the graph's order: {order}. Which one does {self.algorithm} "
            f"{put} next? Click it.",
            states,
            e.node,
            why=f"{rule}: next comes {self.label(e.node)}.",
            labels=labels,
        )
        return question, {s: list(self.looks_of(s)) for s in states}

    def _blank_move(self, e: Event) -> Question:
        """Which child of the board being expanded goes on the frontier next: the blank's move."""
        blank = e.parent.index(0)
        moves = [name for name, _ in MOVES[blank]]
        answer = next(name for name, square in MOVES[blank] if square == e.node.index(0))
        _, _, put = WORDS[self.discipline]
        order = ", ".join(moves)
        if self.algorithm == "BFS":
            rule = f"BFS puts the children at the back of the queue in the order {order}, "
            rule += "skipping a board already reached (such as the one the parent came from)"
        else:
            skipped = "on the path from the start" if self.tree_search else "already expanded"
            skipped += " (such as the one the parent came from)"
            rule = f"{self.algorithm} pushes the children last first ({', '.join(moves[::-1])}), "
            rule += f"skipping a board {skipped}"
        return choice(
            f"Which child of {self.label(e.parent)} does {self.algorithm} {put} next? Say which "
            "way its blank moves (the moves are tried up, down, left, right).",
            [f"blank {m}" for m in moves],
            f"blank {answer}",
            why=f"{rule}: next, the blank moves {answer}.",
        )

    def _child_g(self, e: Event) -> Question:
        """The g of a child uniform-cost search puts on the frontier."""
        parent_g = self.expanding.g
        x, p = self.label(e.node), self.label(e.parent)
        cost = e.g - parent_g
        if self.children is None:
            unit = "each move costs 1"
        elif self.costs_shown:
            unit = "an edge with no number on it costs 1"
        else:  # too many edges to write their costs on the picture: say this one
            unit = f"the step from {p} to {x} costs {format_value(cost)}"
        return value(
            f"{x} is reached from {p}, whose g is {format_value(parent_g)} ({unit}). "
            f"What is g({x}), the cost of the path from the start?",
            e.g,
            why=(
                f"g adds up the step costs along the path: g({x}) = g({p}) + the cost of "
                f"{p} → {x} = {format_value(parent_g)} + {format_value(cost)} = "
                f"{format_value(e.g)}."
            ),
        )

    def _deepen(self, e: Event) -> Question:
        """Iterative deepening's stack is empty: start over with the next limit."""
        return self._iddfs_end(e, 0)

    def _iddfs_end(self, e: Event, answer: int) -> Question:
        limit = self.depth_limit
        options = [
            f"start over with limit {limit + 1}",
            "stop: nothing was cut off, there is no path",
            f"stop: {limit} is the largest limit",
        ]
        why = [
            f"Nodes were cut off at depth {limit}, so the goal may lie deeper, and {limit} is "
            f"below the largest limit {self.limit}: iterative deepening starts over with limit "
            f"{limit + 1}.",
            f"No node was cut off with limit {limit}: everything reachable was searched, so "
            "there is no path; a deeper limit would find nothing new.",
            f"{limit} is the largest limit allowed: iterative deepening stops there, with "
            "nodes still cut off (no goal within that depth).",
        ][answer]
        return choice(
            f"The stack is empty: depth-limited search with limit {limit} found no goal. "
            f"What does iterative deepening do now (largest limit {self.limit})?",
            options,
            options[answer],
            why=why,
        )

    def _returns(self, e: Event) -> Question:
        """A depth-limited search ends without a goal: cutoff or failure (IDDFS: stop or not)."""
        if self.algorithm == "IDDFS":
            return self._iddfs_end(e, 2 if e.value == "cutoff" else 1)
        word, limit = self._limit_word(), self.depth_limit
        if e.value == "cutoff":
            answer = CUTOFF
            why = (
                f"Some nodes were cut off at the {word} {limit}: the goal may lie deeper, so "
                f"{self.algorithm} returns cutoff, not failure."
            )
        else:
            answer = FAILURE
            why = (
                f"No node was cut off: {self.algorithm} searched everything reachable within "
                f"the {word}, and it holds no goal, so it returns failure."
            )
        return choice(
            f"The stack is empty and no goal was found. What does {self.algorithm} return?",
            [CUTOFF, FAILURE],
            answer,
            why=why,
        )

    def _path_value(self, e: Event) -> Question:
        """The path found: its length in steps (its cost for uniform-cost search)."""
        path = list(self.path or ())
        shown = path_text(path, self.label) if path else self.label(e.node)
        if self.algorithm == "UCS":
            return value(
                f"{self.label(e.node)} is the goal. What does the path found cost?",
                e.value,
                why=(
                    f"The path's cost is the goal's g, the step costs added up along "
                    f"{shown}: {format_value(e.value)}."
                ),
            )
        return value(
            f"{self.label(e.node)} is the goal. How many steps long is the path found?",
            e.value,
            why=(
                f"Follow the search-tree links back from the goal to the start: {shown}, "
                f"{e.value} steps (the goal's depth)."
            ),
        )
