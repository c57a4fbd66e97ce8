"""What a click on the picture may change in the problem: the record behind edit mode.

A film may say, for some of its scene's items, what the student can change by
clicking them (the player's "Edit the problem" mode): an item stands for a part
of the problem (a leaf, a tile, a square of the board), and each :class:`Edit`
is one change to it, named in the problem's own terms (``change``: plain JSON
data, e.g. ``{"do": "value", "node": [0, 1]}``). The page that shows the film
applies a change the player sends back to its problem (each lesson's
``edits.py``) and shows the new film; nothing here knows a problem's kind.

An edit either happens at once (sliding a tile) or first asks for a number
(``number``: what the field shows first, e.g. a leaf's value), which the
player puts in the change as ``"value"``.

A part may also be dragged with a mouse or a pen (:func:`editable_data`'s
``drag`` and ``paint``): dropped on another part it makes that part's edit whose
change "does" the drag's role (the start dragged onto a cell makes that cell the
start); swept across other parts it makes each one's edit of the paint's role,
sent as one change ``{"all": [change, ...]}``, which :func:`apply_change` makes
in turn (a wall drawn across five cells).

>>> value = Edit("Set the value", {"do": "value", "node": [0]}, number=3)
>>> value.data()
{'l': 'Set the value', 'c': {'do': 'value', 'node': [0]}, 'n': 3, 'lo': -1000000000000000, \
'hi': 1000000000000000}
>>> Edit("Slide 5 into the blank", {"do": "slide", "tile": 5}).asks_number
False
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: How large a typed number may be, either way, unless an edit says otherwise (every whole
#: number in it is exact as a float).
NUMBER_BOUND = 10**15


def check_plain_data(change: Mapping) -> None:
    """Raise ``ValueError`` or ``TypeError`` unless ``change`` is plain JSON data (what
    ``json.dumps`` writes, without NaN or infinity). Its usual shape (text keys; texts,
    numbers, or lists of them) is told at once: a maze's film offers 2,000 edits, each
    checked when it is made.

    >>> check_plain_data({"do": "wall", "cell": [2, 3]})
    >>> check_plain_data({"at": float("nan")})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Out of range float values are not JSON compliant...
    """
    for key, value in change.items():
        if type(key) is not str or not (
            _plain_value(value) or (type(value) is list and all(map(_plain_value, value)))
        ):
            json.dumps(dict(change), allow_nan=False)  # the whole check, for anything else
            return


def _plain_value(value) -> bool:
    kind = type(value)
    return (
        kind is str
        or kind is int
        or kind is bool
        or value is None
        or (kind is float and math.isfinite(value))
    )


@dataclass(frozen=True)
class Edit:
    """One change a click on an item makes (see the module's docstring).

    ``label`` is the button's words ("Remove E"); ``change`` what the page is
    sent (JSON data in the problem's terms); ``number``: ask for a number
    first, starting at this one, from ``low`` to ``high``.
    """

    label: str
    change: Mapping = field(default_factory=dict)
    number: float | None = None
    low: float = -NUMBER_BOUND
    high: float = NUMBER_BOUND

    def __post_init__(self) -> None:
        if not self.label:
            raise ValueError("an edit needs a label: the words of its button")
        check_plain_data(self.change)
        if self.number is not None and not (
            math.isfinite(self.number) and self.low <= self.number <= self.high
        ):
            raise ValueError(
                f"an edit's number {self.number!r} lies outside {self.low}..{self.high}"
            )

    @property
    def asks_number(self) -> bool:
        """Whether the student types a number before the change is made."""
        return self.number is not None

    def data(self) -> dict:
        """The edit as the browser reads it: ``l`` label, ``c`` change, and for a number
        ``n`` (the field's first value), ``lo`` and ``hi``."""
        out: dict = {"l": self.label, "c": dict(self.change)}
        if self.number is not None:
            out.update(n=self.number, lo=self.low, hi=self.high)
        return out


#: The most changes one sweep of the mouse may send at once (a 30 x 30 maze's longest wall is
#: 30 cells; far more is not a student drawing).
MAX_CHANGES_AT_ONCE = 200


def editable_data(
    what: str, edits: tuple[Edit, ...], drag: str | None = None, paint: str | None = None
) -> dict:
    """An editable item's record as the browser reads it: ``w`` what it is, ``a`` its edits,
    and, if it can be dragged, ``g`` (dropped on another part: that part's edit whose change's
    ``do`` is this) or ``p`` (swept across others: each one's edit whose ``do`` is this).

    >>> editable_data("tile 5", (Edit("Slide 5", {"tile": 5}),))
    {'w': 'tile 5', 'a': [{'l': 'Slide 5', 'c': {'tile': 5}}]}
    >>> editable_data("the start", (Edit("Swap", {"do": "swap"}),), drag="start")["g"]
    'start'
    """
    if not what or not edits:
        raise ValueError("an editable item needs words for what it is and at least one edit")
    record: dict = {"w": what, "a": [edit.data() for edit in edits]}
    if drag:
        record["g"] = drag
    if paint:
        record["p"] = paint
    return record


def apply_change(edited: Callable[[Any, Any], Any], problem: Any, change: Any) -> Any:
    """``problem`` with ``change`` made by ``edited`` (a lesson's); a sweep's
    ``{"all": [change, ...]}`` makes each in turn, and is refused whole (a ValueError saying
    why, the problem kept) if one of them is.

    >>> def add(total, change):
    ...     if change["n"] < 0:
    ...         raise ValueError("only whole numbers from 0")
    ...     return total + change["n"]
    >>> apply_change(add, 10, {"all": [{"n": 1}, {"n": 2}]}), apply_change(add, 10, {"n": 5})
    (13, 15)
    >>> apply_change(add, 10, {"all": [{"n": 1}, {"n": -2}]})
    Traceback (most recent call last):
    ...
    ValueError: only whole numbers from 0
    """
    if not (isinstance(change, Mapping) and "all" in change):
        return edited(problem, change)
    changes = change["all"]
    if not isinstance(changes, list) or not 1 <= len(changes) <= MAX_CHANGES_AT_ONCE:
        raise ValueError(
            f"A sweep makes 1 to {MAX_CHANGES_AT_ONCE} changes at once, given as a list, "
            f"not {changes!r:.60}."
        )
    for one in changes:
        problem = edited(problem, one)
    return problem
