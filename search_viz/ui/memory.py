"""What the server does once with Python's memory, before the first lesson is shown.

Building a film allocates many small objects, so Python's collector runs often while it
builds, and each of its full collections walks every object alive: in a server, mostly
the modules it has imported (Streamlit, matplotlib, the lessons), which never become
garbage. :func:`freeze_imported_modules` imports every lesson's page once and moves all
that is alive then out of the collector's sight (``gc.freeze``), so that later
collections walk only what films and sessions made. Measured on the default films
(benchmarks/README.md, "Building a film"): tic-tac-toe's built in 0.15 s instead of 0.23-
0.26 s, local search's in 0.35 s instead of 0.37-0.42 s.

Only what is alive at that moment is frozen, and only once per process: what a page
makes later (films, caches, sessions) is collected as usual. So the libraries Streamlit
imports only when a page first sends the player its data (:data:`IMPORTED_AT_FIRST_SEND`)
are imported before, and frozen with the rest.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from importlib import import_module

_frozen = False

#: What Streamlit's custom components import the first time one is sent data (to see whether
#: it holds a dataframe): 331 modules and about 33,000 objects, 0.3-0.45 s on this machine.
#: Imported later, they would stay in sight of every full collection (about 5 ms each).
IMPORTED_AT_FIRST_SEND = ("pandas", "pyarrow")


def freeze_imported_modules(packages: Iterable[str]) -> bool:
    """Import each lesson package's page (``search_viz.lessons.<package>.page``) and what
    Streamlit imports when a page first sends data (:data:`IMPORTED_AT_FIRST_SEND`), and
    freeze the heap, the first time in this process; True when it froze now, False if
    already done.

    >>> first = freeze_imported_modules(["game_trees"])
    >>> freeze_imported_modules(["game_trees"])  # once per process: a second call does nothing
    False
    >>> gc.get_freeze_count() > 0
    True
    """
    global _frozen
    if _frozen:
        return False
    for package in packages:
        import_module(f"search_viz.lessons.{package}.page")
    for library in IMPORTED_AT_FIRST_SEND:
        import_module(library)
    gc.collect()
    gc.freeze()
    _frozen = True
    return True
