"""The panels beside a lesson's picture: pseudocode, the current sentence, counters, legend.

Each panel has a pure ``*_html`` function (tested without Streamlit) and a
thin function that shows it. Sizes are in rem: they follow the page's font,
which presenter mode enlarges; ``scale`` only makes one panel larger or smaller
than the page's text (not the pictures' scale). The current pseudocode line is marked three ways
(background, a ▶ in the gutter, bold), so it stands out on any projector.

>>> "▶" in pseudocode_html("x = 1\\ny = 2", current_line=2)
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

import streamlit as st

from search_viz.events import format_value
from search_viz.film.style import OKABE_ITO, STATUS, Style

_HIGHLIGHT = "#FFF3B0"  # pale yellow: a background that keeps black text readable

_BORDER = {"-": "solid", "--": "dashed", ":": "dotted", "-.": "dashed"}
# CSS shapes for matplotlib's marker codes (triangles and stars are clipped boxes).
_SHAPE = {
    "o": "border-radius:50%;",
    "s": "",
    "D": "transform:rotate(45deg) scale(0.8);",
    "^": "clip-path:polygon(50% 0,100% 100%,0 100%);",
    "v": "clip-path:polygon(0 0,100% 0,50% 100%);",
    "*": (
        "clip-path:polygon(50% 0,61% 35%,98% 35%,68% 57%,79% 91%,"
        "50% 70%,21% 91%,32% 57%,2% 35%,39% 35%);"
    ),
    "x": (
        "clip-path:polygon(20% 0,50% 30%,80% 0,100% 20%,70% 50%,100% 80%,"
        "80% 100%,50% 70%,20% 100%,0 80%,30% 50%,0 20%);"
    ),
}


def pseudocode_html(code: str | Iterable[str], current_line: int | None, scale: float = 1.0) -> str:
    """The pseudocode as HTML, numbered from 1, with ``current_line`` lit.

    >>> out = pseudocode_html(["a", "b"], current_line=1)
    >>> out.count("white-space:pre"), out.count("font-weight:700")
    (2, 1)
    """
    lines = code.splitlines() if isinstance(code, str) else list(code)
    rows = []
    for number, text in enumerate(lines, start=1):
        lit = number == current_line
        style = f"background:{_HIGHLIGHT};font-weight:700;" if lit else ""
        gutter = "▶" if lit else "&nbsp;"
        rows.append(
            f'<div style="{style}white-space:pre;padding:0 0.4em;" '
            f"{'aria-current=step' if lit else ''}>"
            f'<span style="color:{OKABE_ITO["vermillion"]};display:inline-block;width:1.2em">'
            f"{gutter}</span>"
            f'<span style="color:#777;display:inline-block;width:2em">{number}</span>'
            f"{html.escape(text)}</div>"
        )
    return (
        f'<div class="sv-pseudocode" style="font-family:ui-monospace,Menlo,Consolas,monospace;'
        f"font-size:{0.9 * scale:.2f}rem;line-height:1.45;border:1px solid #ddd;border-radius:6px;"
        f'padding:0.4em 0;overflow-x:auto;background:#FAFAFA;color:#111">{"".join(rows)}</div>'
    )


def pseudocode(code: str | Iterable[str], current_line: int | None, *, scale: float = 1.0) -> None:
    """Show the algorithm's pseudocode with the current event's ``line`` highlighted."""
    st.html(pseudocode_html(code, current_line, scale))


def note_html(sentence: str, step: int | None = None, scale: float = 1.0) -> str:
    """The sentence of the current event, as a callout.

    >>> "Step 3" in note_html("Expand B.", step=3)
    True
    """
    prefix = f"<b>Step {step}.</b> " if step is not None else ""
    return (
        f'<div class="sv-note" role="status" style="font-size:{1.05 * scale:.2f}rem;'
        f"border-left:6px solid {OKABE_ITO['orange']};background:#FFF8E7;color:#111;"
        f'padding:0.5em 0.8em;border-radius:4px">{prefix}{html.escape(sentence)}</div>'
    )


def note(sentence: str, step: int | None = None, *, scale: float = 1.0) -> None:
    """Show one plain sentence about the current step."""
    st.html(note_html(sentence, step, scale))


def counters_html(values: Mapping[str, object], scale: float = 1.0) -> str:
    """A strip of labelled numbers.

    >>> "expanded" in counters_html({"expanded": 12, "frontier": 3})
    True
    """
    chips = "".join(
        f'<div style="border:1px solid #ccc;border-radius:6px;padding:0.2em 0.7em;'
        f'min-width:5.5em;background:#fff;color:#111">'
        f'<div style="font-size:{0.75 * scale:.2f}rem;color:#555">{html.escape(str(label))}</div>'
        f'<div style="font-size:{1.35 * scale:.2f}rem;font-weight:700">'
        f"{html.escape(format_value(value))}</div></div>"
        for label, value in values.items()
    )
    return f'<div class="sv-counters" style="display:flex;flex-wrap:wrap;gap:0.5em">{chips}</div>'


def counters(values: Mapping[str, object], *, scale: float = 1.0) -> None:
    """Show the counters strip."""
    st.html(counters_html(values, scale))


def _swatch(style: Style) -> str:
    """A small CSS box in the style's colour, shape, outline and hatching."""
    background = style.color
    if style.hatch:
        background = (
            f"repeating-linear-gradient(45deg,{style.edgecolor} 0 1.5px,{style.color} 1.5px 5px)"
        )
    border = (
        f"{min(style.linewidth, 3):.1f}px {_BORDER.get(style.linestyle, 'solid')} {style.edgecolor}"
    )
    return (
        f'<span aria-hidden="true" style="display:inline-block;width:1em;height:1em;'
        f"background:{background};border:{border};box-sizing:border-box;"
        f'{_SHAPE.get(style.marker, "")}">'
        f"</span>"
    )


def legend_html(entries: Iterable[str | Style], scale: float = 1.0) -> str:
    """A legend: for each status (a name in ``STATUS``) or style, its swatch and label.

    >>> "on the frontier" in legend_html(["frontier"])
    True
    """
    items = []
    for entry in entries:
        style = STATUS[entry] if isinstance(entry, str) else entry
        items.append(
            f'<span style="display:inline-flex;align-items:center;gap:0.3em;margin-right:1em">'
            f"{_swatch(style)}{html.escape(style.label)}</span>"
        )
    return (
        f'<div class="sv-legend" style="font-size:{0.85 * scale:.2f}rem;display:flex;'
        f'flex-wrap:wrap;row-gap:0.3em">{"".join(items)}</div>'
    )


def legend(entries: Iterable[str | Style], *, scale: float = 1.0) -> None:
    """Show a legend of statuses under or beside a picture."""
    st.html(legend_html(entries, scale))
