"""The home page's lesson cards: title, one line and a small picture per lesson."""

from __future__ import annotations

import streamlit as st

from search_viz.lessons.shared.figure import to_png
from search_viz.ui.lessons import LESSONS, Lesson

CARDS_PER_ROW = 3


@st.cache_data(show_spinner=False)
def thumbnail_png(title: str) -> bytes:
    """The card picture of the lesson called ``title``, drawn once per server."""
    lesson = next(lesson for lesson in LESSONS if lesson.title == title)
    return to_png(lesson.thumbnail(), dpi=60)


def lesson_card(lesson: Lesson) -> None:
    """One card: the picture, a link with the lesson's title, and its one line."""
    with st.container(border=True):
        st.image(thumbnail_png(lesson.title), width="stretch")
        st.page_link(lesson.page, label=f"**{lesson.title}**", icon=lesson.icon)
        st.caption(lesson.summary)


def lesson_cards(lessons: list[Lesson] = LESSONS) -> None:
    """All lessons as a grid of cards."""
    for start in range(0, len(lessons), CARDS_PER_ROW):
        row = st.columns(CARDS_PER_ROW)
        for column, lesson in zip(row, lessons[start : start + CARDS_PER_ROW], strict=False):
            with column:
                lesson_card(lesson)
