"""Every link parameter of every lesson: a valid value is kept, a bad one falls back, said so.

The parameters are not listed by hand: each lesson's widgets bound to the URL
(``bind="query-params"``) are found by running the page, in its default view and
in the view each choice of a selector opens. Text fields take any text from a link:
the field must show exactly that text, and the page must say what is wrong with it.
"""

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from search_viz.ui.lessons import LESSONS

ROOT = Path(__file__).resolve().parents[2]

#: The AppTest widget lists that can be bound to the URL.
KINDS = ("selectbox", "radio", "segmented_control", "pills", "multiselect", "select_slider",
         "checkbox", "toggle", "number_input", "slider", "text_input", "text_area")  # fmt: skip
CHOOSERS = ("selectbox", "radio", "segmented_control")


def open_lesson(page: str, query: dict[str, str] | None = None) -> AppTest:
    """The lesson page run on its own (what a link to it runs, minus the navigation)."""
    at = AppTest.from_file(str(ROOT / page), default_timeout=120)
    at.query_params.update(query or {})
    return at.run()


def bound(at: AppTest) -> dict[str, tuple[str, object]]:
    """The widgets bound to the URL on this run: parameter -> (widget kind, widget)."""
    found = {}
    for kind in KINDS:
        for widget in getattr(at, kind):
            key = getattr(widget.proto, "query_param_key", "")
            if key:
                found.setdefault(key, (kind, widget))
    return found


def options(widget) -> list[str]:
    return [getattr(o, "content", o) for o in widget.proto.options]


def other_value(kind: str, widget) -> str | None:
    """A valid value for the link that differs from the widget's current one, as URL text."""
    if kind in ("checkbox", "toggle"):
        return str(not widget.value).lower()
    if kind in ("selectbox", "radio", "segmented_control", "pills", "select_slider"):
        labels = options(widget)
        default = widget.proto.default
        current = default if isinstance(default, int) else (default[0] if len(default) else None)
        others = [label for i, label in enumerate(labels) if i != current]
        return others[0] if others else None
    if kind in ("number_input", "slider") and not isinstance(widget.value, (tuple, list)):
        low, high, step = widget.proto.min, widget.proto.max, widget.proto.step or 1
        value = widget.value + step if widget.value + step <= high else widget.value - step
        if not low <= value <= high:
            return None
        return str(int(value)) if isinstance(widget.value, int) else str(round(value, 10))
    return f"{widget.value} "  # text: the field shows the link's text as it is


#: Text no page can use, in any field: markup, a backslash, dollars (mathtext), a NUL.
HOSTILE_TEXT = "$x$ \\foo <b>]]\x00"


def bad_value(kind: str, widget) -> str:
    """A value the page cannot use for this widget, as URL text."""
    if kind in ("checkbox", "toggle"):
        return "maybe"
    if kind in ("number_input", "slider"):
        return "not-a-number"
    if kind in ("selectbox", "radio", "segmented_control", "pills", "select_slider"):
        return "no-such-choice"
    return HOSTILE_TEXT


@dataclass(frozen=True)
class Parameter:
    """One bound parameter: the link that shows its widget, and what to try in it."""

    kind: str
    context: tuple[tuple[str, str], ...]
    default: object
    valid: str | None
    bad: str


def describe(kind: str, widget, context: dict[str, str]) -> Parameter:
    return Parameter(
        kind,
        tuple(context.items()),
        widget.value,
        other_value(kind, widget),
        bad_value(kind, widget),
    )


@cache
def parameters(page: str) -> dict[str, Parameter]:
    """Each bound parameter of ``page``, found in its default view and one choice deeper."""
    first = bound(open_lesson(page))
    found = {key: describe(kind, widget, {}) for key, (kind, widget) in first.items()}
    for key, (kind, widget) in first.items():
        if kind not in CHOOSERS:
            continue
        for label in options(widget)[1:]:  # the first is usually the default view, seen
            for new_key, (new_kind, new_widget) in bound(open_lesson(page, {key: label})).items():
                if new_key not in found:
                    found[new_key] = describe(new_kind, new_widget, {key: label})
    return found


CASES = [
    pytest.param(lesson.page, key, id=f"{lesson.url_path}:{key}")
    for lesson in LESSONS
    for key in parameters(lesson.page)
]


TEXTS = ("text_input", "text_area")


@pytest.mark.parametrize(("page", "key"), CASES)
def test_a_valid_value_in_the_link_is_kept(page, key):
    parameter = parameters(page)[key]
    if parameter.valid is None:  # a number widget whose range holds one value
        pytest.skip(f"{key}: the widget allows one value only")
    at = open_lesson(page, {**dict(parameter.context), key: parameter.valid})
    assert not at.exception
    assert at.query_params.get(key) == parameter.valid, f"{key}={parameter.valid!r} was dropped"
    assert not [w.value for w in at.warning if f"link's {key}=" in w.value]


@pytest.mark.parametrize(("page", "key"), CASES)
def test_a_bad_value_in_the_link_is_said_and_never_crashes(page, key):
    parameter = parameters(page)[key]
    at = open_lesson(page, {**dict(parameter.context), key: parameter.bad})
    assert not at.exception, [e.value for e in at.exception]
    if parameter.kind in TEXTS:
        # the text stays in its field, and the page says what is wrong with it
        assert bound(at)[key][1].value == parameter.bad
        assert at.error, f"{key}: no message about {parameter.bad!r}"
        return
    assert key not in at.query_params
    assert bound(at)[key][1].value == parameter.default
    messages = [w.value for w in at.warning]
    assert any(f"link's {key}={parameter.bad!r}" in m for m in messages), messages
