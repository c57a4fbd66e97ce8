"""The lessons the app offers: one entry per page, read by the navigation and the home page.

To add a lesson, write ``pages/<name>.py`` and add a :class:`Lesson` here;
``streamlit_app.py`` and the home page pick it up, and the page tests open it.

>>> all(lesson.page.startswith("pages/") for lesson in LESSONS)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from matplotlib.figure import Figure


@dataclass(frozen=True)
class Lesson:
    """One lesson page: where it is, what it is called, and its card on the home page.

    ``thumbnail`` draws the small picture of the card.
    """

    page: str
    title: str
    icon: str
    summary: str
    thumbnail: Callable[[], Figure]
    url_path: str


#: The lessons, in the order a course teaches them.
LESSONS: list[Lesson] = []


def _local_search_thumbnail() -> Figure:
    from search_viz.render.queens import thumbnail

    return thumbnail()


LESSONS.append(
    Lesson(
        page="pages/local_search.py",
        title="Local search",
        icon=":material/landscape:",
        summary=(
            "Hill climbing, simulated annealing and a genetic algorithm on n-queens, "
            "with their curves."
        ),
        thumbnail=_local_search_thumbnail,
        url_path="local-search",
    )
)
