"""The legend pack: the lessons' legends as matplotlib draws them, kept with the code.

A legend is the costliest thing in a process's first film of a lesson: matplotlib's
``Legend`` makes and draws a dozen artists (7-10 ms), once per process for each set of
entries (see :func:`search_viz.film.sketch_text.legend_of`). The pack holds, for the
legends the lessons show (:mod:`search_viz.lessons.packed_legends` makes it), what that
drawing wrote: its markup, extent and hatch patterns, and the outline of each glyph its
labels use. A process reads a legend from its file instead of drawing it (about 1 ms).

A legend is found by its arguments (entries, handle maker, options) written as text that
is the same in every process (:func:`legend_key`), with the matplotlib version and the
SVG settings it was drawn under: a pack made under another matplotlib is not read. A
legend whose arguments name something that does not last across processes (a lambda, a
function defined inside another) is never packed. ``tests/test_legend_pack.py`` holds
every packed legend equal to matplotlib's drawing of it today.

>>> from search_viz.lessons.shared.graph_drawing import graph_legend_handle
>>> legend_key({"ncols": 2, "handle": graph_legend_handle})
"[('handle', search_viz.lessons.shared.graph_drawing.graph_legend_handle), ('ncols', 2)]"
>>> legend_key({"handle": lambda entry: entry}) is None
True
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import types
from collections.abc import Iterator
from pathlib import Path

import matplotlib as mpl

#: Where the packed legends are, a JSON file each.
PACK = Path(__file__).parent / "assets" / "legends"

#: The layout of a packed legend's file; a new one makes every older file unread.
FORMAT = 2


class _Unnamed(Exception):
    """An argument that has no name lasting across processes."""


def legend_key(arguments: dict) -> str | None:
    """``arguments`` as text that is the same in every process, or None if one of them
    has no such text that tells it apart (a lambda, a local function, an object without a
    ``repr`` of its own holding one, an array too long for its ``repr`` to write whole).

    Functions and classes are written by their module and qualified name; an object whose
    ``repr`` is Python's default (its address) by its type and its attributes.

    >>> legend_key({"entries": ("a", "b"), "fontsize": 9.0})
    "[('entries', ('a', 'b')), ('fontsize', 9.0)]"
    >>> legend_key({"hide": frozenset({"b", "a"})})
    "[('hide', {'a', 'b'})]"
    >>> import numpy as np
    >>> legend_key({"entries": ("a",), "sizes": np.arange(2000)}) is None  # not all written
    True
    """
    try:
        return _text(sorted(arguments.items()))
    except _Unnamed:
        return None


def _text(value) -> str:
    if isinstance(value, (types.FunctionType, type)):
        name = f"{value.__module__}.{value.__qualname__}"
        if "<" in name:  # <lambda>, <locals>: not the same function in every process
            raise _Unnamed(name)
        return name
    if isinstance(value, dict):
        pairs = sorted((_text(k), _text(v)) for k, v in value.items())
        return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"
    if isinstance(value, (set, frozenset)):  # in an order that does not hang on str hashes
        return "{" + ", ".join(sorted(_text(item) for item in value)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_text(item) for item in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(_text(item) for item in value) + ("," * (len(value) == 1)) + ")"
    if type(value).__repr__ is object.__repr__:
        if not hasattr(value, "__dict__"):
            raise _Unnamed(repr(value))
        return f"{_text(type(value))}{_text(sorted(vars(value).items()))}"
    text = repr(value)
    if " at 0x" in text:  # a bound method, or an object that writes its address
        raise _Unnamed(text)
    if "..." in text and not isinstance(value, str):  # a long array, written in part
        raise _Unnamed(text)
    return text


def pack_file(arguments: dict, settings: dict) -> Path | None:
    """The file that holds the legend of ``arguments`` drawn under the rc ``settings``
    (it may not exist), or None if that legend cannot be packed.

    >>> pack_file({"ncols": 2}, {"svg.hashsalt": "x"}).suffix, pack_file({"f": lambda: 0}, {})
    ('.json', None)
    """
    key = legend_key(arguments)
    return None if key is None else _file(key, settings)


def _file(key: str, settings: dict) -> Path:
    under = f"{FORMAT}|matplotlib {mpl.__version__}|{sorted(settings.items())!r}|{key}"
    return PACK / f"{hashlib.sha256(under.encode()).hexdigest()[:20]}.json"


def read(arguments: dict, settings: dict) -> dict | None:
    """The packed legend of ``arguments`` (see :func:`write`), or None if there is none.

    >>> read({"ncols": 99, "entries": ()}, {}) is None  # no lesson draws that one
    True
    """
    key = legend_key(arguments)
    if key is None:
        return None
    try:
        kept = json.loads(_file(key, settings).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    return kept if kept.get("key") == key else None  # the very legend, not a namesake


def write(arguments: dict, settings: dict, drawn: dict) -> Path:
    """Pack the legend of ``arguments``: ``drawn`` holds its markup ``cut`` around its page
    coordinates (the texts between them, and each coordinate as written with its axis),
    ``patterns``, ``glyphs`` (names), ``extent`` (x0, y0, x1, y1) and ``outlines`` (each
    glyph's vertices in 64ths, x and y in turn, and its path codes, as lists).
    :func:`search_viz.film.sketch_text.pack_legend` draws a legend and writes it.

    >>> write({"handle": lambda entry: entry}, {}, {})
    Traceback (most recent call last):
    ...
    ValueError: this legend cannot be packed: {'handle': <function <lambda> at ...>}
    """
    key = legend_key(arguments)
    if key is None:
        raise ValueError(f"this legend cannot be packed: {arguments!r}")
    path = _file(key, settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = {"key": key, "matplotlib": mpl.__version__, **drawn}
    path.write_text(json.dumps(kept, sort_keys=True, separators=(",", ":")) + "\n", "utf-8")
    return path


_RECORDS: list[list[dict]] = []


@contextlib.contextmanager
def recording() -> Iterator[list[dict]]:
    """The arguments of every legend a film asks for while the block runs.

    >>> with recording() as asked:
    ...     noted({"ncols": 1})
    >>> asked
    [{'ncols': 1}]
    """
    asked: list[dict] = []
    _RECORDS.append(asked)
    try:
        yield asked
    finally:
        _RECORDS.remove(asked)


def noted(arguments: dict) -> None:
    """Tell :func:`recording` blocks that a film asks for the legend of ``arguments``."""
    for asked in _RECORDS:
        asked.append(dict(arguments))
