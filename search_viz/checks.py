"""Checking what the public API is given: every bad argument gets a message naming it.

Each check returns the value it accepts (as the type the library uses) or
raises an error whose message names the argument, what was given and what is
allowed. A value of the wrong type raises :class:`WrongTypeError`, which is a
``TypeError`` and also a ``ValueError``, so that code catching ``ValueError``
for bad input (as the pages do) catches it too.

>>> whole_number("depth", 3, low=0)
3
>>> whole_number("depth", "3", low=0)
Traceback (most recent call last):
...
search_viz.checks.WrongTypeError: depth must be a whole number of at least 0, not '3' (a str)
"""

from __future__ import annotations

import math
import operator
import reprlib
from typing import Any


class WrongTypeError(TypeError, ValueError):
    """An argument of the wrong type.

    A ``TypeError``, and a ``ValueError`` too (as ``io.UnsupportedOperation`` is
    both an ``OSError`` and a ``ValueError``): code that catches ``ValueError``
    for every bad input keeps catching it.
    """


class _ShortRepr(reprlib.Repr):
    """``repr`` cut short: long containers, deep nesting and huge numbers stay one short line."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = 12
        self.maxset = self.maxfrozenset = self.maxdict = 6
        self.maxstring = self.maxother = 60
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # repr refuses past 4,300 digits; nobody reads 40
            digits = math.floor(x.bit_length() * math.log10(2)) + 1
            return f"{'-' if x < 0 else ''}<a whole number of about {digits:,} digits>"
        return super().repr_int(x, level)


_short = _ShortRepr()


def describe(value: Any) -> str:
    """``repr(value)`` for a message: short, one line, and never an error of its own.

    >>> describe("8"), describe(8.5), describe([[[[1]]]]), describe(10**400)
    ("'8'", '8.5', '[[[[...]]]]', '<a whole number of about 401 digits>')
    """
    try:
        return _short.repr(value)
    except Exception:  # a hostile __repr__: say what the value is instead
        return f"<a {type(value).__name__}>"


def _what(value: Any) -> str:
    """``value`` and, where its repr does not show it, its type: ``'3' (a str)``."""
    shown = describe(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return shown
    return f"{shown} (a {type(value).__name__})"


def whole_number(name: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an ``int`` from ``low`` to ``high`` (either may be None: no bound).

    Numpy's integers are whole numbers too; ``True`` and ``False`` are not,
    nor is ``3.0``.

    >>> whole_number("n", 8, low=4, high=50)
    8
    >>> whole_number("n", 3, low=4, high=50)
    Traceback (most recent call last):
    ...
    ValueError: n must be a whole number from 4 to 50, not 3
    """
    allowed = "a whole number"
    if low is not None and high is not None:
        allowed += f" from {low:,} to {high:,}"
    elif low is not None:
        allowed += f" of at least {low:,}"
    elif high is not None:
        allowed += f" of at most {high:,}"
    try:
        number_ = None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        number_ = None
    if number_ is None:
        raise WrongTypeError(f"{name} must be {allowed}, not {_what(value)}")
    if (low is not None and number_ < low) or (high is not None and number_ > high):
        raise ValueError(f"{name} must be {allowed}, not {describe(number_)}")
    return number_


def flag(name: str, value: Any) -> bool:
    """``value`` as a ``bool``: ``True`` or ``False`` (or numpy's booleans, or 0 and 1).

    >>> flag("decay", True), flag("decay", 0)
    (True, False)
    >>> flag("decay", "no")
    Traceback (most recent call last):
    ...
    search_viz.checks.WrongTypeError: decay must be True or False, not 'no' (a str)
    """
    if isinstance(value, bool):
        return value
    numpy_bool = type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_")
    if numpy_bool or (isinstance(value, int) and value in (0, 1)):
        return bool(value)
    raise WrongTypeError(f"{name} must be True or False, not {_what(value)}")


def has_methods(name: str, value: Any, methods: tuple[str, ...], expected: str) -> Any:
    """``value`` if it has every attribute in ``methods`` (duck typing, as the protocols do).

    >>> has_methods("problem", "ABC", ("initial", "successors"), "a search problem")
    Traceback (most recent call last):
    ...
    search_viz.checks.WrongTypeError: problem must be a search problem, not 'ABC' (a str): \
it has no initial, successors
    """
    missing = [m for m in methods if not hasattr(value, m)]
    if missing:
        raise WrongTypeError(
            f"{name} must be {expected}, not {_what(value)}: it has no {', '.join(missing)}"
        )
    return value


def generator(who: str, gen: Any) -> Any:
    """``gen``'s ``__next__``, if ``gen`` is an algorithm's generator (any iterator will do).

    >>> generator("run", print)
    Traceback (most recent call last):
    ...
    search_viz.checks.WrongTypeError: run needs an algorithm's generator of events, \
e.g. sv.bfs(problem), not the function print itself: call it with its problem
    """
    step = getattr(gen, "__next__", None)
    if step is not None:
        return step
    given = (
        f"the function {getattr(gen, '__name__', describe(gen))} itself: call it with its problem"
        if callable(gen)
        else _what(gen)
    )
    raise WrongTypeError(
        f"{who} needs an algorithm's generator of events, e.g. sv.bfs(problem), not {given}"
    )
