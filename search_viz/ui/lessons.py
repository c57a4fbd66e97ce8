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

from search_viz.render.graph_lessons import bidirectional_thumbnail, uninformed_thumbnail


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

# A url_path equal to the page file's name: Streamlit also scans pages/ the old way, and a
# first visit to a URL that scan does not know shows "Page not found" (then runs the page).
LESSONS.append(
    Lesson(
        page="pages/uninformed_search.py",
        title="Uninformed search",
        icon=":material/account_tree:",
        summary="BFS, DFS, depth-limited and iterative deepening: a queue against a stack.",
        thumbnail=uninformed_thumbnail,
        url_path="uninformed_search",
    )
)
LESSONS.append(
    Lesson(
        page="pages/bidirectional_search.py",
        title="Bidirectional search",
        icon=":material/compare_arrows:",
        summary="Two breadth-first searches, from the start and from the goal, meet in the middle.",
        thumbnail=bidirectional_thumbnail,
        url_path="bidirectional_search",
    )
)
