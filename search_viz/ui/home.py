"""The home page's lesson cards: title, one line and a small picture per lesson."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from search_viz.ui.lessons import LESSONS, Lesson

CARDS_PER_ROW = 3


def lesson_card(lesson: Lesson, picture: Callable[[str], bytes]) -> None:
    """One card: the picture, a link with the lesson's title, and its one line.

    ``picture(package)`` is the card's picture as PNG (the page draws it from the lesson).
    """
    with st.container(border=True):
        st.image(picture(lesson.package), width="stretch", alt=lesson.picture)
        st.page_link(lesson.page, label=f"**{lesson.title}**", icon=lesson.icon)
        st.caption(lesson.summary)


def lesson_cards(picture: Callable[[str], bytes], lessons: list[Lesson] = LESSONS) -> None:
    """All lessons as a grid of cards, each with ``picture(package)`` (PNG bytes)."""
    for start in range(0, len(lessons), CARDS_PER_ROW):
        row = st.columns(CARDS_PER_ROW)
        for column, lesson in zip(row, lessons[start : start + CARDS_PER_ROW], strict=False):
            with column:
                lesson_card(lesson, picture)
