"""How an item looks at a step, and the marks a step draws from data.

An item's look is a small number: ``HIDDEN`` (0), ``SHOWN`` (1, as the scene
drew it), or a :class:`Look`, which restyles an element of a collection (its
fill, edge, width, opacity) without a second drawing of it. The browser turns a
Look into CSS; the scene into matplotlib colours; both come from these fields.

A :class:`Mark` is drawn from data where the scene cannot list its elements in
advance (a line between two queens that attack each other, a label whose text
is computed): a line or a text at points of the SVG (points from the top left),
in a :class:`MarkStyle` named in the film.

>>> Look(fill="#E69F00").css()
'fill:#e69f00;'
>>> Mark.line((0, 0), (10, 5), "conflict").data()
['line', 0, 0, 10, 5, 'conflict']
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from matplotlib.colors import to_hex, to_rgba
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

#: An item not drawn at this step.
HIDDEN = 0
#: An item drawn as the scene drew it.
SHOWN = 1

#: The font the browser uses for marks' text: matplotlib's own, then look-alikes.
MARK_FONT = "DejaVu Sans, Verdana, Geneva, sans-serif"


@dataclass(frozen=True)
class Look:
    """A restyled element of a collection: any of fill, edge colour, edge width, opacity.

    Fields left None keep what the scene drew.

    >>> Look(stroke="black", width=2).css()
    'stroke:#000000;stroke-width:2;'
    """

    fill: str | None = None
    stroke: str | None = None
    width: float | None = None
    opacity: float | None = None

    def css(self) -> str:
        """The CSS declarations the browser adds to the element's own style."""
        parts = []
        if self.fill is not None:
            parts.append(f"fill:{_hex(self.fill)};")
        if self.stroke is not None:
            parts.append(f"stroke:{_hex(self.stroke)};")
        if self.width is not None:
            parts.append(f"stroke-width:{_number(self.width)};")
        if self.opacity is not None:
            parts.append(f"opacity:{_number(self.opacity)};")
        return "".join(parts)

    def on(self, face: np.ndarray, edge: np.ndarray, width: float):
        """The element's face and edge RGBA and its edge width under this look.

        >>> Look(fill="white").on(np.zeros(4), np.ones(4), 1.0)[0].tolist()
        [1.0, 1.0, 1.0, 1.0]
        """
        face, edge = face.copy(), edge.copy()
        if self.fill is not None:
            face[:] = to_rgba(self.fill)
        if self.stroke is not None:
            edge[:] = to_rgba(self.stroke)
        if self.width is not None:
            width = self.width
        if self.opacity is not None:
            face[3] *= self.opacity
            edge[3] *= self.opacity
        return face, edge, width


@dataclass(frozen=True)
class MarkStyle:
    """How a mark is drawn: colour, line width and dashes, or font size, weight, anchor.

    ``ha`` is "left", "center" or "right"; ``va`` "top", "center", "baseline"
    or "bottom" (as in matplotlib).

    >>> MarkStyle(color="red", width=2, dash="--").data()["dash"]
    [4.0, 2.0]
    """

    color: str = "#000000"
    width: float = 1.5
    dash: str = "-"
    size: float = 10.0
    weight: str = "normal"
    ha: str = "center"
    va: str = "center"
    alpha: float = 1.0

    def data(self) -> dict:
        """The style as the browser reads it."""
        return {
            "color": _hex(self.color),
            "width": self.width,
            "dash": list(_DASHES[self.dash]) if self.dash in _DASHES else [],
            "size": self.size,
            "weight": self.weight,
            "anchor": {"left": "start", "center": "middle", "right": "end"}[self.ha],
            "baseline": _BASELINES[self.va],
            "alpha": self.alpha,
        }


_BASELINES = {
    "top": "text-before-edge",
    "center": "central",
    "baseline": "alphabetic",
    "bottom": "text-after-edge",
}

#: Dash patterns in units of the line width, as the browser draws them.
_DASHES = {"--": (4.0, 2.0), ":": (1.0, 1.65), "-.": (6.4, 1.6, 1.0, 1.6)}


@dataclass(frozen=True)
class Mark:
    """A line or a text drawn from data at one step (positions in SVG points)."""

    kind: str
    points: tuple[float, ...]
    text: str
    style: str

    @classmethod
    def line(cls, start: tuple[float, float], end: tuple[float, float], style: str) -> Mark:
        """A straight line from ``start`` to ``end``."""
        return cls("line", (*start, *end), "", style)

    @classmethod
    def label(cls, at: tuple[float, float], text: str, style: str) -> Mark:
        """The text ``text`` anchored at ``at``."""
        return cls("text", tuple(at), text, style)

    def data(self) -> list:
        """The mark as the film stores it."""
        coords = [_round(v) for v in self.points]
        if self.kind == "line":
            return ["line", *coords, self.style]
        return ["text", *coords, self.text, self.style]

    @classmethod
    def from_data(cls, data) -> Mark:
        """The mark a film stores as ``data`` (see :meth:`data`)."""
        if isinstance(data, Mark):
            return data
        if data[0] == "line":
            return cls("line", tuple(data[1:5]), "", data[5])
        return cls("text", tuple(data[1:3]), data[3], data[4])


def mark_artist(fig: Figure, mark: Mark, size: tuple[float, float], styles: dict) -> object:
    """Draw ``mark`` on ``fig`` (whose SVG is ``size`` points) in its named style."""
    style: MarkStyle = styles[mark.style]
    width, height = size
    if mark.kind == "line":
        x0, y0, x1, y1 = mark.points
        line = Line2D(
            [x0 / width, x1 / width],
            [1 - y0 / height, 1 - y1 / height],
            transform=fig.transFigure,
            color=style.color,
            linewidth=style.width,
            linestyle=style.dash,
            alpha=style.alpha,
            solid_capstyle="round",
            zorder=50,
        )
        fig.add_artist(line)
        return line
    x, y = mark.points
    return fig.text(
        x / width,
        1 - y / height,
        mark.text,
        ha=style.ha,
        va=style.va,
        fontsize=style.size,
        fontweight=style.weight,
        color=style.color,
        alpha=style.alpha,
        zorder=51,
    )


def _hex(colour: str) -> str:
    return to_hex(colour, keep_alpha=False)


def _number(value: float) -> str:
    return f"{value:g}"


def _round(value: float) -> float | int:
    rounded = round(float(value), 2)
    return int(rounded) if rounded.is_integer() else rounded
