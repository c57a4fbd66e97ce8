"""Colours and shapes shared by every picture and every legend.

Colours are the Okabe-Ito palette, readable with every common colour-vision
deficiency. Each status also differs by a second channel (marker shape, edge
line style, hatching), so nothing is lost on a black-and-white projector.

>>> STATUS["frontier"].linestyle
'--'
>>> OKABE_ITO["blue"]
'#0072B2'
"""

from __future__ import annotations

from dataclasses import dataclass

OKABE_ITO: dict[str, str] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}

#: Neutral tones for what is not (yet) part of the search.
GREY = "#BBBBBB"
LIGHT_GREY = "#EEEEEE"
DARK_GREY = "#555555"
WHITE = "#FFFFFF"

#: The game-tree pictures (game trees, tic-tac-toe): the edge being explored, the
#: principal variation, and the fill of an [α, β] window.
ORANGE = OKABE_ITO["orange"]
PV_COLOUR = OKABE_ITO["bluish green"]
WINDOW_FILL = "#FFF3B0"


@dataclass(frozen=True)
class Style:
    """How one status looks: fill colour, edge, marker shape, hatching, line style.

    ``marker`` uses matplotlib's codes ("o" circle, "s" square, "^" and "v"
    triangles, "D" diamond, "*" star, "X" cross). ``linestyle`` applies to the
    node outline and to edges drawn in this status.
    """

    label: str
    color: str
    edgecolor: str = OKABE_ITO["black"]
    marker: str = "o"
    hatch: str | None = None
    linestyle: str = "-"
    linewidth: float = 1.5
    text_color: str = OKABE_ITO["black"]


#: The statuses a search picture can show, shared by all lessons.
STATUS: dict[str, Style] = {
    "unvisited": Style("not reached", WHITE, edgecolor=DARK_GREY, linestyle=":"),
    "frontier": Style("on the frontier", OKABE_ITO["sky blue"], linestyle="--", linewidth=2),
    "explored": Style("expanded", OKABE_ITO["blue"], marker="s", text_color=WHITE),
    "current": Style("current", OKABE_ITO["orange"], marker="D", linewidth=3),
    "goal": Style("goal", OKABE_ITO["bluish green"], marker="*", linewidth=2),
    "path": Style("solution path", OKABE_ITO["vermillion"], linewidth=4),
    "cutoff": Style("depth limit", OKABE_ITO["reddish purple"], hatch="xx"),
    "pruned": Style("pruned", LIGHT_GREY, edgecolor=GREY, hatch="///", linestyle=":"),
    "evaluated": Style("evaluated", OKABE_ITO["yellow"], marker="s"),
    "max": Style("MAX", OKABE_ITO["sky blue"], marker="^"),
    "min": Style("MIN", OKABE_ITO["vermillion"], marker="v", text_color=WHITE),
    "forward": Style("forward search", OKABE_ITO["blue"], marker="o", text_color=WHITE),
    "backward": Style("backward search", OKABE_ITO["orange"], marker="s"),
    "meet": Style("meeting node", OKABE_ITO["bluish green"], marker="*", linewidth=3),
    "accepted": Style("accepted", OKABE_ITO["bluish green"], marker="o"),
    "rejected": Style("rejected", OKABE_ITO["vermillion"], marker="x", linestyle="--"),
}


#: Font sizes in points for normal use and for a projector (presenter mode).
FONT_SIZES: dict[str, float] = {"label": 11, "title": 13, "legend": 10}


def font_size(role: str, scale: float = 1.0) -> float:
    """The font size for ``role`` ("label", "title", "legend") at ``scale``.

    >>> font_size("label", scale=1.5)
    16.5
    """
    return FONT_SIZES[role] * scale
