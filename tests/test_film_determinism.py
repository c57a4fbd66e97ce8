"""A film is the same in every process: the same problem gives the same data, byte for byte.

Films are cached per server and shared by every session, and replicas each build their
own: a film that depended on the process's hash seed (a set's order) would differ
between two replicas and between a test and the page. Each lesson's default film is
built in two processes with different hash seeds, and their digests compared.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT

_DIGESTS = (
    "import json; from tests.app.lesson_films import LESSON_FILMS; "
    "print(json.dumps({path: make().digest for path, make in sorted(LESSON_FILMS.items())}))"
)


#: Every example tree of the game-trees page, alpha-beta fail-soft and fail-hard: a cut's
#: caption was once drawn in a set's order (fail-hard on the textbook tree).
_TREE_DIGESTS = (
    "import json, search_viz as sv; from search_viz.problems.game_tree import EXAMPLES; "
    "print(json.dumps({f'{name} {soft}': sv.film(sv.alphabeta, tree, fail_soft=soft).digest "
    "for name, tree in sorted(EXAMPLES.items()) for soft in (True, False)}))"
)


def _digests(hash_seed: int, script: str = _DIGESTS) -> dict[str, str]:
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
        check=True, timeout=280,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_lessons_default_film_is_the_same_whatever_the_hash_seed():
    first, second = _digests(1), _digests(2)
    assert len(first) == 6
    assert first == second


def test_every_example_game_trees_film_is_the_same_whatever_the_hash_seed():
    first, second = _digests(0, _TREE_DIGESTS), _digests(4, _TREE_DIGESTS)
    assert len(first) >= 10
    assert first == second
