"""The event record, its vocabulary and its sentences."""

import math

import pytest

from search_viz import KINDS, Event, Result, explain, format_value


def test_every_kind_of_design_is_documented_in_one_line():
    expected = {
        "generate", "expand", "goal", "iterate", "cutoff", "meet", "done",
        "evaluate", "backup", "prune",
        "propose", "accept", "reject", "restart", "generation",
    }  # fmt: skip
    assert expected <= set(KINDS)
    for kind, meaning in KINDS.items():
        assert meaning, kind
        assert "\n" not in meaning, kind


def test_event_fields_default_to_none_and_cannot_change():
    e = Event("expand", "A")
    assert (e.parent, e.value, e.alpha, e.beta, e.g, e.h, e.line) == (None,) * 7
    with pytest.raises(AttributeError):
        e.value = 3  # type: ignore[misc]


def test_f_is_what_the_search_gives_and_none_otherwise():
    assert Event("generate", "S", g=2, h=3, f=3).f == 3  # greedy: f = h
    assert Event("generate", "S", g=2, h=3).f is None


def test_result_stats_are_not_shared_between_results():
    a, b = Result(), Result()
    a.stats["nodes"] = 1
    assert b.stats == {}


@pytest.mark.parametrize(
    ("value", "text"),
    [(3, "3"), (3.0, "3"), (-2.5, "-2.5"), (math.inf, "∞"), (-math.inf, "−∞"), (None, "None")],
)
def test_format_value(value, text):
    assert format_value(value) == text


def test_every_kind_has_a_sentence_naming_its_node():
    for kind in KINDS:
        e = Event(kind, "N", parent="P", value=1, alpha=1, beta=2, depth=1, delta=1,
                  temperature=10.0, probability=0.9)  # fmt: skip
        sentence = explain(e)
        assert sentence.endswith("."), kind
        assert sentence[0].isupper() or sentence[0] in "αN", kind


def test_prune_sentence_gives_the_window_and_the_place_of_the_cut():
    e = Event("prune", (0, 1, 1), parent=(0, 1), alpha=5, beta=3)
    names = {(0, 1): "E", (0, 1, 1): "9"}
    assert explain(e, names.get) == "α = 5 ≥ β = 3 at E: 9 cannot change the result, prune it."


def test_annealing_sentence_gives_the_acceptance_probability():
    e = Event("accept", None, delta=2, temperature=1000.0, probability=math.exp(-2 / 1000))
    assert "0.998" in e.note
    assert "worse by Δ = 2" in e.note


def test_note_is_the_explanation():
    e = Event("backup", "B", parent="A", value=3, alpha=3, beta=math.inf)
    assert (
        e.note == explain(e) == "B is decided: it returns 3 to A, whose window is now α = 3, β = ∞."
    )
