"""``film.save(path)``: the standalone page on disk, and a clear refusal of other files."""

from __future__ import annotations

import pytest

from search_viz.film.demo import demo_film


def test_save_writes_the_page_that_plays_offline(tmp_path):
    film = demo_film()
    path = film.save(tmp_path / "dots.html")
    assert path.read_text(encoding="utf-8") == film.to_html()
    practice = film.save(str(tmp_path / "practice.htm"), practice=True, title="Homework")
    text = practice.read_text(encoding="utf-8")
    assert "<title>Homework</title>" in text
    assert '"practice":true' in text


def test_save_refuses_a_picture_file_and_says_what_makes_one(tmp_path):
    with pytest.raises(ValueError, match=r"\.html file, not 'dots\.png'.*savefig"):
        demo_film().save(tmp_path / "dots.png")
    assert not (tmp_path / "dots.png").exists()
