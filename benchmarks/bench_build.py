"""Building a film: the CPU each lesson's default film and its largest film take, now and before.

Side by side in one run, on this machine (issue 21, "films built at least 5x faster"):

* **before**: the code at ``BASELINE`` (567aad9, before the faster SVG writer),
* **now**: the code at ``HEAD`` (``--now PATH``: another checkout, e.g. this working tree),

each checked out in a temporary git worktree (removed at the end) and run in its own
Python process with its own ``PYTHONPATH``. For every film, a fresh process imports
the library and every lesson's modules, starts as that checkout's app starts (the
lessons' fonts prepared and the heap frozen, see :func:`serve_like_the_app`) and builds the
demo film once (a server that has drawn a film before: matplotlib's code paths warm), then
builds the film, measuring the process CPU time of that build (the search, the scene, its
SVG and every step), with the 1-minute load average beside it. Every film is measured
twice, before and now in turn; a default film's figure in each is the least of five such
processes on each side (:data:`DEFAULT_REPEATS`).

The films are the page's defaults and the largest replays each page offers, built as the
pages build them (``sv.film``, and the bidirectional page's two films in compare mode).

Targets: every default film in at most a fifth of its CPU before, aiming at under 50 ms;
the largest under 1 s. Long replays (the largest of informed and local search, and local
search's default) are shown by their opening first (:mod:`search_viz.film.film`): the rows
"shown first" measure what their page builds before the picture shows (at ``BASELINE``: the
whole film), and the rows "End" what it builds to show their last step, before their whole
film is made: the part of the film that holds it, after the search and the opening the page
has made before (untimed; at ``BASELINE``: the whole film, search and all).

Run: ``python -m benchmarks.bench_build`` (needs git); it writes its table into
benchmarks/README.md (section "build"). ``--only ", End" --section build-end`` measures the
rows "End" alone, into their own section.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The last commit before the films were built faster.
BASELINE = "567aad9"

#: (lesson, which film, what it is): the films measured, in the table's order.
FILMS = [
    ("Uninformed search", "default", "IDDFS on the notes' tree"),
    ("Uninformed search", "largest", "BFS on the 30 x 30 maze"),
    ("Bidirectional search", "default", "the 16 x 16 maze, and plain BFS beside it"),
    ("Bidirectional search", "largest", "the 30 x 30 maze, and plain BFS beside it"),
    ("Informed search", "default", "A* on the notes' 8-puzzle, misplaced tiles"),
    ("Informed search", "largest", "A* on a 31-move puzzle, misplaced tiles (60,000 events)"),
    ("Informed search", "largest, shown first", "the same: what the page builds to show it"),
    (
        "Informed search",
        "largest, middle",
        "the same: what the page builds once the student goes on",
    ),
    ("Informed search", "largest, End", "the same: what the page builds to show its last step"),
    ("Local search", "default", "annealing on 8 queens (the page's options)"),
    ("Local search", "default, shown first", "the same: what the page builds to show it"),
    ("Local search", "largest", "annealing on 50 queens, 20,000 steps"),
    ("Local search", "largest, shown first", "the same: what the page builds to show it"),
    ("Local search", "largest, middle", "the same: what the page builds once the student goes on"),
    ("Local search", "largest, End", "the same: what the page builds to show its last step"),
    ("Game trees", "default", "alpha-beta on the notes' tree"),
    ("Game trees", "largest", "minimax on a 511-node tree"),
    ("Tic-tac-toe", "default", "alpha-beta from the empty board"),
    ("Tic-tac-toe", "largest", "minimax from the empty board"),
]


# ------------------------------------------------------- in the measured process
def build(lesson: str, which: str, prepared: object = None) -> list:
    """The film(s) of one row, built as the page builds them (code of either checkout).

    "..., shown first": what the page builds before that replay shows, the search and its
    film's opening (its first steps, the rest built when the student goes on) where the page
    shows it by its opening; a checkout without openings built the whole film.
    """
    import search_viz as sv

    if which.endswith(", End"):
        return [_end(lesson, prepared)]
    if which.endswith(", middle"):
        return [_middle(lesson, prepared)]
    if which.endswith(", shown first"):
        from search_viz.film import film as film_module

        shown = which.removesuffix(", shown first")
        if not hasattr(film_module, "LONG_FILM"):
            return build(lesson, shown)
        return [_opening(lesson, shown)]

    if lesson == "Uninformed search":
        from search_viz.lessons.shared.graph_cases import MAZE, build_case, notes_tree

        if which == "default":
            return [sv.film(sv.iddfs, sv.GraphProblem(notes_tree(), "A", "R"), max_depth=20)]
        return [sv.film(sv.bfs, build_case(MAZE, (30, 0.25, 2)).problem)]
    if lesson == "Bidirectional search":
        from search_viz.lessons.bidirectional.page import cached_films
        from search_viz.lessons.shared.graph_cases import MAZE

        size, seed = (16, 1) if which == "default" else (30, 2)
        return list(cached_films(MAZE, (size, 0.25, seed), "layer"))
    if lesson == "Informed search":
        from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_START, ORDERED_GOAL

        if which == "default":
            puzzle = sv.EightPuzzle(NOTES_START)
        else:
            puzzle = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
        return [sv.film(sv.astar, puzzle, heuristic="misplaced")]
    if lesson == "Local search":
        if which == "default":
            from search_viz.lessons.local_search.drawing import run_film

            return [run_film(_default_annealing())]
        queens = sv.NQueens(50, seed=0)
        return [sv.film(sv.simulated_annealing, queens, t0=1e9, cooling=0.9999, max_steps=20_000)]
    if lesson == "Game trees":
        from search_viz.problems.game_tree import EXAMPLES

        if which == "default":
            return [sv.film(sv.alphabeta, EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"])]
        return [sv.film(sv.minimax, sv.GameTree.random(2, 8, 0, 9, seed=1))]
    if lesson == "Tic-tac-toe":
        algorithm = sv.alphabeta if which == "default" else sv.minimax
        return [sv.film(algorithm, sv.TicTacToe("........."))]
    raise ValueError(f"no film {lesson!r}, {which!r}")


def _default_annealing():
    """The local-search page's default run: annealing on its default board, with its options."""
    import search_viz as sv
    from search_viz.lessons.local_search.runs import Run

    options = {"t0": 1000.0, "cooling": 0.99, "schedule": "exponential",
               "neighbour": "column-in-turn", "max_steps": 10_000, "seed": 1}  # fmt: skip
    return Run.record(sv.NQueens(8, seed=0), "simulated_annealing", options)


def _opening(lesson: str, which: str):
    """What a page builds to show a lesson's ``which`` film ("default" or "largest"), after
    its search: the film's opening where the page shows it by its opening, else the film."""
    import search_viz as sv

    if (lesson, which) == ("Local search", "default"):  # the page's default annealing
        from search_viz.lessons.local_search.drawing import opens, run_film

        run = _default_annealing()
        return run_film(run, opening=opens(run))
    if lesson == "Informed search":
        from search_viz.lessons.informed import drawing
        from search_viz.lessons.informed.drawing import MAX_EVENTS, film_from_trace
        from search_viz.problems.eight_puzzle import HARDEST_STARTS, ORDERED_GOAL

        puzzle = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
        page = importlib.import_module("search_viz.lessons.informed.page")
        if hasattr(page, "cached_recording"):  # the page's: the search's first events only
            start = HARDEST_STARTS[0]
            trace = page.cached_recording(start, ORDERED_GOAL, "A*", "misplaced", "fifo").head
        elif hasattr(drawing, "recorded"):
            trace = drawing.recorded(sv.astar(puzzle, heuristic="misplaced"), MAX_EVENTS)
        else:
            trace = sv.Trace.record(sv.astar(puzzle, heuristic="misplaced"), limit=MAX_EVENTS)
        return film_from_trace(trace, ORDERED_GOAL, "A*", "misplaced", "fifo", opening=True)
    from search_viz.lessons.local_search.drawing import run_film
    from search_viz.lessons.local_search.runs import Run

    options = {"t0": 1e9, "cooling": 0.9999, "max_steps": 20_000}
    run = Run.record(sv.NQueens(50, seed=0), "simulated_annealing", options)
    return run_film(run, opening=True)


def prepare(lesson: str, which: str) -> object:
    """What a page has made before a row's film, untimed: for the rows "End", the search's
    kept events (informed search) or the run (local search), and the opening the page shows
    first from them (its tree's plan serves the part too); None for the other rows."""
    if not which.endswith((", End", ", middle")):
        return None
    import search_viz as sv

    if lesson == "Informed search":
        from search_viz.lessons.informed import drawing
        from search_viz.problems.eight_puzzle import HARDEST_STARTS, ORDERED_GOAL

        if not hasattr(drawing, "part_from_trace"):
            return None
        puzzle = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
        trace = sv.Trace.begin(sv.astar(puzzle, heuristic="misplaced"), limit=60_000).head
        drawing.film_from_trace(trace, ORDERED_GOAL, "A*", "misplaced", "fifo", opening=True)
        return trace
    from search_viz.lessons.local_search import drawing

    if not hasattr(drawing, "run_part"):
        return None
    from search_viz.lessons.local_search.runs import Run

    options = {"t0": 1e9, "cooling": 0.9999, "max_steps": 20_000}
    run = Run.record(sv.NQueens(50, seed=0), "simulated_annealing", options)
    drawing.run_film(run, opening=True)
    return run


def _end(lesson: str, prepared: object):
    """What a page builds to show the last step of a lesson's largest film, once it shows
    its opening (``prepared``: see :func:`prepare`): the part of the film that holds its end
    (see ``Opening.part``); a checkout without parts builds the whole film, search and all
    (End waits for it)."""
    if prepared is None:
        return build(lesson, "largest")[0]
    if lesson == "Informed search":
        from search_viz.lessons.informed.drawing import part_from_trace
        from search_viz.problems.eight_puzzle import ORDERED_GOAL

        chunks = range(118, 120)  # film_player.part_chunks(59_999, 60_000, 1000)
        return part_from_trace(prepared, ORDERED_GOAL, "A*", "misplaced", "fifo", chunks)
    from search_viz.lessons.local_search.drawing import run_part

    return run_part(prepared, range(79, 81))  # part_chunks(40_000, 40_001, 1000)


def _middle(lesson: str, prepared: object):
    """What a page builds once the student goes on past a lesson's largest film's opening
    (``prepared``: see :func:`prepare`): its middle, its first ``MIDDLE_STEPS`` steps; a
    checkout without parts builds the whole film, search and all."""
    if prepared is None:
        return build(lesson, "largest")[0]
    from search_viz.film import MIDDLE_STEPS

    if lesson == "Informed search":
        from search_viz.lessons.informed.drawing import film_from_trace
        from search_viz.problems.eight_puzzle import ORDERED_GOAL

        trace = prepared
        return film_from_trace(trace, ORDERED_GOAL, "A*", "misplaced", "fifo", first=MIDDLE_STEPS)
    from search_viz.lessons.local_search.drawing import run_film

    return run_film(prepared, first=MIDDLE_STEPS)


def warm_up(lesson: str, which: str) -> None:
    """Another film of the same lesson: what a server has built before a student's new one.

    For a default film, the same page with another problem or option; for the largest,
    the page's default film.
    """
    import search_viz as sv

    if which.startswith("largest"):
        build(lesson, "default")
    elif lesson == "Uninformed search":
        from search_viz.lessons.shared.graph_cases import notes_tree

        sv.film(sv.bfs, sv.GraphProblem(notes_tree(), "A", "R"))
    elif lesson == "Bidirectional search":
        from search_viz.lessons.bidirectional.page import cached_films
        from search_viz.lessons.shared.graph_cases import MAZE

        cached_films(MAZE, (16, 0.25, 2), "layer")
    elif lesson == "Informed search":
        from search_viz.problems.eight_puzzle import NOTES_START

        sv.film(sv.greedy, sv.EightPuzzle(NOTES_START), heuristic="misplaced")
    elif lesson == "Local search":
        sv.film(sv.simulated_annealing, sv.NQueens(8, seed=1), seed=2)
    elif lesson == "Game trees":
        sv.film(sv.alphabeta, sv.GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    elif lesson == "Tic-tac-toe":
        sv.film(sv.alphabeta, sv.TicTacToe("X...O...."))


def measure(lesson: str, which: str, warm: bool = False) -> dict:
    """Build the demo film (and, ``warm``, another film of the lesson), then the row's
    film(s): the CPU and load of the latter."""
    import gc
    import logging

    import matplotlib

    matplotlib.use("agg")
    logging.disable(logging.WARNING)  # Streamlit's "no runtime" warnings, outside a server
    from importlib import import_module

    import matplotlib.backends.backend_agg  # both checkouts draw with these: loaded before timing
    import matplotlib.backends.backend_svg

    from search_viz.film.demo import demo_film
    from search_viz.lessons import FILMING_LESSONS

    for name in FILMING_LESSONS:  # sv.film looks through them all: imports are not building
        import_module(f"search_viz.lessons.{name}.drawing")
    for name in ("bidirectional.page", "local_search.runs", "shared.graph_cases"):
        import_module(f"search_viz.lessons.{name}")
    serve_like_the_app()
    demo_film()
    if warm:
        warm_up(lesson, which)
    prepared = prepare(lesson, which)
    gc.collect()
    start = time.process_time()
    films = build(lesson, which, prepared)
    cpu = time.process_time() - start
    steps = [len(f.steps) if hasattr(f, "chunks") else len(f) for f in films]  # a part's own
    return {"cpu": cpu, "load": os.getloadavg()[0], "steps": steps}


def serve_like_the_app() -> None:
    """What this checkout's server does at start, before any film (``streamlit_app.py``).

    Since 7b169ac the app imports every lesson's page and freezes the heap once
    (``search_viz.ui.memory``); since ``svg_writer.prepare_fonts`` it first sets up the
    lessons' fonts (the glyphs of the characters films write, and HarfBuzz's faces); since
    ``collector.full_collections_when_quiet`` it keeps Python's full collections for quiet
    moments. A checkout without these (567aad9) did nothing, and nothing is done for it here.
    """
    from importlib import import_module

    try:
        svg_writer = import_module("search_viz.film.svg_writer")
        memory = import_module("search_viz.ui.memory")
    except ModuleNotFoundError:
        return
    if hasattr(svg_writer, "prepare_fonts"):
        svg_writer.prepare_fonts()
    from search_viz.ui.lessons import LESSONS

    memory.freeze_imported_modules(lesson.package for lesson in LESSONS)
    collector = import_module("search_viz.film.collector")
    if hasattr(collector, "full_collections_when_quiet"):
        collector.full_collections_when_quiet()


# ------------------------------------------------------------- the benchmark
def run_in(checkout: Path, lesson: str, which: str, warm: bool) -> dict:
    """One measurement in a fresh process, importing the code of ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONHASHSEED": "0"}
    code = (
        "import importlib.util, json, sys; sys.path.insert(0, sys.argv[1]); "
        "spec = importlib.util.spec_from_file_location('bench_build', sys.argv[4]); "
        "bench = importlib.util.module_from_spec(spec); spec.loader.exec_module(bench); "
        "print(json.dumps(bench.measure(sys.argv[2], sys.argv[3], sys.argv[5] == 'warm')))"
    )
    mode = "warm" if warm else "cold"
    done = subprocess.run(
        [sys.executable, "-c", code, str(checkout), lesson, which, __file__, mode],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode:
        raise RuntimeError(f"{lesson}, {which} in {checkout} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


#: The two ways a film is measured: the first film of its lesson in a process that has
#: built only the demo film, and a film after another of the same lesson.
MODES = ("cold", "warm")


#: How many fresh processes measure a default film on each side in each run, the figure
#: being the least of them: a default film takes 15-400 ms, and what else runs on this
#: shared machine only ever adds to a process's CPU time, in bursts (one of three processes
#: of tic-tac-toe took 48 ms where the other two took 34 ms and 39 ms). The largest films
#: are measured once (each takes seconds, and their target is a bound, not a ratio).
DEFAULT_REPEATS = 5


def measure_all(before: Path, now: Path, runs: int = 2, films: list | None = None) -> dict:
    """Every row in both modes, ``runs`` times, before and now in turn (the first alternates);
    a default film's figure is the least of :data:`DEFAULT_REPEATS` processes on each side,
    measured in turn too."""
    films = FILMS if films is None else films
    results: dict = {
        (lesson, which, mode): {"before": [], "now": []}
        for lesson, which, _ in films
        for mode in MODES
    }
    for run in range(runs):
        for lesson, which, _ in films:
            repeats = DEFAULT_REPEATS if which.startswith("default") else 1
            for mode in MODES:
                order = [("before", before), ("now", now)]
                taken: dict[str, list] = {"before": [], "now": []}
                for _ in range(repeats):
                    for side, folder in order if run % 2 == 0 else order[::-1]:
                        result = run_in(folder, lesson, which, mode == "warm")
                        taken[side].append(result)
                        print(f"run {run + 1}: {lesson}, {which}, {mode}, {side}: "
                              f"{result['cpu'] * 1000:,.0f} ms (load {result['load']:.1f})",
                              flush=True)  # fmt: skip
                for side, measured in taken.items():
                    results[(lesson, which, mode)][side].append(_least(measured))
    return results


def _least(results: list[dict]) -> dict:
    """The measurement of least CPU among ``results``.

    >>> _least([{"cpu": 0.3}, {"cpu": 0.1}, {"cpu": 0.2}])
    {'cpu': 0.1}
    """
    return min(results, key=lambda result: result["cpu"])


def report(results: dict, now_name: str, films: list | None = None) -> str:
    from benchmarks.tables import table

    rows = []
    for lesson, which, what in FILMS if films is None else films:
        cells, verdicts = [], []
        for mode in MODES:
            before = results[(lesson, which, mode)]["before"]
            now = results[(lesson, which, mode)]["now"]
            ratio = min(b["cpu"] / n["cpu"] for b, n in zip(before, now, strict=True))
            worst = max(n["cpu"] for n in now)
            cells += [" / ".join(map(_cell, before)), " / ".join(map(_cell, now)), f"{ratio:.1f}x"]
            if which.startswith("default"):
                verdicts.append(f"{mode}: 5x {_yes(ratio >= 5)}, < 50 ms {_yes(worst < 0.05)}")
            else:
                verdicts.append(f"{mode}: < 1 s {_yes(worst < 1)}")
        steps = "+".join(f"{s:,}" for s in results[(lesson, which, "cold")]["now"][0]["steps"])
        rows.append((f"{lesson}: {which}", what, steps, *cells, "; ".join(verdicts)))
    header = (
        "film", "what", "steps now",
        f"cold, {BASELINE} (load)", f"cold, now: {now_name} (load)", "cold: faster",
        f"warm, {BASELINE} (load)", f"warm, now: {now_name} (load)", "warm: faster",
        "targets",
    )  # fmt: skip
    intro = (
        f"Process CPU to build each film, the code at {BASELINE} and now each from its own "
        "git worktree, every figure from a fresh process: **cold**, the first film of its "
        "lesson in a process that has built only the demo film; **warm**, after another film "
        "of the same lesson (another problem or option; for the largest, the page's default "
        "film), as on a server that has shown the lesson before. Run twice (run 1 / run 2), "
        "the 1-minute load average of this 2-core machine beside each figure; a default "
        f"film's figure is the least of {DEFAULT_REPEATS} processes on each side, measured "
        "in turn (what else runs on the machine only adds to a process's CPU time). Each "
        "process starts as that checkout's app starts (now: the lessons' fonts prepared, "
        'the heap frozen). "Faster" is the smaller of the two runs\' ratios.'
    )
    return intro + "\n\n" + table(header, rows)


def _yes(met: bool) -> str:
    return "yes" if met else "no"


def _cell(result: dict) -> str:
    cpu = result["cpu"]
    figure = f"{cpu * 1000:,.0f} ms" if cpu < 1 else f"{cpu:,.2f} s"
    return f"{figure} ({result['load']:.1f})"


def main(argv: list[str] | None = None) -> None:
    # Imported here, not at the top: the measured processes load this file with the other
    # checkout on their path, where these modules may not exist (567aad9 has no worktrees).
    from benchmarks.tables import write_section
    from benchmarks.worktrees import checkout

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--now", type=Path, help="measure this checkout as 'now' (default: HEAD)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--no-write", action="store_true", help="print, do not write the README")
    parser.add_argument(
        "--only",
        action="append",
        help="measure the rows whose film names this (e.g. ', End'; given again: either)",
    )
    parser.add_argument("--section", default="build", help="the README's section to write")
    args = parser.parse_args(argv)
    films = [
        row
        for row in FILMS
        if args.only is None or any(only in f"{row[0]}: {row[1]}" for only in args.only)
    ]
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    with contextlib.ExitStack() as stack:
        before = stack.enter_context(checkout(BASELINE))
        now = args.now.resolve() if args.now else stack.enter_context(checkout(head))
        name = "this working tree" if args.now else head
        body = report(measure_all(before, now, args.runs, films), name, films)
    if args.no_write:
        print(body)
    else:
        write_section(args.section, body)


if __name__ == "__main__":
    main()
