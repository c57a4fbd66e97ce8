"""The import layers of DESIGN.md, read from the source (ast), imports inside functions too.

Imports flow one way: ``events, trace <- problems <- algorithms <- film <- lessons <- ui <-
app_pages``. The library (events, trace, problems, algorithms, film) imports no Streamlit;
events, trace, problems and algorithms import no matplotlib; ``ui`` never imports a lesson;
within ``search_viz/lessons/`` only a lesson's ``inputs.py`` and ``page.py`` (and a sidebar
two lessons share, ``lessons/shared/*_inputs.py``) import Streamlit. No exceptions.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Each layer, lowest first, and the modules it holds (each with the modules under it, but for
#: those in :data:`ALONE`). ``search_viz`` itself (its ``__init__``, the public API) re-exports
#: ``sv.film`` from the lessons, so it sits with them; ``search_viz.checks`` (argument checks)
#: is part of the protocol's layer. A lesson's ``page.py`` and ``inputs.py`` (its Streamlit
#: modules) may also use ``ui`` (DESIGN.md: "a lesson's page body may use ui").
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("events, trace", ("search_viz.events", "search_viz.trace", "search_viz.checks")),
    ("problems", ("search_viz.problems",)),
    ("algorithms", ("search_viz.algorithms",)),
    ("film", ("search_viz.film",)),
    ("lessons", ("search_viz.lessons", "search_viz")),
    ("ui", ("search_viz.ui",)),
    ("app_pages", ("app_pages", "streamlit_app")),
]
ALONE = frozenset({"search_viz", "streamlit_app"})
LIBRARY = ("events, trace", "problems", "algorithms", "film")
NO_MATPLOTLIB = ("events, trace", "problems", "algorithms")

# The rules, by the name the exceptions give.
LAYER = "imports a higher layer"
OUTSIDE = "is in no layer, or imports a module in no layer"
STREAMLIT_IN_LIBRARY = "the library imports Streamlit"
MATPLOTLIB_BELOW_FILM = "events, trace, problems or algorithms import matplotlib"
UI_IMPORTS_LESSON = "ui imports a lesson"
STREAMLIT_IN_LESSON = (
    "a lesson module other than inputs.py or page.py (or a shared *_inputs.py) imports Streamlit"
)


# ------------------------------------------------------------------------- reading imports
def module_name(path: Path) -> str:
    """``search_viz/ui/panels.py`` -> ``search_viz.ui.panels``; a package is its ``__init__``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def repository_sources() -> dict[str, tuple[str, bool]]:
    """Every module of the app: its name -> (its source, whether it is a package)."""
    paths = [
        *ROOT.glob("search_viz/**/*.py"),
        *ROOT.glob("app_pages/*.py"),
        ROOT / "streamlit_app.py",
    ]
    return {module_name(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py") for p in paths}


def imported(name: str, source: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules ``source`` imports, anywhere in it (inside functions too).

    ``from a import b`` imports ``a.b`` if that is one of the ``known`` modules, else ``a``;
    relative imports are resolved; ``importlib.import_module("a.b")`` with a written-out name
    counts too.
    """
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in known else base)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return found


def layer_of(module: str) -> str | None:
    """The layer holding ``module`` (the longest matching prefix), or None."""
    best, best_length = None, -1
    for layer, prefixes in LAYERS:
        for prefix in prefixes:
            under = module.startswith(prefix + ".") and prefix not in ALONE
            if (module == prefix or under) and len(prefix) > best_length:
                best, best_length = layer, len(prefix)
    return best


RANK = {layer: i for i, (layer, _) in enumerate(LAYERS)}


def is_under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def is_lesson_streamlit_module(module: str) -> bool:
    """Whether ``module`` is a lesson's ``inputs.py`` or ``page.py``, or a sidebar two lessons
    share (``lessons/shared/<name>_inputs.py``)."""
    parts = module.split(".")
    if len(parts) != 4 or parts[:2] != ["search_viz", "lessons"]:
        return False
    if parts[2] == "shared":
        return parts[3].endswith("_inputs")
    return parts[3] in ("inputs", "page")


def violations(sources: dict[str, tuple[str, bool]]) -> dict[tuple[str, str], set[str]]:
    """Every (module, rule) broken, with what breaks it (the imports, or the module itself)."""
    own = set(sources)
    broken: dict[tuple[str, str], set[str]] = {}

    def add(module: str, rule: str, why: str) -> None:
        broken.setdefault((module, rule), set()).add(why)

    for name, (source, is_package) in sources.items():
        layer = layer_of(name)
        if layer is None:
            add(name, OUTSIDE, "(the module itself)")
        for target in imported(name, source, is_package, own):
            root = target.split(".")[0]
            if root == "streamlit":
                if layer in LIBRARY:
                    add(name, STREAMLIT_IN_LIBRARY, target)
                in_lessons = is_under(name, "search_viz.lessons")
                if in_lessons and not is_lesson_streamlit_module(name):
                    add(name, STREAMLIT_IN_LESSON, target)
            elif root == "matplotlib" and layer in NO_MATPLOTLIB:
                add(name, MATPLOTLIB_BELOW_FILM, target)
            if root not in ("search_viz", "app_pages", "streamlit_app"):
                continue
            if layer == "ui" and is_under(target, "search_viz.lessons"):
                add(name, UI_IMPORTS_LESSON, target)
            target_layer = layer_of(target)
            if target_layer is None:
                add(name, OUTSIDE, target)
            elif target_layer == "ui" and is_lesson_streamlit_module(name):
                pass  # a lesson's page body may use ui
            elif layer is not None and RANK[target_layer] > RANK[layer]:
                add(name, LAYER, f"{target} ({target_layer}, above {layer})")
    return broken


# ----------------------------------------------------------------------------------- tests
def test_the_app_keeps_the_layers_of_design_md():
    found = violations(repository_sources())
    assert not found, "Imports that break DESIGN.md's layers:\n" + "\n".join(
        f"  {module}: {rule}: {', '.join(sorted(why))}"
        for (module, rule), why in sorted(found.items())
    )


def test_every_module_read_is_parsed():
    sources = repository_sources()
    assert {
        "search_viz.events",
        "search_viz.trace",
        "search_viz",
        "streamlit_app",
    } <= sources.keys()
    assert "search_viz.film" in sources  # a package is its __init__
    assert len(sources) > 50


LIBRARY_TEXT = "from search_viz.events import Event\n"


@pytest.mark.parametrize(
    ("module", "source", "rule"),
    [
        ("search_viz.problems.x", "import streamlit as st\n", STREAMLIT_IN_LIBRARY),
        (
            "search_viz.film.x",
            "def f():\n    from streamlit import session_state\n",
            STREAMLIT_IN_LIBRARY,
        ),
        ("search_viz.algorithms.x", "import matplotlib.pyplot as plt\n", MATPLOTLIB_BELOW_FILM),
        (
            "search_viz.trace",
            "def f():\n    from matplotlib.figure import Figure\n",
            MATPLOTLIB_BELOW_FILM,
        ),
        ("search_viz.events", "from search_viz.problems import GraphProblem\n", LAYER),
        ("search_viz.problems.x", "from search_viz.algorithms.uninformed import bfs\n", LAYER),
        ("search_viz.algorithms.x", "import search_viz as sv\n", LAYER),
        ("search_viz.film.x", "from search_viz.lessons.graph import drawing\n", LAYER),
        ("search_viz.lessons.graph.drawing", "from search_viz.ui import panels\n", LAYER),
        ("search_viz.lessons.shared.page", "from search_viz.ui import panels\n", LAYER),
        ("search_viz.ui.x", "from app_pages import home\n", LAYER),
        ("search_viz.ui.x", "from search_viz.lessons.shared import figure\n", UI_IMPORTS_LESSON),
        (
            "search_viz.ui.x",
            "import importlib\nimportlib.import_module('search_viz.lessons.graph')\n",
            UI_IMPORTS_LESSON,
        ),
        ("search_viz.lessons.graph.drawing", "import streamlit\n", STREAMLIT_IN_LESSON),
        ("search_viz.lessons.shared.page", "import streamlit\n", STREAMLIT_IN_LESSON),
        ("search_viz.lessons.graph", "import streamlit\n", STREAMLIT_IN_LESSON),
        ("search_viz.lessons.graph.page", "from search_viz.render import x\n", OUTSIDE),
        ("search_viz.newthing", LIBRARY_TEXT, OUTSIDE),
        ("search_viz.problems.sub.x", "from ...algorithms import bfs\n", LAYER),
    ],
)
def test_each_rule_catches_what_it_forbids(module, source, rule):
    sources = {module: (source, False), "search_viz.algorithms.bfs": ("", False)}
    assert (module, rule) in violations(sources)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("search_viz.trace", "from search_viz.events import run\nimport numpy\n"),
        ("search_viz.algorithms.x", "from search_viz.problems.game import MAX\n"),
        ("search_viz.film.x", "from matplotlib.figure import Figure\n"),
        (
            "search_viz.lessons.graph.drawing",
            "import search_viz as sv\nfrom search_viz.film import Film\n",
        ),
        (
            "search_viz.lessons.graph.page",
            "import streamlit as st\nfrom search_viz.ui import panels\n",
        ),
        ("search_viz.lessons.graph.inputs", "import streamlit as st\n"),
        (
            "search_viz.ui.x",
            "import streamlit\nimport search_viz as sv\nfrom search_viz.film import Film\n",
        ),
        ("app_pages.graph", "from search_viz.lessons.graph.page import body\n"),
        ("search_viz", "from search_viz.lessons import film\n"),
    ],
)
def test_what_the_layers_allow_passes(module, source):
    assert not violations({module: (source, False)})
