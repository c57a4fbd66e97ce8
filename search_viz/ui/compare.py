"""Compare mode: two replays of the same problem, driven by one player.

``side_by_side`` turns two "show one step" functions into one, for
``replay``: the player runs to the longer of the two, and the shorter one
stays on its last step, marked finished, while the other goes on.

Example, in a page::

    n, show = side_by_side(Side("Minimax", len(a), show_a), Side("Alpha-beta", len(b), show_b))
    replay(n, show, key="compare", reset_on=problem_key)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st


@dataclass(frozen=True)
class Side:
    """One side of a comparison: its title, its number of steps, and how to show a step."""

    title: str
    n_steps: int
    show: Callable[[int], None]


def own_step(step: int, n_steps: int) -> int:
    """The step a side of ``n_steps`` shows when the shared player is at ``step``.

    >>> own_step(3, 10), own_step(12, 10)
    (3, 9)
    """
    return min(step, n_steps - 1)


def side_by_side(left: Side, right: Side) -> tuple[int, Callable[[int], None]]:
    """The number of steps and the show function of the two sides played together."""

    def show(step: int) -> None:
        for column, side in zip(st.columns(2, gap="medium"), (left, right), strict=True):
            with column:
                st.subheader(side.title)
                if step >= side.n_steps:
                    st.caption(f"Finished after {side.n_steps} steps.")
                side.show(own_step(step, side.n_steps))

    return max(left.n_steps, right.n_steps), show
