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
from collections.abc import Mapping
from dataclasses import dataclass, field

#: How large a typed number may be, either way, unless an edit says otherwise (every whole
#: number in it is exact as a float).
NUMBER_BOUND = 10**15


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
        json.dumps(dict(self.change), allow_nan=False)  # plain data, or a ValueError / TypeError
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


def editable_data(what: str, edits: tuple[Edit, ...]) -> dict:
    """An editable item's record as the browser reads it: ``w`` what it is, ``a`` its edits.

    >>> editable_data("tile 5", (Edit("Slide 5", {"tile": 5}),))
    {'w': 'tile 5', 'a': [{'l': 'Slide 5', 'c': {'tile': 5}}]}
    """
    if not what or not edits:
        raise ValueError("an editable item needs words for what it is and at least one edit")
    return {"w": what, "a": [edit.data() for edit in edits]}
