"""The HTML of the shared panels, checked without a browser."""

from search_viz.film.style import STATUS
from search_viz.ui.panels import counters_html, legend_html, note_html, pseudocode_html


def test_only_the_current_line_is_lit():
    out = pseudocode_html("a\nb\nc", current_line=2)
    rows = out.split("<div")[2:]
    assert ["font-weight:700" in row for row in rows] == [False, True, False]
    assert out.count("▶") == 1


def test_no_line_is_lit_without_a_current_line():
    assert "▶" not in pseudocode_html("a\nb", current_line=None)


def test_pseudocode_text_is_escaped():
    out = pseudocode_html("if a < b and c > d:", current_line=1)
    assert "a &lt; b" in out
    assert "<b and" not in out


def test_note_is_escaped_and_numbered():
    out = note_html("<script>", step=4)
    assert "&lt;script&gt;" in out
    assert "Step 4." in out


def test_counters_write_numbers_as_students_read_them():
    out = counters_html({"value": 3.0, "window": float("inf")})
    assert ">3<" in out
    assert "∞" in out


def test_legend_names_each_status_and_marks_hatching():
    out = legend_html(["frontier", "pruned"])
    assert STATUS["frontier"].label in out
    assert STATUS["pruned"].label in out
    assert "dashed" in out  # the frontier's outline
    assert "repeating-linear-gradient" in out  # the pruned hatching
