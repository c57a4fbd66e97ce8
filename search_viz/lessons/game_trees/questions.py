"""What each step of a minimax or alpha-beta film asks the student (practice mode).

The film's walk (``drawing.py``) calls :meth:`Questions.at` with each step's
view; the answer is always read from that step's event (never searched again):

* a node's backup: the value it returns (the event's ``value``); a leaf's
  backup in alpha-beta: α or β at its parent after the update (the event's
  ``alpha`` or ``beta``), since the leaf's own value is written under it;
* a prune: where the cut happens, a pick of the child skipped (the event's
  ``node``), or "no cut" where one could have happened and did not (the next
  event enters a child instead);
* entering an inner node in alpha-beta: α or β of its window (the event's);
* entering a node in minimax: which node it is (depth first).

Each question has a topic; a set of topics is a level: :data:`LEVELS` "all"
asks everything, "cuts" (the quiz's standard level) only the root's value and
the cuts.

>>> from search_viz import GameTree, Trace, alphabeta
>>> from search_viz.lessons.shared.game_view import search_views
>>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
>>> trace = Trace.record(alphabeta(tree))
>>> ask = Questions(tree, trace)
>>> asked = {view.step: ask.at(view) for view in search_views(trace, tree)}
>>> asked[14].question.prompt[:41]
'J returned to E. Does the search cut at E'
>>> asked[14].question.answer, asked[14].topic
((0, 1, 1), 'cut')
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field

from search_viz.events import Event, format_value
from search_viz.film.questions import Question, pick, value
from search_viz.lessons.shared.game_view import SearchView, letters, window_text
from search_viz.problems.game import MAX
from search_viz.problems.game_tree import GameTree, Node
from search_viz.trace import Trace

#: The named option of a cut question when the search goes on.
NO_CUT = "no cut"
#: The named option of a cut's follow-up question (after a first child was skipped).
NO_MORE = "no more"

#: What each topic asks.
TOPICS = {
    "root": "the root's value",
    "value": "the value an inner node returns",
    "bound": "α or β at a node, as it is entered or updated",
    "cut": "where a cut happens, or that none does where one could (α and β both finite)",
    "check": "that no cut happens where none could (α or β still infinite)",
    "order": "which node the search enters next",
}
#: The question sets a film can carry: every question but the easy checks (which give way
#: to α or β of the node entered), or the root's value and every cut check (the quiz's
#: standard level: each branch is pruned or not).
LEVELS: dict[str, frozenset[str]] = {
    "all": frozenset(TOPICS) - {"check"},
    "cuts": frozenset({"root", "cut", "check"}),
}


@dataclass(frozen=True)
class Asked:
    """One step's question, its topic, and for a pick the node each choice clicks."""

    topic: str
    question: Question
    nodes: dict[Hashable, Node] = field(default_factory=dict)


def number(x: float) -> str:
    """A value as the page writes it, infinities with their sign.

    >>> number(math.inf), number(-math.inf), number(3.0)
    ('+∞', '−∞', '3')
    """
    text = format_value(x)
    return "+∞" if text == "∞" else text


class Questions:
    """The questions of one search of ``tree``, step by step (``level``: a key of LEVELS).

    >>> from search_viz import GameTree, Trace, minimax
    >>> from search_viz.lessons.shared.game_view import search_views
    >>> tree = GameTree.from_nested([[3, 5], [2, 9]])
    >>> trace = Trace.record(minimax(tree))
    >>> ask = Questions(tree, trace)
    >>> [(v.step, ask.at(v).topic) for v in search_views(trace, tree) if ask.at(v)][:3]
    [(1, 'order'), (2, 'order'), (5, 'order')]
    """

    def __init__(
        self, tree: GameTree, trace: Trace, *, fail_soft: bool = True, level: str = "all"
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"level is one of {sorted(LEVELS)}, not {level!r}")
        self.tree, self.trace, self.fail_soft = tree, trace, fail_soft
        self.topics = LEVELS[level]
        self.pruning = bool(trace.events) and trace.events[0].alpha is not None
        self.labels = letters(tree)

    # ------------------------------------------------------------- naming
    def name(self, node: Node) -> str:
        """A node by its letter."""
        return self.labels[node]

    def label(self, node: Node) -> str:
        """How a pick's choice reads: a leaf as "K (9)", an inner node as "B"."""
        if self.tree.is_leaf(node):
            return f"{self.labels[node]} ({format_value(self.tree.value(node))})"
        return self.labels[node]

    def kind(self, node: Node) -> str:
        return "MAX" if self.tree.player(node) == MAX else "MIN"

    # ---------------------------------------------------------- the step
    def at(self, view: SearchView) -> Asked | None:
        """What the step ``view`` was folded to asks (None: nothing, or not at this level)."""
        if view.step == 0:
            return None
        e = view.event
        before = self.trace.events[view.step - 1]
        asked = None
        if e.kind == "backup":
            asked = self._backup(e, view)
        elif e.kind == "prune":
            asked = self._prune(e, before, view)
        elif e.kind == "expand":
            asked = self._enter(e, before, view)
        if asked is None or asked.topic not in self.topics:
            return None
        return asked

    def _children_said(self, node: Node, view: SearchView) -> str:
        """What each child of ``node`` returned, or that it was pruned: "H = 2, I = 3"."""
        said = []
        for child in self.tree.children(node):
            if child in view.decided:
                said.append(f"{self.name(child)} = {number(view.decided[child])}")
            elif child in view.pruned:
                said.append(f"{self.name(child)} pruned")
        return ", ".join(said)

    def _backup(self, e: Event, view: SearchView) -> Asked | None:
        node, parent = e.node, e.parent
        tree = self.tree
        if parent is None:
            rule = "the largest" if self.kind(node) == "MAX" else "the smallest"
            why = (
                f"The root {self.name(node)} is {self.kind(node)}: its value is {rule} value its "
                f"children returned ({self._children_said(node, view)})."
            )
            prompt = f"What is the value of the root {self.name(node)}?"
            return Asked("root", value(prompt, e.value, why=why))
        if tree.is_leaf(node):
            return self._bound_update(e, view) if self.pruning else None
        return Asked("value", self._returned(e, view))

    def _returned(self, e: Event, view: SearchView) -> Question:
        """What an inner node returns to its parent, and why."""
        node, parent = e.node, e.parent
        me, name = self.kind(node), self.name(node)
        said = self._children_said(node, view)
        largest = "largest" if me == "MAX" else "smallest"
        if node in view.cut_nodes:
            prompt = (
                f"{name} has cut off its other children. What value does {name} return to "
                f"{self.name(parent)}?"
            )
            if self.fail_soft:
                why = (
                    f"Fail-soft: a cut node returns the best value it has seen. {name} is {me} "
                    f"and its children gave {said}: the {largest} is {number(e.value)}."
                )
            else:
                cut = next(c for c in reversed(view.cuts) if c.node == node)
                bound, edge = ("β", cut.beta) if me == "MAX" else ("α", cut.alpha)
                why = (
                    f"Fail-hard: a cut node returns the bound that cut it, β at a MAX node and "
                    f"α at a MIN node. {name} was cut by {bound} = {number(edge)}."
                )
            return value(prompt, e.value, why=why)
        prompt = (
            f"{name} has searched all its children. What value does {name} return to "
            f"{self.name(parent)}?"
        )
        why = f"{name} is {me}: it returns the {largest} value its children returned ({said})."
        best = view.best_seen
        if self.pruning and not self.fail_soft and best is not None and best != e.value:
            bound = "α" if me == "MAX" else "β"
            outside = "at most" if me == "MAX" else "at least"
            why = (
                f"Fail-hard: a node whose children all fall outside its window returns the "
                f"window's edge. Every child of {name} gave {outside} {bound} = {number(e.value)} "
                f"({said}), so {name} returns {bound} rather than {number(best)}."
            )
        return value(prompt, e.value, why=why)

    def _bound_update(self, e: Event, view: SearchView) -> Asked:
        """A leaf came back: α (at a MAX parent) or β (at a MIN parent) after the update."""
        parent, leaf = e.parent, e.node
        is_max = self.kind(parent) == "MAX"
        sign, answer = ("α", e.alpha) if is_max else ("β", e.beta)
        old = view.before[0 if is_max else 1] if view.before else None
        both = f"{number(old)}, {number(e.value)}"
        if is_max:
            rule = f"MAX raises α to the best value it can already get: α = max({both})"
        else:
            rule = f"MIN lowers β to the best value it can already hold MAX to: β = min({both})"
        question = value(
            f"The leaf {self.label(leaf)} returns its value to {self.name(parent)} "
            f"({self.kind(parent)}). What is {sign} at {self.name(parent)} now?",
            answer,
            why=f"{rule} = {number(answer)}.",
        )
        return Asked("bound", question)

    def _remaining(self, parent: Node, e: Event, view: SearchView) -> list[Node]:
        """The children of ``parent`` neither entered nor pruned before this step."""
        return [
            child
            for child in self.tree.children(parent)
            if child == e.node or (child not in view.entered and child not in view.pruned)
        ]

    def _cut_pick(
        self, e: Event, view: SearchView, at: Node, *, prompt: str, option: str, why: str
    ) -> Asked:
        """Where the search cuts at ``at``: the child it skips (this prune's), or ``option``."""
        children = self._remaining(at, e, view)
        answer = e.node if e.kind == "prune" else option
        question = pick(
            prompt,
            [*children, option],
            answer,
            why=why,
            labels=[*(self.label(c) for c in children), option],
        )
        return Asked("cut", question, {c: c for c in children})

    def _prune(self, e: Event, before: Event, view: SearchView) -> Asked:
        at = e.parent
        name, a, b = self.name(at), number(e.alpha), number(e.beta)
        why = (
            f"A cut happens when α ≥ β: at {name}, α = {a} ≥ β = {b}, so {name}'s other children "
            f"cannot matter and {self.label(e.node)} is skipped."
        )
        if before.kind == "prune":
            prompt = (
                f"The cut at {name} has skipped {self.label(before.node)}. Does it skip another "
                f"child? Click the next one it skips, or choose “{NO_MORE}”."
            )
            return self._cut_pick(e, view, at, prompt=prompt, option=NO_MORE, why=why)
        prompt = self._cut_prompt(before, at)
        return self._cut_pick(e, view, at, prompt=prompt, option=NO_CUT, why=why)

    def _cut_prompt(self, before: Event, at: Node) -> str:
        name = self.name(at)
        return (
            f"{self.name(before.node)} returned to {name}. Does the search cut at {name}? If it "
            f"does, click the next child, the one it skips; if not, choose “{NO_CUT}”."
        )

    def _enter(self, e: Event, before: Event, view: SearchView) -> Asked | None:
        node = e.node
        if not node:
            return None
        parent = node[:-1]
        if not self.pruning:
            return self._next_node(e, before, view)
        after_backup = before.kind == "backup" and before.parent == parent
        could = after_backup and _could_cut(before)
        if could or (after_backup and "check" in self.topics):
            name = self.name(parent)
            why = (
                f"A cut happens only when α ≥ β: at {name}, α = {number(e.alpha)} < β = "
                f"{number(e.beta)}, so the search goes on to {self.label(node)}."
            )
            prompt = self._cut_prompt(before, parent)
            asked = self._cut_pick(e, view, parent, prompt=prompt, option=NO_CUT, why=why)
            return asked if could else Asked("check", asked.question, asked.nodes)
        if self.tree.is_leaf(node):
            return None  # a leaf's window is not drawn
        return self._entry_bound(e)

    def _entry_bound(self, e: Event) -> Asked:
        """α or β of a node's window as it is entered: the bound that cuts it, unless only the
        other one is known yet."""
        node = e.node
        is_max = self.kind(node) == "MAX"
        bounds = {"α": e.alpha, "β": e.beta}
        cutting, other = ("β", "α") if is_max else ("α", "β")
        known = math.isinf(bounds[cutting]) and not math.isinf(bounds[other])
        sign = other if known else cutting
        answer = bounds[sign]
        parent = self.name(node[:-1])
        question = value(
            f"The search enters {self.name(node)} ({self.kind(node)}). What is {sign} at "
            f"{self.name(node)}?",
            answer,
            why=(
                f"A node starts with its parent's window: α and β travel down. {parent}'s window "
                f"is {window_text((e.alpha, e.beta))}, so {self.name(node)} starts with {sign} = "
                f"{number(answer)}."
            ),
        )
        return Asked("bound", question)

    def _next_node(self, e: Event, before: Event, view: SearchView) -> Asked | None:
        """Minimax: which node it enters next, among the children of the nodes still open
        and their children (the letters' order)."""
        node, parent = e.node, e.node[:-1]
        children = self.tree.children
        entered = view.entered - {node}
        ways = [c for n in view.open[:-1] for c in children(n) if c not in entered]
        # the ways on, and one level below them (going too deep is a mistake to catch too)
        options = sorted({*ways, *(g for c in ways for g in children(c))}, key=self.tree.number)
        if len(options) < 2:
            return None  # one way on: nothing to choose
        if before.kind == "expand":
            why = (
                f"Minimax searches depth first: from {self.name(parent)} it goes down to its "
                f"first child, {self.label(node)}."
            )
        else:
            why = (
                f"Minimax searches depth first, children left to right: "
                f"{self.name(before.node)} has returned, so {self.name(parent)}'s next child, "
                f"{self.label(node)}, comes next."
            )
        question = pick(
            "Which node does minimax enter next? Click it.",
            options,
            node,
            why=why,
            labels=[self.label(c) for c in options],
        )
        return Asked("order", question, {c: c for c in options})


def _could_cut(backup: Event) -> bool:
    """Whether α ≥ β could hold after this backup: only with both bounds known (finite)."""
    return backup.alpha is not None and not (math.isinf(backup.alpha) or math.isinf(backup.beta))


__all__ = ["LEVELS", "NO_CUT", "NO_MORE", "TOPICS", "Asked", "Questions", "number"]
