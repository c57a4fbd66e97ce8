"""Game trees given by their leaves' values: MAX and MIN alternate level by level.

A :class:`GameTree` is a game in the sense of ``problems.game.Game``:
its states are node numbers (0 is the root, then breadth-first), its actions
child positions 0, 1, 2 ..., so a search's nodes (tuples of actions from the
root) are the tree's paths: ``(1, 0)`` is the first child of the root's second
child.

>>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> len(t), t.depth, t.branching, t.player(()), t.player((1,)), t.value((1, 2))
(13, 2, 3, 'MAX', 'MIN', 6)
>>> t.text()
'[[3, 12, 8], [2, 4, 6], [14, 5, 2]]'
"""

from __future__ import annotations

import ast
import itertools
import json
import math
import numbers
import random as _random
import re
from collections.abc import Iterable
from functools import cached_property
from typing import Any

from search_viz.checks import WrongTypeError, describe, whole_number
from search_viz.problems.game import MAX, MIN

Number = int | float
Node = tuple[int, ...]

#: The largest tree the library builds, in nodes, and its deepest level below the root. Pages
#: draw far smaller trees (they pass their own bounds to :meth:`GameTree.parse`); these keep a
#: notebook's or a benchmark's tree (87,381 nodes in ``benchmarks/``) to about a second to build.
MAX_NODES = 100_000
MAX_DEPTH = 50
#: Leaf values lie from -MAX_VALUE to MAX_VALUE: every whole number in it is exact as a float.
MAX_VALUE = 10**15
#: The longest text :meth:`GameTree.parse` reads (a largest tree with long numbers fits).
MAX_TEXT = 2_000_000

#: What a typed tree looks like, for the messages.
EXAMPLE_TEXT = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
#: The range of leaf values, for the messages.
VALUE_RANGE = "from -10^15 to 10^15"

_NOT_ALLOWED = re.compile(r"[^0-9\s\[\](),.+\-eE]")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _player(root: Any) -> str:
    if not isinstance(root, str):
        raise WrongTypeError(f"the root must be 'max' or 'min', not {describe(root)}")
    name = root.upper()
    if name not in (MAX, MIN):
        raise ValueError(f"the root must be 'max' or 'min', not {describe(root)}")
    return name


def _too_big(what: str) -> ValueError:
    return ValueError(
        f"{what}; a game tree has at most {MAX_NODES:,} nodes and {MAX_DEPTH} levels below "
        "its root."
    )


def _format_number(x: Number) -> str:
    return repr(x)


class GameTree:
    """A finite game tree: leaves carry MAX's utility, inner nodes alternate MAX and MIN.

    Build one with :meth:`from_nested`, :meth:`from_leaves`, :meth:`random` or
    :meth:`parse`; each refuses at once a tree of more than :data:`MAX_NODES`
    nodes or :data:`MAX_DEPTH` levels, and leaf values outside ``VALUE_RANGE``.
    The game protocol (``initial``, ``to_move``, ``actions``, ``result``,
    ``is_terminal``, ``utility``) works on node numbers; the rest of the methods
    on nodes (tuples of child positions from the root).

    >>> t = GameTree.from_nested([[3, 12], [2, [4, 6]]])
    >>> s = t.result(t.initial, 1)  # the root's second child, as a node number
    >>> t.to_move(s), t.actions(s), t.is_terminal(s), t.utility(t.result(s, 0))
    ('MIN', (0, 1), False, 2)
    >>> t.number((1, 1)), t.is_leaf((1, 1)), t.player((1, 1)), t.value((1, 1, 0))
    (6, False, 'MAX', 4)
    >>> t.depth, t.branching, t.is_uniform, t.to_nested((1, 1))
    (3, 2, False, [4, 6])
    """

    initial = 0

    def __init__(self, children: list[tuple[int, ...]], values: list, root: str = MAX) -> None:
        """Node ``i`` has the children ``children[i]`` (node numbers) or, if none, ``values[i]``.

        Nodes must be numbered breadth-first from the root 0; use the ``from_*``
        constructors rather than this.
        """
        self.root = _player(root)
        self._children = children
        self._values = values
        n = len(children)
        paths: list[Node] = [()] * n
        players = [self.root] * n
        other = {MAX: MIN, MIN: MAX}
        for i in range(n):
            for a, c in enumerate(children[i]):
                paths[c] = paths[i] + (a,)
                players[c] = other[players[i]]
        self._paths = paths
        self._players = players
        self._actions = [tuple(range(len(kids))) for kids in children]
        self._index = {path: i for i, path in enumerate(paths)}

    # ------------------------------------------------------------ constructors
    @classmethod
    def from_nested(cls, nested: Any, root: str = MAX) -> GameTree:
        """A tree from nested lists: a list is an inner node, a number a leaf.

        Ragged trees are fine; every list needs at least one element. At most
        :data:`MAX_NODES` nodes and :data:`MAX_DEPTH` levels (refused as soon as
        the walk passes either); leaf values lie from ``-MAX_VALUE`` to ``MAX_VALUE``.

        >>> GameTree.from_nested([[2, 4], [6, 8]], root="min").player(())
        'MIN'
        >>> GameTree.from_nested([[1], []])
        Traceback (most recent call last):
        ...
        ValueError: The list at [1] is empty: every inner node needs at least one child, e.g. \
[[3, 12, 8], [2, 4, 6], [14, 5, 2]].
        """
        root = _player(root)
        children: list[tuple[int, ...]] = []
        values: list = []
        queue = [(nested, ())]
        head = 0
        while head < len(queue):
            item, path = queue[head]
            head += 1
            if isinstance(item, (list, tuple)):
                if not item:
                    where = "".join(f"[{a}]" for a in path) or "the root"
                    raise ValueError(
                        f"The list at {where} is empty: every inner node needs at least one "
                        f"child, e.g. {EXAMPLE_TEXT}."
                    )
                if len(queue) + len(item) > MAX_NODES:
                    raise _too_big(f"This tree has more than {MAX_NODES:,} nodes")
                if len(path) >= MAX_DEPTH:
                    raise _too_big(f"This tree is more than {MAX_DEPTH} levels deep")
                first = len(queue)
                queue.extend((child, path + (a,)) for a, child in enumerate(item))  # noqa: RUF005
                children.append(tuple(range(first, len(queue))))
                values.append(None)
            else:
                children.append(())
                if type(item) is int and -MAX_VALUE <= item <= MAX_VALUE:  # the usual leaf, fast
                    values.append(item)
                else:
                    values.append(_leaf_value(item, path))
        return cls(children, values, root)

    @classmethod
    def from_leaves(cls, values: Iterable[Number], branching: int, root: str = MAX) -> GameTree:
        """A uniform tree with ``branching`` children per inner node over ``values``, left to right.

        ``len(values)`` must be a power of ``branching``; at most :data:`MAX_NODES` of them.

        >>> GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2).to_nested()
        [[[2, 3], [5, 9]], [[0, 1], [7, 5]]]
        """
        branching = whole_number("the branching factor", branching, low=1)
        root = _player(root)
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise WrongTypeError(
                f"the leaves' values must be a list of numbers, not {describe(values)}"
            )
        level = list(itertools.islice(values, MAX_NODES + 1))  # an endless iterator stops here
        if len(level) > MAX_NODES:
            raise _too_big(f"More than {MAX_NODES:,} leaves make more than {MAX_NODES:,} nodes")
        if not level:
            raise ValueError("a tree needs at least one leaf")
        if branching == 1:
            return cls.from_nested(level[0] if len(level) == 1 else [level], root)
        leaves = level
        while len(level) > 1:
            if len(level) % branching:
                raise ValueError(
                    f"{len(leaves)} leaves do not make a uniform tree with branching {branching}: "
                    "the number of leaves must be a power of the branching factor"
                )
            level = [level[i : i + branching] for i in range(0, len(level), branching)]
        return cls.from_nested(level[0], root)

    @classmethod
    def random(
        cls,
        branching: int = 2,
        depth: int = 3,
        low: int = -9,
        high: int = 9,
        seed: int = 0,
        root: str = MAX,
    ) -> GameTree:
        """A uniform tree of random whole numbers in ``low..high``; a seed gives one tree.

        Its size is refused at once when it would pass :data:`MAX_NODES`.

        >>> t = GameTree.random(branching=3, depth=2, low=0, high=9, seed=1)
        >>> len(t.leaves()), t == GameTree.random(3, 2, 0, 9, seed=1)
        (9, True)
        >>> GameTree.random(branching=2, depth=20)
        Traceback (most recent call last):
        ...
        ValueError: A uniform tree of branching 2 and depth 20 has 2,097,151 nodes; a game tree \
has at most 100,000 nodes and 50 levels below its root.
        """
        branching = whole_number("the branching factor", branching, low=1, high=MAX_NODES)
        depth = whole_number("the depth", depth, low=0, high=MAX_DEPTH)
        low = whole_number("the lowest value", low, -MAX_VALUE, MAX_VALUE)
        high = whole_number("the highest value", high, -MAX_VALUE, MAX_VALUE)
        seed = whole_number("the seed", seed)
        root = _player(root)
        if low > high:
            raise ValueError(f"the lowest value {low} is above the highest {high}")
        nodes = uniform_size(branching, depth)
        if nodes > MAX_NODES:
            raise _too_big(
                f"A uniform tree of branching {branching} and depth {depth} has {_count(nodes)} "
                "nodes"
            )
        rng = _random.Random(seed)
        leaves = [rng.randint(low, high) for _ in range(branching**depth)]
        return cls.from_leaves(leaves, branching, root)

    @classmethod
    def parse(
        cls,
        text: str,
        root: str = MAX,
        max_nodes: int | None = None,
        max_depth: int | None = None,
    ) -> GameTree:
        """A tree from typed text: nested square brackets of numbers, e.g. ``[[3, 12], [2, 4]]``.

        Numbers may be negative or decimal (:data:`VALUE_RANGE`); ragged trees are
        fine. Read with ``ast.literal_eval``, never ``eval``. ``max_nodes`` /
        ``max_depth`` bound what is accepted (a page's limits; the library's own,
        :data:`MAX_NODES` and :data:`MAX_DEPTH`, always hold), checked on the text
        before anything is built. Every problem is a ``ValueError`` whose message
        says what is wrong and what is allowed.

        >>> GameTree.parse("[[3, -1.5], [2]]").leaves_values()
        [3, -1.5, 2]
        >>> GameTree.parse("[[3, 12], [2, x]]")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: 'x' at character 15 is not allowed: use numbers, commas and square brackets, ...
        """
        if not isinstance(text, str):
            raise WrongTypeError(
                f"the tree must be text, e.g. {EXAMPLE_TEXT!r}, not {describe(text)} "
                f"(a {type(text).__name__}): use GameTree.from_nested for lists"
            )
        max_nodes = MAX_NODES if max_nodes is None else whole_number("max_nodes", max_nodes, 1)
        max_depth = MAX_DEPTH if max_depth is None else whole_number("max_depth", max_depth, 0)
        max_nodes, max_depth = min(max_nodes, MAX_NODES), min(max_depth, MAX_DEPTH)
        if len(text) > MAX_TEXT:
            raise ValueError(
                f"The tree is {len(text):,} characters long; at most {MAX_TEXT:,} are read."
            )
        text = text.replace("−", "-").strip()  # a minus sign pasted from a PDF
        if not text:
            raise ValueError(
                f"The tree is empty: type nested lists of numbers, e.g. {EXAMPLE_TEXT}."
            )
        bad = _NOT_ALLOWED.search(text)
        if bad:
            raise ValueError(
                f"{bad.group()!r} at character {bad.start() + 1} is not allowed: use numbers, "
                f"commas and square brackets, e.g. {EXAMPLE_TEXT}."
            )
        # Counted before anything is built: every list and every number is a node.
        size = text.count("[") + text.count("(") + len(_NUMBER.findall(text))
        if size > max_nodes:
            raise ValueError(
                f"This tree has about {size:,} nodes; at most {max_nodes:,} are allowed here."
            )
        depth = _bracket_depth(text)
        if depth > max_depth:
            raise ValueError(
                f"This tree is {depth} levels deep; at most {max_depth} levels are allowed here."
            )
        for number in _NUMBER.finditer(text):  # before literal_eval: it refuses 4,300 digits
            typed = number.group()
            value = float(typed)
            if not abs(value) <= MAX_VALUE:
                whole = typed.lstrip("+-").isdigit()
                problem = (
                    "is out of range" if whole or math.isfinite(value) else "is not a finite number"
                )
                if len(typed) > 20:
                    typed = f"{typed[:8]}…{typed[-4:]} ({len(typed):,} characters)"
                raise ValueError(
                    f"The number {typed} at character {number.start() + 1} {problem}: "
                    f"leaf values must lie {VALUE_RANGE}."
                )
        try:
            nested = _read(text)
        except (SyntaxError, ValueError, MemoryError, RecursionError) as error:
            where = ""
            if isinstance(error, SyntaxError) and error.offset:
                where = f" near character {error.offset}"
            raise ValueError(
                f"The tree could not be read{where}: write nested square brackets of numbers "
                f"separated by commas, e.g. {EXAMPLE_TEXT}."
            ) from None
        tree = cls.from_nested(nested, root)
        if len(tree) > max_nodes:
            raise ValueError(
                f"This tree has {len(tree):,} nodes; at most {max_nodes:,} are allowed here."
            )
        return tree

    # ---------------------------------------------------------- game protocol
    def to_move(self, state: int) -> str:
        """Who chooses at node number ``state``: ``"MAX"`` or ``"MIN"``."""
        return self._players[state]

    def actions(self, state: int) -> tuple[int, ...]:
        """The child positions ``0 .. k-1`` of node number ``state``."""
        return self._actions[state]

    def result(self, state: int, action: int) -> int:
        """The node number of child ``action`` of node number ``state``."""
        return self._children[state][action]

    def is_terminal(self, state: int) -> bool:
        """Whether node number ``state`` is a leaf."""
        return not self._children[state]

    def utility(self, state: int) -> Number:
        """The value for MAX of leaf number ``state``."""
        return self._values[state]

    # ------------------------------------------------------------- by node
    def __len__(self) -> int:
        return len(self._children)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameTree)
            and self.root == other.root
            and self._children == other._children
            and self._values == other._values
        )

    def __hash__(self) -> int:
        # A tree never changes once made: its text is written once, not at each lookup of
        # the caches keyed by the tree (a film looks them up at every step).
        known = getattr(self, "_hash", None)
        if known is None:
            known = self._hash = hash((self.root, self.text()))
        return known

    def __repr__(self) -> str:
        text = self.text()
        if len(text) > 60:
            text = text[:57] + "..."
        return f"<GameTree root={self.root} nodes={len(self)} {text}>"

    @property
    def nodes(self) -> list[Node]:
        """Every node, breadth-first from the root (the order of textbook letters A, B, C ...)."""
        return list(self._paths)

    def __contains__(self, node: object) -> bool:
        return node in self._index

    def number(self, node: Node) -> int:
        """The node number (the state) of ``node``; ``KeyError`` if it is not in the tree."""
        return self._index[node]

    def children(self, node: Node) -> list[Node]:
        """The children of ``node``, left to right.

        >>> GameTree.from_nested([[1, 2], 3]).children((0,))
        [(0, 0), (0, 1)]
        """
        return [node + (a,) for a in self._actions[self._index[node]]]  # noqa: RUF005

    def is_leaf(self, node: Node) -> bool:
        """Whether ``node`` has no children."""
        return not self._children[self._index[node]]

    def value(self, node: Node) -> Number | None:
        """The value of leaf ``node`` (None for an inner node)."""
        return self._values[self._index[node]]

    def player(self, node: Node) -> str:
        """``"MAX"`` or ``"MIN"``: whose choice ``node`` is (leaves alternate too)."""
        return self._players[self._index[node]]

    def leaves(self) -> list[Node]:
        """The leaves, left to right.

        >>> GameTree.from_nested([[1, 2], 3]).leaves()
        [(0, 0), (0, 1), (1,)]
        """
        return sorted(p for i, p in enumerate(self._paths) if not self._children[i])

    def leaves_values(self) -> list[Number]:
        """The leaves' values, left to right."""
        return [self.value(leaf) for leaf in self.leaves()]

    def leaves_under(self, node: Node) -> list[Node]:
        """The leaves of the subtree rooted at ``node`` (itself if it is a leaf), left to right.

        >>> GameTree.from_nested([[1, 2], 3]).leaves_under((0,))
        [(0, 0), (0, 1)]
        """
        found, stack = [], [node]
        while stack:
            n = stack.pop()
            kids = self.children(n)
            if kids:
                stack.extend(reversed(kids))
            else:
                found.append(n)
        return found

    def subtree(self, node: Node) -> list[Node]:
        """Every node of the subtree rooted at ``node``, itself first, depth-first."""
        found, stack = [], [node]
        while stack:
            n = stack.pop()
            found.append(n)
            stack.extend(reversed(self.children(n)))
        return found

    @cached_property
    def depth(self) -> int:
        """The number of levels below the root (a single leaf has depth 0)."""
        return max(len(p) for p in self._paths)

    @cached_property
    def branching(self) -> int:
        """The largest number of children of a node."""
        return max(len(kids) for kids in self._children)

    @cached_property
    def is_uniform(self) -> bool:
        """Whether every inner node has ``branching`` children and every leaf is at ``depth``."""
        return all(
            len(kids) == self.branching if kids else len(self._paths[i]) == self.depth
            for i, kids in enumerate(self._children)
        )

    @cached_property
    def _minimax(self) -> list:
        values = list(self._values)
        for i in range(len(values) - 1, -1, -1):  # breadth-first numbering: children come later
            kids = self._children[i]
            if kids:
                pick = max if self._players[i] == MAX else min
                values[i] = pick(values[c] for c in kids)
        return values

    def minimax_value(self, node: Node = ()) -> Number:
        """The minimax value of ``node`` (the root by default), without any search events.

        >>> GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).minimax_value()
        3
        """
        return self._minimax[self._index[node]]

    def to_nested(self, node: Node = ()) -> Any:
        """The subtree at ``node`` as nested lists (a leaf as its number)."""
        i = self._index[node]
        if not self._children[i]:
            return self._values[i]
        return [self.to_nested(child) for child in self.children(node)]

    def text(self) -> str:
        """The tree as bracket text that :meth:`parse` reads back.

        >>> GameTree.from_nested([[1, 2.5], -3]).text()
        '[[1, 2.5], -3]'
        """
        parts: list[str] = []
        stack: list = [()]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                parts.append(item)
                continue
            i = self._index[item]
            if not self._children[i]:
                parts.append(_format_number(self._values[i]))
                continue
            kids = self.children(item)
            stack.append("]")
            for k, child in enumerate(reversed(kids)):
                stack.append(child)
                if k < len(kids) - 1:
                    stack.append(", ")
            stack.append("[")
        return "".join(parts)


def _leaf_value(item: Any, path: tuple) -> Number:
    """``item`` as a leaf's value: an ``int`` or a ``float`` from -MAX_VALUE to MAX_VALUE."""
    where = "".join(f"[{a}]" for a in path) or "the root"
    if isinstance(item, bool) or not isinstance(item, numbers.Real):
        raise ValueError(
            f"{describe(item)} at {where} is not a number: leaves must be numbers (negative or "
            "decimal are fine) and inner nodes lists"
        )
    if isinstance(item, numbers.Integral):
        value: Number = int(item)
    else:
        try:
            value = float(item)
        except OverflowError:  # a Fraction beyond any float
            value = 10.0 * MAX_VALUE if item > 0 else -10.0 * MAX_VALUE  # out of range: below
        if not math.isfinite(value):
            raise ValueError(
                f"{describe(item)} at {where} is not a finite number: leaf values must lie "
                f"{VALUE_RANGE}"
            )
    if not -MAX_VALUE <= value <= MAX_VALUE:  # exact for ints of any size: no float conversion
        raise ValueError(
            f"{describe(item)} at {where} is out of range: leaf values must lie {VALUE_RANGE}"
        )
    return value


def _read(text: str) -> Any:
    """The nested lists ``text`` writes: read as JSON (fast), else with ``ast.literal_eval``.

    Neither evaluates code. JSON reads most typed trees at C speed; what it refuses (tuples,
    ``+1``, ``.5``, ``1.``) ``literal_eval`` reads, and its errors are the ones reported.

    >>> _read("[[1, 2.5], 3]"), _read("((1, .5), +2)")
    ([[1, 2.5], 3], ((1, 0.5), 2))
    """
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return ast.literal_eval(text)


def uniform_size(branching: int, depth: int) -> int:
    """The number of nodes of a uniform tree: 1 + b + b^2 + ... + b^depth.

    >>> uniform_size(3, 2), uniform_size(1, 5), uniform_size(2, 20)
    (13, 6, 2097151)
    """
    if branching == 1:
        return depth + 1
    return (branching ** (depth + 1) - 1) // (branching - 1)


def _count(n: int) -> str:
    """A count for a message: exact when it is readable, else its order of magnitude."""
    return f"{n:,}" if n < 10**15 else f"about 10^{len(str(n)) - 1}"


def _bracket_depth(text: str) -> int:
    """The deepest bracket nesting; a ValueError naming an unbalanced bracket."""
    depth = deepest = 0
    opened: list[int] = []
    closing = {"]": "[", ")": "("}
    for position, char in enumerate(text, start=1):
        if char in "[(":
            opened.append(position)
            depth += 1
            deepest = max(deepest, depth)
        elif char in closing:
            if not opened:
                raise ValueError(
                    f"{char!r} at character {position} closes nothing: every ']' needs a '[' "
                    "before it."
                )
            opened.pop()
            depth -= 1
    if opened:
        raise ValueError(
            f"The '[' at character {opened[-1]} is never closed: add a ']' for every '['."
        )
    return deepest


#: The lecture notes' worked examples (sections 5 and 6), by the name a page shows.
EXAMPLES: dict[str, GameTree] = {
    "Notes §6: leaves 2 3 5 9 0 1 7 5": GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], 2),
    "Notes §6: MIN root, leaves 2 4 | 6 8": GameTree.from_nested([[2, 4], [6, 8]], root=MIN),
    "Textbook: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]": GameTree.from_nested(
        [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    ),
    "Notes §5: leaves −1 4 2 6 −3 −5 0 7": GameTree.from_leaves([-1, 4, 2, 6, -3, -5, 0, 7], 2),
    "Notes §5: leaves 1 2 5 7 0 1 6 4": GameTree.from_leaves([1, 2, 5, 7, 0, 1, 6, 4], 2),
}
