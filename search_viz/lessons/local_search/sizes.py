"""The scene's sizes: where its parts go (in inches of a 5.9 x 4.3 design) and its fonts.

The figure is drawn ``ZOOM`` times the design's size, with fonts to match, so that
the player shows it large enough on a projector (a picture never grows past its
natural size) and still readable in the narrower column beside the sidebar.

>>> figure_size()
(6.49, 4.73)
>>> box(0.0, 0.0, 5.9, 4.3)
(0.0, 0.0, 1.0, 1.0)
"""

from __future__ import annotations

#: The design's width and height, in inches; every place below is given in them.
WIDTH, HEIGHT = 5.9, 4.3
#: How much larger than the design the figure is drawn.
ZOOM = 1.1

BOARD_LEFT, BOARD_BOTTOM, BOARD_SIDE = 0.36, 0.8, 3.1
#: The curves' panels, left and right: room right of them for half of a step label of four
#: digits ("8000", centred on the panels' right end when a walk ends on it).
RIGHT_LEFT, RIGHT_RIGHT = 4.08, 5.73
TOP = 3.98
#: Where a phone opens the picture, as a fraction of its width: the board's middle.
BOARD_FOCUS = (BOARD_LEFT + BOARD_SIDE / 2) / WIDTH

#: Font sizes in points (of the zoomed figure): the smallest, 9.5, is 14 px on a projector.
TITLE_SIZE = 10.5
LABEL_SIZE = 9.5
TICK_SIZE = 9.5
LEGEND_SIZE = 9.5


def figure_size() -> tuple[float, float]:
    """The figure's width and height in inches."""
    return round(WIDTH * ZOOM, 2), round(HEIGHT * ZOOM, 2)


def box(left: float, bottom: float, width: float, height: float) -> tuple[float, ...]:
    """A box given in design inches, as fractions of the figure (what ``add_axes`` takes)."""
    return left / WIDTH, bottom / HEIGHT, width / WIDTH, height / HEIGHT
