"""Choices bound to the URL that always answer: one option of several, or a number.

Streamlit 1.67 gives ``None`` for a ``required=True`` segmented control or
pills widget when the link holds the parameter with no text (``?algorithm=``):
the widget shows nothing chosen and the page would get no option. ``choose_one``
answers the default then, drops the empty parameter from the URL, and
``link_check`` tells the user that the link's empty value was not used.

It also raises on a number input bound to ``?seed=1e400`` (a number beyond a
float); ``choose_number`` drops such a value and runs the page again.

In a page::

    with link_check(), st.sidebar:
        algorithm = choose_one("Algorithm", ["BFS", "DFS"], default="BFS", key="algorithm")
        seed = choose_number("Seed", 0, 9999, 1, key="seed")
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, TypeVar

import streamlit as st
from streamlit.errors import StreamlitAPIException

from search_viz.ui.links import beyond_numbers, drop_before_rerun

Option = TypeVar("Option")
Number = TypeVar("Number", int, float)


def _empty_in_link(key: str) -> bool:
    """Whether the URL holds ``key`` with no text (``?key=`` or ``?key=%20``)."""
    return key in st.query_params and not st.query_params[key].strip()


def choose_one(
    label: str,
    options: Sequence[Option],
    *,
    default: Option,
    key: str,
    pills: bool = False,
    **widget_options: Any,
) -> Option:
    """Segmented buttons (or pills) with exactly one option chosen, bound to the URL as ``key``.

    ``widget_options`` go to the Streamlit widget as they are (``help``,
    ``format_func``, ...). The answer is always one of ``options``.
    """
    if _empty_in_link(key):
        # So that a Share link does not carry it on; a parameter already bound to a
        # widget (back in the browser's history) cannot be deleted, and need not be.
        with contextlib.suppress(StreamlitAPIException):
            del st.query_params[key]
    widget = st.pills if pills else st.segmented_control
    chosen = widget(
        label,
        list(options),
        default=default,
        required=True,
        key=key,
        bind="query-params",
        **widget_options,
    )
    return default if chosen is None else chosen


def choose_number(
    label: str,
    min_value: Number,
    max_value: Number,
    value: Number,
    *,
    key: str,
    **widget_options: Any,
) -> Number:
    """A number input from ``min_value`` to ``max_value`` (default ``value``), bound to the
    URL as ``key``.

    ``widget_options`` go to ``st.number_input`` as they are (``step``, ``help``, ...).
    """
    if key in st.query_params and beyond_numbers(st.query_params[key]):
        drop_before_rerun(key)
    return st.number_input(
        label, min_value, max_value, value, key=key, bind="query-params", **widget_options
    )
