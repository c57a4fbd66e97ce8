"""Running the app in AppTest the way a link runs it, and reading what a page wrote."""

from __future__ import annotations

from collections.abc import Mapping

from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

APP = str(ROOT / "streamlit_app.py")


def open_page(page: str, query: Mapping[str, object] | None = None, timeout: float = 90) -> AppTest:
    """The app opened on ``page`` with ``query`` in its link: the navigation runs, then the page.

    For example ``open_page("app_pages/game_trees.py", {"step": 3})`` is the game-trees
    lesson at step 3.
    """
    at = AppTest.from_file(APP, default_timeout=timeout)
    at.query_params.update({key: str(value) for key, value in (query or {}).items()})
    at.run()
    return at.switch_page(page).run()


def html_text(at: AppTest) -> str:
    """Every piece of HTML the page wrote, as one string."""
    return " ".join(h.value for h in at.html)


def players(at: AppTest) -> list[dict]:
    """The data each film player of the page was given (films, titles, options), in order.

    The player steps in the browser, which AppTest does not run: tests check that
    the page chose the right films (``film["id"]`` is the film's ``digest``) and
    assert on the films themselves.
    """
    import json

    found = []

    def walk(node) -> None:
        for child in getattr(node, "children", {}).values():
            proto = getattr(child, "proto", None)
            if type(proto).__name__ == "BidiComponent" and proto.component_name.endswith(
                "film_player"
            ):
                found.append(json.loads(proto.json))
            walk(child)

    walk(at._tree)
    return found


def film_ids(at: AppTest) -> list[list[str]]:
    """For each film player of the page, the digests of its films."""
    return [[film["id"] for film in data["films"]] for data in players(at)]
