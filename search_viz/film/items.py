"""A picture's items: the numbered, named parts a film's steps show, hide and restyle.

A :class:`~search_viz.film.scene.Scene` (a matplotlib figure) and a
:class:`~search_viz.film.sketch.Sketch` (a recorded drawing) number their items alike:
in the order they are tagged, each under a name of its own, each shown or hidden before
the first step.

>>> items = Items()
>>> items.new_items(["A", "B"], [True, False])
[0, 1]
>>> items.item("B"), items.has("C"), items.base, len(items)
(1, False, [0], 2)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


class Items:
    """Names and numbers of a picture's items, and which are shown at the start."""

    def __init__(self) -> None:
        self._ids: dict[Hashable, int] = {}
        self._shown_at_start: list[bool] = []

    def new_items(self, names: Sequence[Hashable], shown: Sequence[bool]) -> list[int]:
        """Number the items ``names`` (shown at the start where ``shown`` says); returns their
        numbers. Raises ValueError if a name is taken."""
        numbers = []
        for name, flag in zip(names, shown, strict=True):
            if name in self._ids:
                raise ValueError(f"two items are called {name!r}")
            numbers.append(len(self._shown_at_start))
            self._ids[name] = numbers[-1]
            self._shown_at_start.append(bool(flag))
        return numbers

    def item(self, name: Hashable) -> int:
        """The number of the item called ``name``."""
        return self._ids[name]

    def names(self) -> dict[Hashable, int]:
        """Every item's name and number."""
        return dict(self._ids)

    def has(self, name: Hashable) -> bool:
        """Whether an item is called ``name``."""
        return name in self._ids

    def __len__(self) -> int:
        return len(self._shown_at_start)

    @property
    def base(self) -> list[int]:
        """The items shown before the first step."""
        return [n for n, shown in enumerate(self._shown_at_start) if shown]


__all__ = ["Items"]
