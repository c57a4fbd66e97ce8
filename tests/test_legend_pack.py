"""The legend pack: every legend the lessons ask for is kept exactly as matplotlib draws it
today, and a film that reads it is the film that draws it."""

from __future__ import annotations

from pathlib import Path

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.font_manager import get_font
from matplotlib.ft2font import LoadFlags
from matplotlib.textpath import TextToPath

import search_viz as sv
from search_viz.film import legend_pack, sketch_text
from search_viz.film.pair_shaping import FONTS
from search_viz.film.svg_writer import _FONT_SCALE, SVG_RC
from search_viz.lessons.packed_legends import asked_legends
from search_viz.problems.game_tree import EXAMPLES
from search_viz.problems.graph_examples import notes_tree

REMAKE = "run `make legends` to pack the lessons' legends anew"


@pytest.fixture(scope="module")
def asked() -> list[dict]:
    return asked_legends()


def _outline(name: str) -> tuple[np.ndarray, np.ndarray]:
    """Glyph ``name`` ("DejaVuSans-51": the font's PostScript name and the glyph's number,
    in hex) as FreeType outlines it at the layout size, read afresh from the font."""
    postscript, index = name.rsplit("-", 1)
    fonts = {get_font(path).postscript_name: path for path in FONTS}
    font = get_font(fonts[postscript])
    font.set_size(_FONT_SCALE, TextToPath.DPI)
    font.load_glyph(int(index, 16), flags=LoadFlags.NO_HINTING)
    return font.get_path()


def test_every_legend_the_lessons_ask_for_is_packed_as_matplotlib_draws_it(asked):
    assert len(asked) >= 15  # every lesson's: graphs, mazes, puzzles, trees, boards, queens
    for arguments in asked:
        assert legend_pack.legend_key(arguments) is not None, f"cannot be packed: {arguments}"
        kept = legend_pack.read(arguments, SVG_RC)
        assert kept is not None, f"not in the pack: {legend_pack.legend_key(arguments)}; {REMAKE}"
        drawn = sketch_text._draw_legend(arguments, sketch_text._PAGE, (0.5, 0.5))
        packed = sketch_text._packed_legend(arguments)
        assert packed.markup == drawn.markup, REMAKE
        assert packed.movable == drawn.movable, REMAKE
        assert kept["patterns"] == drawn.patterns, REMAKE
        assert tuple(kept["glyphs"]) == drawn.glyphs, REMAKE
        assert tuple(kept["extent"]) == tuple(drawn.extent.extents), REMAKE
        assert set(kept["outlines"]) == set(drawn.glyphs)
        for name, (units, codes) in kept["outlines"].items():
            vertices, font_codes = _outline(name)
            assert np.array_equal(np.reshape(units, (-1, 2)) / 64, vertices), name
            assert list(codes) == font_codes.tolist(), name


def test_the_pack_holds_no_legend_the_lessons_no_longer_ask_for(asked):
    wanted = {legend_pack.pack_file(arguments, SVG_RC).name for arguments in asked}
    kept = {path.name for path in legend_pack.PACK.glob("*.json")}
    assert kept == wanted, REMAKE


def test_a_film_that_reads_its_legends_is_the_film_that_draws_them(monkeypatch, tmp_path):
    def build() -> list:
        return [
            sv.film(sv.alphabeta, EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"]),
            sv.film(sv.iddfs, sv.GraphProblem(notes_tree(), "A", "R"), max_depth=4),
            sv.film(sv.minimax, sv.TicTacToe("XOXOX....")),
        ]

    def no_drawing(*arguments):
        raise AssertionError("a packed legend was drawn")

    monkeypatch.setattr(sketch_text, "_LEGENDS", {})
    with monkeypatch.context() as read_only:
        read_only.setattr(sketch_text, "_draw_legend", no_drawing)
        read = build()
    monkeypatch.setattr(sketch_text, "_LEGENDS", {})
    monkeypatch.setattr(legend_pack, "PACK", tmp_path)  # an empty pack: every legend drawn
    drawn = build()
    for one, other in zip(read, drawn, strict=True):
        assert one.svg == other.svg
        assert one.digest == other.digest


def test_a_legend_drawn_under_another_matplotlib_or_settings_is_not_read(asked, monkeypatch):
    arguments = asked[0]
    assert legend_pack.read(arguments, SVG_RC) is not None
    assert legend_pack.read(arguments, {**SVG_RC, "svg.hashsalt": "other"}) is None
    monkeypatch.setattr(mpl, "__version__", "0.0.1")
    assert legend_pack.read(arguments, SVG_RC) is None


def test_a_file_that_holds_another_legend_is_not_read(asked, monkeypatch, tmp_path):
    arguments = asked[0]
    kept = legend_pack.read(arguments, SVG_RC)
    monkeypatch.setattr(legend_pack, "PACK", tmp_path)
    legend_pack.write(arguments, SVG_RC, {k: v for k, v in kept.items() if k != "key"})
    assert legend_pack.read(arguments, SVG_RC) == kept  # written again: read back the same
    path = legend_pack.pack_file(arguments, SVG_RC)
    path.write_text(path.read_text().replace('"key":"', '"key":"another '))
    assert legend_pack.read(arguments, SVG_RC) is None
    path.write_text("{not json")
    assert legend_pack.read(arguments, SVG_RC) is None


def test_a_legend_whose_handle_has_no_lasting_name_is_drawn_not_packed():
    from search_viz.lessons.shared.graph_drawing import graph_legend_handle

    named = {"entries": ("a",), "handle": graph_legend_handle}
    unnamed = {"entries": ("a",), "handle": lambda entry: graph_legend_handle(entry)}
    assert legend_pack.pack_file(named, SVG_RC) is not None
    assert legend_pack.pack_file(unnamed, SVG_RC) is None
    with pytest.raises(ValueError, match="cannot be packed"):
        legend_pack.write(unnamed, SVG_RC, {})


def test_a_legend_key_is_the_same_for_equal_arguments_and_differs_for_others():
    from search_viz.lessons.tictactoe.drawing import _legend_handle

    base = {"handle": _legend_handle, "ncols": 2, "fontsize": 9.0, "labels": ["a", "b"]}
    assert legend_pack.legend_key(dict(reversed(base.items()))) == legend_pack.legend_key(base)
    for change in ({"ncols": 3}, {"fontsize": 9.5}, {"labels": ["a", "c"]}, {"loc": "upper"}):
        assert legend_pack.legend_key({**base, **change}) != legend_pack.legend_key(base)


def test_the_pack_is_where_the_package_data_ships_it():
    pyproject = (Path(__file__).parents[1] / "pyproject.toml").read_text()
    assert '"assets/legends/*.json"' in pyproject
    assert legend_pack.PACK.parent.name == "assets"
