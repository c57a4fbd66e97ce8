"""What a step of a film asks the student: the record behind practice mode.

A film may carry, for a step ``k``, a :class:`Question`: what the student,
looking at step ``k - 1``, must answer before step ``k`` plays. Its answer is
what the algorithm did at step ``k``, read from the trace by the lesson that
writes the film (never computed a second time). The browser grades it.

Three kinds:

* ``"pick"``: click one element of the picture. ``choices`` are the problem's
  own nodes or states that may be clicked (as the algorithm's events name
  them), and may end with named options that are not in the picture
  ("no cut", "stuck: no better neighbour"); ``answer`` is one of them.
* ``"value"``: type a number. ``answer`` is the number (``math.inf`` and
  ``-math.inf`` allowed), ``choices`` is empty.
* ``"choice"``: one of a few named options; ``choices`` are their labels.

>>> q = pick("Which node does BFS expand next?", ["B", "C"], "B",
...          why="BFS takes the oldest node on the frontier: first in, first out.")
>>> q.kind, q.answer, q.label(q.answer)
('pick', 'B', 'B')
>>> q.right("C"), q.right("B")
(False, True)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: The kinds of question a film can ask.
KINDS = ("pick", "value", "choice")

#: A typed value is right when it is this close to the answer (answers are shown to 2 places).
VALUE_TOLERANCE = 0.005


@dataclass(frozen=True)
class Question:
    """What one step asks (see the module's docstring).

    ``labels`` say how each choice reads on the screen (the node's letter, a
    board's rows); by default a choice reads as ``str(choice)``.
    """

    kind: str
    prompt: str
    choices: tuple = ()
    answer: Any = None
    why: str = ""
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a question's kind is one of {KINDS}, not {self.kind!r}")
        if not self.prompt or not self.why:
            raise ValueError("a question needs a prompt and a why (the rule, for a wrong answer)")
        if self.kind == "value":
            if self.choices:
                raise ValueError("a value question has no choices")
            if not isinstance(self.answer, (int, float)) or math.isnan(self.answer):
                raise ValueError(f"a value question's answer is a number, not {self.answer!r}")
            return
        if len(self.choices) < 2:
            raise ValueError(f"a {self.kind} question offers at least two choices")
        if len(set(self.choices)) != len(self.choices):
            raise ValueError("a question's choices are all different")
        if self.answer not in self.choices:
            raise ValueError(f"the answer {self.answer!r} is not one of the choices")
        if self.labels and len(self.labels) != len(self.choices):
            raise ValueError("a question has one label per choice")

    def label(self, choice: Hashable) -> str:
        """How ``choice`` reads on the screen.

        >>> choice("Does annealing accept?", ["accept", "reject"], "reject", why="p < r").label(
        ...     "accept")
        'accept'
        """
        if self.labels:
            return self.labels[self.choices.index(choice)]
        return str(choice)

    def right(self, given: Any) -> bool:
        """Whether ``given`` answers the question (a number within :data:`VALUE_TOLERANCE`).

        >>> q = value("What does C back up?", 2.0, why="MIN takes the smallest value.")
        >>> q.right(2), q.right(2.004), q.right(3), q.right(float("inf"))
        (True, True, False, False)
        """
        if self.kind != "value":
            return given == self.answer
        if isinstance(given, bool) or not isinstance(given, (int, float)):
            return False
        if math.isinf(self.answer) or math.isinf(given):
            return given == self.answer
        return abs(given - self.answer) <= VALUE_TOLERANCE

    def data(
        self, items: Mapping[Hashable, Sequence[int]] | None = None, rows: tuple | None = None
    ) -> dict:
        """The question as the browser reads it.

        ``k`` the kind, ``p`` the prompt, ``w`` why; for a pick or a choice, ``c``
        the labels and ``a`` the answer's place among them; for a pick, ``i`` each
        choice's item numbers in the scene (empty: a named option only), as
        :func:`item_rows` writes them from ``items`` (``rows``: those rows worked out
        already); for a value, ``a`` the number (``"inf"`` or ``"-inf"`` for the
        infinities).

        >>> value("h of the start?", 5, why="Manhattan distance.").data()
        {'k': 'value', 'p': 'h of the start?', 'w': 'Manhattan distance.', 'a': 5}
        """
        out: dict[str, Any] = {"k": self.kind, "p": self.prompt, "w": self.why}
        if self.kind == "value":
            answer = self.answer
            out["a"] = ("inf" if answer > 0 else "-inf") if math.isinf(answer) else answer
            return out
        # tuples (JSON writes them as lists): a long film asks thousands of questions, and
        # Python's cycle collector stops walking tuples of plain values
        out["c"] = tuple(self.labels) if self.labels else tuple(str(c) for c in self.choices)
        out["a"] = self.choices.index(self.answer)
        if self.kind == "pick":
            out["i"] = item_rows(self.choices, items or {}) if rows is None else rows
        return out


def item_rows(choices: Sequence[Hashable], items: Mapping[Hashable, Sequence[int]]) -> tuple:
    """Each choice's item numbers in the scene, in order, as a pick's data writes them.

    >>> item_rows(["A", "B", "no cut"], {"A": [7, 3], "B": [5]})
    ((3, 7), (5,), ())
    """
    return tuple(tuple(sorted(map(int, items.get(c, ())))) for c in choices)


def pick(
    prompt: str,
    choices: Sequence[Hashable],
    answer: Hashable,
    *,
    why: str,
    labels: Sequence[str] = (),
) -> Question:
    """A question answered by clicking one element of the picture (or a named option).

    >>> pick("Which state does A* expand?", [(1,), (2,)], (2,), why="lowest f",
    ...      labels=["B", "C"]).label((2,))
    'C'
    """
    return Question("pick", prompt, tuple(choices), answer, why, tuple(labels))


def value(prompt: str, answer: float, *, why: str) -> Question:
    """A question answered by typing a number.

    >>> value("f of B?", 7, why="f = g + h = 2 + 5").answer
    7
    """
    return Question("value", prompt, (), answer, why)


def choice(prompt: str, options: Sequence[str], answer: str, *, why: str) -> Question:
    """A question answered by choosing one of a few named options.

    >>> choice("Cut off or expand?", ["cut off", "expand"], "cut off", why="depth = limit").kind
    'choice'
    """
    return Question("choice", prompt, tuple(options), answer, why)


__all__ = ["KINDS", "VALUE_TOLERANCE", "Question", "choice", "pick", "value"]
