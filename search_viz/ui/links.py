"""Links that reopen a moment: what the URL held, and what could not be used.

A page binds its problem and option widgets to the URL with Streamlit's
``bind="query-params"`` (and ``key=`` as the parameter name); the player adds
``?step=``. Streamlit drops a bound value it cannot use (not an option, out of
range) and falls back to the widget's default, silently. ``link_check`` wraps
a page's widgets and tells the user which parameters were dropped.

Example, at the top of a page::

    with link_check():
        with st.sidebar:
            seed = st.number_input("Seed", 0, 9999, 1, key="seed", bind="query-params")
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import streamlit as st


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
    """
    messages = []
    for key, raw in arrived.items():
        if key in now or key not in values or same_value(raw, values[key]):
            continue
        messages.append(
            f"The link's {key}={raw!r} cannot be used here; showing {key}={values[key]!r} instead."
        )
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
    for message in dropped(arrived, st.query_params.to_dict(), values):
        slot.warning(message, icon=":material/link_off:")
