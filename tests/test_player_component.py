"""How the film player reaches a Streamlit page: its script and style as files named by what
they hold, which Streamlit serves where the package is installed with its manifest; else
inside each message (a checkout run without ``make``). The browser side is in
tests/app/test_film_player_browser.py and tests/app/test_replicas_browser.py."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

import pytest
import streamlit as st
from streamlit.errors import StreamlitAPIException, StreamlitComponentRegistryError

from search_viz.film import player_files
from search_viz.film.pages import ASSETS, player_assets

ROOT = Path(__file__).resolve().parents[1]
#: The module (the package re-exports its function ``film_player`` under the same name).
PLAYER = importlib.import_module("search_viz.ui.film_player")
NAMED = re.compile(r"^served/player\.[0-9a-f]{12}\.(js|css)$")


def test_the_manifest_names_the_folder_the_player_is_served_from():
    manifest = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["streamlit"]
    (component,) = manifest["component"]["components"]
    assert component["name"] == "film_player"
    assert (ROOT / "search_viz" / component["asset_dir"]).resolve() == Path(str(ASSETS)).resolve()
    js, css = player_files.served_player_files()
    assert NAMED.match(js)
    assert NAMED.match(css)
    assert (Path(str(ASSETS)) / js).read_text("utf-8") == player_assets()[0]
    assert (Path(str(ASSETS)) / css).read_text("utf-8") == player_assets()[1]


def test_a_named_copy_changes_name_with_what_it_holds_and_the_old_one_goes(tmp_path, monkeypatch):
    monkeypatch.setattr(player_files, "SERVED", tmp_path / "served")
    first = player_files._named_copy("let a = 1;", "js")
    assert first == player_files._named_copy("let a = 1;", "js")  # the same text, the same name
    second = player_files._named_copy("let a = 2;", "js")
    assert second != first
    assert sorted(p.name for p in (tmp_path / "served").iterdir()) == [second.split("/")[1]]
    assert (tmp_path / second).read_text("utf-8") == "let a = 2;"


@pytest.mark.parametrize(
    "refusal",
    [
        StreamlitAPIException(
            "Component 'search_viz.film_player' must be declared in pyproject.toml with "
            "asset_dir to use file-backed js."
        ),
        StreamlitComponentRegistryError("Path 'served/player.js' resolves outside asset_dir"),
        PermissionError(13, "Permission denied"),
    ],
)
def test_without_its_manifest_or_its_files_the_player_travels_inside_each_message(
    monkeypatch, refusal
):
    asked = []

    def component(name, *, js, css):
        asked.append((name, js, css))
        if NAMED.match(js):
            raise refusal
        return "inline"

    def files():
        if isinstance(refusal, OSError):
            raise refusal
        return player_files.served_player_files()

    monkeypatch.setattr(st.components.v2, "component", component)
    monkeypatch.setattr(PLAYER, "served_player_files", files)
    assert PLAYER._component() == "inline"
    assert asked[-1] == ("search_viz.film_player", *player_assets())


def test_with_its_manifest_the_player_is_its_named_files(monkeypatch):
    asked = []
    monkeypatch.setattr(
        st.components.v2, "component", lambda name, *, js, css: asked.append((js, css)) or "files"
    )
    assert PLAYER._component() == "files"
    assert asked == [player_files.served_player_files()]
