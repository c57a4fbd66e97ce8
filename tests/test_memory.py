"""The server freezes what it has imported once, so that building films collects less; what
pages make afterwards is still collected."""

from __future__ import annotations

import subprocess
import sys

SERVER_START = """
import gc, sys, weakref
from search_viz.ui.lessons import LESSONS
from search_viz.ui.memory import freeze_imported_modules

class Cycle:
    pass

assert gc.get_freeze_count() == 0
print(freeze_imported_modules(lesson.package for lesson in LESSONS))
frozen = gc.get_freeze_count()
print(all(f"search_viz.lessons.{lesson.package}.page" in sys.modules for lesson in LESSONS))
print(frozen > 10_000, freeze_imported_modules(["uninformed"]), gc.get_freeze_count() == frozen)
imported = set(sys.modules)
from streamlit.dataframe_util import is_dataframe_like  # what a component's first send asks
is_dataframe_like({"films": []})
print(sorted(set(sys.modules) - imported))  # nothing: imported and frozen at start
a, b = Cycle(), Cycle()
a.other, b.other = b, a
gone = weakref.ref(a)
del a, b
gc.collect()
print(gone() is None)
"""


def test_every_lessons_page_and_what_a_first_send_imports_is_frozen_once_and_garbage_still_goes():
    out = subprocess.run(
        [sys.executable, "-c", SERVER_START], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["True", "True", "True", "False", "True", "[]", "True"]
