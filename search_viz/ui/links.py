"""Links that reopen a moment: what the URL held, and what could not be used.

A page binds its problem and option widgets to the URL with Streamlit's
``bind="query-params"`` (and ``key=`` as the parameter name); the player adds
``?step=``. Streamlit drops a bound value it cannot use (not an option, out of
range) and falls back to the widget's default, silently. ``link_check`` wraps
a page's widgets and tells the user which parameters were dropped.

Example, at the top of a page::

    with link_check():
        with st.sidebar:
            seed = choose_number("Seed", 0, 9999, 1, key="seed")  # see ui/choices.py
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException

#: Where a message about a link value dropped before a rerun waits for ``link_check``.
DROPPED_BEFORE_RERUN = "link_check.dropped"
#: Set (in session state) when the page itself changed bound widgets before this run (a
#: new practice problem): the link's old values were replaced, not dropped.
CHANGED_BY_PAGE = "link_check.changed_by_page"


def beyond_numbers(raw: str) -> bool:
    """Whether the URL text ``raw`` reads as a number too large for a float (``1e400``).

    Streamlit 1.67's number inputs raise on such a value in a bound link
    parameter instead of falling back to their default.

    >>> beyond_numbers("1e400"), beyond_numbers("-" + "9" * 400), beyond_numbers("inf")
    (True, True, True)
    >>> beyond_numbers("12"), beyond_numbers("1e300"), beyond_numbers("nan"), beyond_numbers("x")
    (False, False, False, False)
    """
    try:
        return math.isinf(float(raw))
    except ValueError:
        return False


def drop_before_rerun(key: str) -> None:
    """Drop the link's ``key`` (a value the page's widget cannot read) and run the page again.

    The widgets read the link as it was when the run began, so a value can only
    be kept from them by a new run; ``link_check`` then names what was dropped.
    """
    raw = st.query_params[key]
    try:
        del st.query_params[key]
    except StreamlitAPIException:  # already bound to its widget: a rerun would not drop it
        return
    shown = raw if len(raw) <= 40 else f"{raw[:40]}…"
    st.session_state.setdefault(DROPPED_BEFORE_RERUN, []).append(
        f"The link's {key}={shown!r} is beyond any number a field can hold; "
        "showing the field's default instead."
    )
    st.rerun()


def same_value(raw: str, value: Any) -> bool:
    """Whether the URL text ``raw`` names ``value`` (a widget's current value).

    >>> same_value("true", True), same_value("42", 42.0), same_value("bfs", "bfs")
    (True, True, True)
    >>> same_value("abc", 1)
    False
    """
    if isinstance(value, bool):
        return raw.lower() == str(value).lower()
    if isinstance(value, (int, float)):
        try:
            return float(raw) == float(value)
        except ValueError:
            return False
    return raw == str(value)


def dropped(arrived: dict[str, str], now: dict[str, str], values: dict[str, Any]) -> list[str]:
    """Messages for the parameters that arrived in the link but could not be used.

    ``values`` are the widgets' values after they were drawn. A parameter that
    left the URL because it equals its widget's default is not dropped.

    >>> dropped({"seed": "abc", "b": "3"}, {}, {"seed": 1, "b": 3})
    ["The link's seed='abc' cannot be used here; showing seed=1 instead."]
    >>> dropped({"algorithm": ""}, {}, {"algorithm": None})
    ["The link's algorithm='' cannot be used here; showing its default instead."]
    """
    messages = []
    for key, raw in arrived.items():
        if key in now or key not in values or same_value(raw, values[key]):
            continue
        showing = "its default" if values[key] is None else f"{key}={values[key]!r}"
        messages.append(f"The link's {key}={raw!r} cannot be used here; showing {showing} instead.")
    return messages


@contextmanager
def link_check() -> Iterator[None]:
    """Wrap a page's bound widgets; afterwards, warn about link parameters that were dropped.

    The warnings appear where ``link_check`` was entered (the top of the page).
    """
    arrived = st.query_params.to_dict()
    slot = st.container()
    yield
    values = {key: st.session_state[key] for key in arrived if key in st.session_state}
    earlier = st.session_state.pop(DROPPED_BEFORE_RERUN, [])
    if st.session_state.pop(CHANGED_BY_PAGE, False):
        values = {}  # the page replaced the link's values itself: nothing was dropped
    for message in [*earlier, *dropped(arrived, st.query_params.to_dict(), values)]:
        slot.warning(message, icon=":material/link_off:")
