"""Edit mode: from a change made in the picture to the new problem's picture painted.

For every lesson page whose default film can be edited, with its default problem, at
1280 x 800 in headless Chromium (issue 21: "edit to new picture painted, p95 under 300 ms"):

* ``EDITS`` changes, each making a problem this server has not built before, so that no
  film cache answers: game trees, a leaf's value (leaves in turn, values 10, 11, 12, ...);
  informed search, a tile of the 8-puzzle slid into the blank (each start new and its
  solution within a move of the page's own start's, with Undo between where a slide made
  it harder: :func:`slides_near`); local search, a queen moved to a square its column's
  queen never stood on; uninformed search, a node of the notes' tree made the goal (then
  the start); the mazes (uninformed search's grid maze, chosen in the link, and
  bidirectional search's default maze), a wall put up on a free cell;
* then ``UNDOS`` clicks on Undo, each back to a problem built before (cached).

Each change is made with Playwright's trusted input: the click, or Enter in the number
field (the field filled, and its node clicked, before). Both ends are read in the page, on
its own clock (``performance.now``): the input's ``event.timeStamp``, in a capturing
listener; the picture, by a ``requestAnimationFrame`` loop that watches the player's film
digests (``data-films``) and its step counter: in the first frame where the new films are
mounted and shown, it asks for one more frame, whose callback runs after that frame was
painted ("painted"; at most a frame, about 17 ms, late). Chromium's Event Timing cannot
measure this: it ends at the first paint after the input's handler, before the server has
answered.

Where the time goes, from the same clock: the page's websocket (wrapped in the page) and
its resource timing: **server**, from the edit's message sent to the last message received
before the film's files were fetched (the script's rerun, the film built, the delta sent);
**fetch**, the film's files from the media endpoint (header, and any chunk; none since
ef1795c, where an edit's header comes in the delta itself); **mount**, from the last file's
arrival (or the delta) to the frame painted (gunzip, the SVG mounted, step 0 shown, layout
and paint). The messages the page sent per edit are counted too (one is a rerun).

The app is served by ``streamlit run`` from a temporary git worktree of ``HEAD`` (or
``--serve PATH``), so that edits in progress in this working tree are not measured.

Run: ``python -m benchmarks.bench_edit`` (needs /usr/bin/chromium and git); it writes its
table into benchmarks/README.md (section "edit").
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.tables import median, percentile, table, write_section
from benchmarks.worktrees import checkout
from tests.app.film_browser import wait_for_player
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, start_app

ROOT = Path(__file__).resolve().parents[1]
#: New-problem edits per lesson page, and clicks on Undo after them.
EDITS = 16
UNDOS = 4
#: The target: p95 of input to painted, in ms.
TARGET_MS = 300
#: How long the simulated student looks at the new picture before the next edit (ms).
LOOK_MS = 500
#: A change not painted within this long is counted as failed (s).
EDIT_TIMEOUT_S = 60

# The page's side of the measure, installed before any of its scripts: the websocket's
# messages (time, bytes), the media files fetched, the timed input, and a frame loop that
# notes when the player's films change and when that frame has been painted.
_INIT = r"""
(() => {
  const log = { sent: [], got: [], input: null, armed: false, shown: [], files: [] };
  window.__svEdit = log;
  const size = (d) => (d && (d.byteLength ?? d.size ?? d.length)) || 0;
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => log.got.push([performance.now(), size(e.data)]));
    }
    send(data) {
      log.sent.push([performance.now(), size(data)]);
      return super.send(data);
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name.includes("/media/")) {
        log.files.push([e.startTime, e.responseEnd, e.encodedBodySize || 0]);
      }
    }
  }).observe({ type: "resource", buffered: true });
  const note = (e) => {
    if (!log.armed || !e.isTrusted) return;
    if (e.type === "keydown" && e.key !== "Enter") return;
    log.armed = false;
    log.input = [e.type, e.timeStamp, performance.now()];
  };
  window.addEventListener("click", note, true);
  window.addEventListener("keydown", note, true);
  log.arm = () => { log.input = null; log.armed = true; };
  const find = (root) => {
    const box = root.querySelector(".svp");
    if (box) return box;
    for (const node of root.querySelectorAll("*")) {
      if (node.shadowRoot) {
        const found = find(node.shadowRoot);
        if (found) return found;
      }
    }
    return null;
  };
  let box = null;
  let films = null;
  log.refused = () => !!(box && box.querySelector(".svp-edit-status.svp-edit-error"));
  const frame = () => {
    if (!box || !box.isConnected) box = find(document);
    if (box) {
      const ids = box.dataset.films || "";
      const count = box.querySelector(".svp-count");
      const ready = ids && !box.classList.contains("svp-busy") && count &&
        /^Step \d+ of \d+$/.test(count.textContent);
      if (ready && ids !== films) {
        const steps = Number(count.textContent.split(" of ")[1]) + 1;
        const seen = { films: ids, steps, detected: performance.now(), painted: null };
        films = ids;
        log.shown.push(seen);
        requestAnimationFrame(() => { seen.painted = performance.now(); });
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


# ------------------------------------------------------------------ the edits to make
def slides_near(
    start: Sequence[int], goal: Sequence[int], count: int, seed: int = 1
) -> list[int | None]:
    """``count`` tiles to slide into the blank, each making an 8-puzzle start not seen
    before, with Undo (None) between them, so that every start stays within one move of
    ``start``'s solution length: a slide goes on from a start no harder than ``start``,
    to the new neighbour whose solution is nearest that length (the shorter of two as
    near, then a seeded coin); from a harder one, or where none is new, Undo goes back.

    >>> slides_near((1, 2, 3, 4, 0, 5, 6, 7, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0), 3)
    [5, 3, 2]
    """
    rng = random.Random(seed)
    moves = moves_to(goal, depth=moves_to_depth(start, goal) + 2)
    target = moves[tuple(start)]
    path, seen, out = [tuple(start)], {tuple(start)}, []
    while len(out) - out.count(None) < count:
        board = path[-1]
        fresh = [(slide(board, t), t) for t in movable(board)]
        near = [(b, t) for b, t in fresh if b not in seen and 0 < moves.get(b, 99) <= target + 1]
        if near and moves[board] <= target:
            rng.shuffle(near)
            b, tile = min(near, key=lambda bt: (abs(moves[bt[0]] - target), moves[bt[0]]))
            path.append(b)
            seen.add(b)
            out.append(tile)
        elif len(path) > 1:
            path.pop()
            out.append(None)
        else:
            raise ValueError(f"no new start near {start} after {len(out)} edits")
    return out


def moves_to_depth(start: Sequence[int], goal: Sequence[int]) -> int:
    """The fewest slides from ``start`` to ``goal`` (at most 31).

    >>> moves_to_depth((1, 2, 3, 4, 5, 6, 7, 0, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0))
    1
    """
    for depth in range(32):
        found = moves_to(goal, depth)
        if tuple(start) in found:
            return found[tuple(start)]
    raise ValueError(f"{start} cannot reach {goal}")


def moves_to(goal: Sequence[int], depth: int) -> dict[tuple[int, ...], int]:
    """Every 3 x 3 board at most ``depth`` slides from ``goal``, with its fewest slides.

    >>> len(moves_to((1, 2, 3, 4, 0, 5, 6, 7, 8), 1))
    5
    """
    found = {tuple(goal): 0}
    layer = [tuple(goal)]
    for d in range(1, depth + 1):
        layer = [
            b
            for board in layer
            for b in (slide(board, t) for t in movable(board))
            if b not in found
        ]
        found.update((b, d) for b in layer)
    return found


def movable(board: Sequence[int]) -> list[int]:
    """The tiles next to the blank (0) of a 3 x 3 board, in reading order.

    >>> movable((1, 2, 3, 4, 0, 5, 6, 7, 8))
    [2, 4, 5, 7]
    """
    row, column = divmod(board.index(0), 3)
    return [
        board[i]
        for i in range(9)
        if abs(i // 3 - row) + abs(i % 3 - column) == 1
    ]  # fmt: skip


def slide(board: Sequence[int], tile: int) -> tuple[int, ...]:
    """``board`` with ``tile`` slid into the blank.

    >>> slide((1, 2, 3, 4, 0, 5, 6, 7, 8), 5)
    (1, 2, 3, 4, 5, 0, 6, 7, 8)
    """
    cells = list(board)
    blank, at = cells.index(0), cells.index(tile)
    cells[blank], cells[at] = tile, 0
    return tuple(cells)


def board_distance(a: Sequence[int], b: Sequence[int]) -> int:
    """How far the tiles of board ``a`` are from their places in ``b`` (Manhattan, no blank).

    >>> board_distance((1, 2, 3, 4, 5, 0, 6, 7, 8), (1, 2, 3, 4, 0, 5, 6, 7, 8))
    1
    """
    where = {tile: divmod(i, 3) for i, tile in enumerate(b)}
    return sum(abs(i // 3 - where[t][0]) + abs(i % 3 - where[t][1]) for i, t in enumerate(a) if t)


def unused_squares(rows: Sequence[int], count: int) -> list[tuple[int, int]]:
    """Queen moves (column, row), the columns in turn, each to a row its column's queen has
    never stood on (from ``rows``, the start): every move makes a board not seen before.

    >>> unused_squares((1, 0, 2), 4)
    [(0, 0), (1, 1), (2, 0), (0, 2)]
    """
    held = [{row} for row in rows]
    moves = []
    for k in range(count):
        column = k % len(rows)
        row = min(set(range(len(rows))) - held[column])
        held[column].add(row)
        moves.append((column, row))
    return moves


@dataclass
class Edit:
    """One change: ``prepare`` (e.g. open a node's form, type a number), then the timed input
    ``act`` (the click, or Enter); ``kind``: "new" (a problem not built before) or "undo"."""

    prepare: Callable
    act: Callable
    kind: str = "new"


def _click_item(name: str | re.Pattern) -> Callable:
    return lambda page: click_centred(page.get_by_role("button", name=name).first)


def click_centred(item) -> None:
    """Scroll ``item`` to the middle of the window (clear of the page's sticky header), then
    click it with the mouse, as a hand does: in its middle, or, where its middle is not its
    own (the hole of a digit drawn as a glyph), the first point of a grid over it that is."""
    x, y = item.evaluate(_INK)
    item.page.mouse.click(x, y)


# The point of an item to click: its middle if the item is what lies there, or else the
# first point of a 7 x 7 grid over its box that is (the item must be in the window).
_INK = """
(node) => {
  node.scrollIntoView({block: "center", inline: "center"});
  const box = node.getBoundingClientRect();
  const root = node.getRootNode();
  const points = [[0.5, 0.5]];
  for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) points.push([i / 8, j / 8]);
  for (const [u, v] of points) {
    const x = box.left + u * box.width, y = box.top + v * box.height;
    const hit = root.elementFromPoint(x, y);
    if (hit && (node === hit || node.contains(hit))) return [x, y];
  }
  return [box.left + box.width / 2, box.top + box.height / 2];
}
"""


def _nothing(page) -> None:
    """No step before the timed input."""


def tree_edits(count: int) -> list[Edit]:
    """Game trees: the notes' leaves in turn take the values 10, 11, 12, ..."""
    edits = []
    for k in range(count):
        leaf, value = "HIJKLMNO"[k % 8], 10 + k

        def prepare(page, leaf=leaf, value=value) -> None:
            click_centred(page.get_by_role("button", name=re.compile(rf"^leaf {leaf}, value ")))
            page.get_by_role("textbox", name="Set the value: a number").fill(str(value))

        def act(page) -> None:
            page.get_by_role("textbox", name="Set the value: a number").press("Enter")

        edits.append(Edit(prepare, act))
    return edits


def puzzle_edits(count: int) -> list[Edit]:
    """Informed search: tiles slid (and Undo) along :func:`slides_near` from the notes' start."""
    from search_viz.problems.eight_puzzle import NOTES_GOAL, NOTES_START

    return [
        Edit(_nothing, _click_item(f"tile {t}, next to the blank: Slide {t} into the blank"))
        if t is not None
        else Edit(_nothing, undo, "undo")
        for t in slides_near(NOTES_START, NOTES_GOAL, count)
    ]


def queen_edits(count: int) -> list[Edit]:
    """Local search: queens moved along :func:`unused_squares` from the page's board."""
    import search_viz as sv

    return [
        Edit(_nothing, _click_item(re.compile(rf"^column {c}, row {r} ")))
        for c, r in unused_squares(sv.NQueens(8, seed=0).state, count)
    ]


def graph_edits(count: int) -> list[Edit]:
    """Uninformed search: each node of the notes' tree but A and R made the goal, then B and C
    the start."""
    plan = [(n, "goal") for n in "BCDEFGHIJKLMNOPS"] + [(n, "start") for n in "BC"]

    def edit(node: str, role: str) -> Edit:
        def prepare(page) -> None:
            click_centred(page.get_by_role("button", name=f"node {node}: change it"))
            page.get_by_role("button", name=f"Make {node} the {role}").wait_for()

        return Edit(prepare, _click_item(f"Make {node} the {role}"))

    return [edit(node, role) for node, role in plan[:count]]


def maze_edits(count: int) -> list[Edit]:
    """A maze: a wall put up on a free cell (not the start or the goal), a cell at a time in a
    seeded order; each new wall makes a maze not built before (walls are only added)."""
    rng = random.Random(1)
    free = re.compile(r"^cell \(\d+, \d+\): change it$")

    def prepare(page) -> None:
        labels = page.locator(".svp-editable[role=button]").evaluate_all(
            "nodes => nodes.map((n) => n.getAttribute('aria-label'))"
        )
        cells = sorted(label for label in labels if free.match(label or ""))
        click_centred(page.get_by_role("button", name=rng.choice(cells), exact=True).first)
        page.get_by_role("button", name="Put a wall here").wait_for()

    return [Edit(prepare, _click_item("Put a wall here")) for _ in range(count)]


def undo(page) -> None:
    """Click the editor's Undo."""
    page.get_by_role("button", name="Undo").click()


#: (lesson, its page, what an edit changes, the edits).
LESSONS: list[tuple[str, str, str, Callable[[int], list[Edit]]]] = [
    ("Uninformed search", "uninformed-search", "a node made the goal or start", graph_edits),
    ("Informed search", "informed-search", "a tile slid", puzzle_edits),
    ("Local search", "local-search", "a queen moved (annealing)", queen_edits),
    ("Game trees", "game-trees", "a leaf's value", tree_edits),
    (
        "Uninformed search, a maze",
        "uninformed-search?problem=Grid+maze",
        "a wall put up",
        maze_edits,
    ),
    ("Bidirectional search", "bidirectional-search", "a wall put up", maze_edits),
]


# ------------------------------------------------------------------ measuring
def process_cpu_ms(pid: int) -> float:
    """The CPU time (user and system, ms) process ``pid`` has used so far (Linux).

    >>> process_cpu_ms(os.getpid()) > 0
    True
    """
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def timed(page, edit: Edit, before: str, server: int) -> dict:
    """Make one change and read the page's log: the times of its input, messages, files and
    paint (ms, the page's clock), and the CPU the app's process (``server``) spent on it; or
    ``{"failed": why}``."""
    edit.prepare(page)
    cpu = process_cpu_ms(server)
    mark = len(page.evaluate("() => window.__svEdit.sent"))
    page.evaluate("() => window.__svEdit.arm()")
    edit.act(page)
    try:
        page.wait_for_function(
            "(before) => { const s = window.__svEdit.shown.at(-1); return (s && s.films !== before"
            " && s.painted !== null) || window.__svEdit.refused(); }",
            arg=before,
            timeout=EDIT_TIMEOUT_S * 1000,
        )
    except Exception as error:  # a browser timeout: the change failed
        status = page.locator(".svp-edit-status").inner_text()
        return {"failed": f"{type(error).__name__}: {status or 'no answer'}"}
    if page.evaluate("() => window.__svEdit.refused()"):
        return {"failed": "refused: " + page.locator(".svp-edit-status").inner_text()}
    page.wait_for_timeout(LOOK_MS)  # the student looks; late messages arrive
    log = page.evaluate(
        "() => { const l = window.__svEdit; return {input: l.input, sent: l.sent,"
        " got: l.got, shown: l.shown.at(-1), files: l.files}; }"
    )
    return phases(log, mark) | {"cpu": process_cpu_ms(server) - cpu}


def phases(log: dict, mark: int) -> dict:
    """One change's times from the page's log (``mark``: messages sent before it).

    >>> log = {"input": ["click", 100.0, 101.0], "sent": [[50, 9], [102.0, 40]],
    ...        "got": [[90, 5], [250.0, 3000], [260.0, 20]], "files": [[255.0, 270.0, 900]],
    ...        "shown": {"films": "f", "detected": 290.0, "painted": 300.0}}
    >>> phases(log, 1)["total"], phases(log, 1)["server"], phases(log, 1)["mount"]
    (200.0, 148.0, 30.0)
    >>> phases(log, 1)["received"]  # two messages and a file
    3920
    """
    start = log["input"][1] if log["input"] else float("nan")
    shown = log["shown"]
    sent = [t for t, _ in log["sent"][mark:]]
    # the files fetched for this change before its picture was mounted (not the prefetches)
    files = [f for f in log["files"] if f[0] >= start and f[1] <= shown["detected"]]
    first_file = files[0][0] if files else shown["detected"]
    got = [t for t, _ in log["got"] if start <= t <= first_file]
    # what reached the page for it: its messages up to the picture painted, and the files
    received = sum(n for t, n in log["got"] if start <= t <= shown["painted"])
    answered = got[-1] if got else first_file
    arrived = max((f[1] for f in files), default=answered)
    return {
        "films": shown["films"],
        "steps": shown.get("steps", 0),
        "total": shown["painted"] - start,
        "server": answered - (sent[0] if sent else start),
        "fetch": arrived - answered,
        "mount": shown["painted"] - arrived,
        "sent": len(sent),
        "bytes": sum(f[2] for f in files),
        "received": received + sum(f[2] for f in files),
    }


def measure_lesson(
    browser, url: str, server: int, path: str, plan: Callable, shots: Path | None = None
) -> dict:
    """The page's default problem changed ``EDITS`` times, then Undo ``UNDOS`` times (a
    screenshot in ``shots`` after the last change, if given)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(_INIT)
    page.goto(f"{url}/{path}")
    wait_for_player(page, timeout=180_000)
    page.wait_for_timeout(1000)
    toggle = page.get_by_role("button", name="Edit the problem")
    if not toggle.is_visible():
        page.close()
        return {"editable": False}
    toggle.click()
    page.wait_for_timeout(300)
    films = page.evaluate("() => window.__svEdit.shown.at(-1).films")
    built, results = [films], {"new": [], "undo": [], "failed": [], "repeated": 0}
    for edit in plan(EDITS) + [Edit(_nothing, undo, "undo")] * UNDOS:
        result = timed(page, edit, films, server)
        if "failed" in result:
            results["failed"].append(f"{edit.kind}: {result['failed']}")
            continue
        films = result["films"]
        new = films not in built
        results["repeated"] += new != (edit.kind == "new")  # a new edit's film must be new
        built.append(films)
        results[edit.kind].append(result)
    if shots:
        page.screenshot(path=str(shots / f"edit-{path.split('?')[0]}.png"))
    page.close()
    return results


def runs_of(
    serve: Path, runs: int, shots: Path | None = None, only: Sequence[str] = ()
) -> list[list[tuple]]:
    """Every lesson (or those whose page path is in ``only``) measured ``runs`` times, each
    run on a new server (empty caches)."""
    from playwright.sync_api import sync_playwright

    found = []
    for _ in range(runs):
        process, url = start_app(root=serve)
        run = []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                for title, path, what, plan in LESSONS:
                    if only and path not in only:
                        continue
                    load = os.getloadavg()[0]
                    result = measure_lesson(browser, url, process.pid, path, plan, shots)
                    run.append((title, what, result, load, os.getloadavg()[0]))
                    print(title, summary(result.get("new", [])), result.get("failed"), flush=True)
                browser.close()
        finally:
            stop(process)
        found.append(run)
    return found


def stop(process) -> None:
    """Stop the app's process: asked first, killed if it has not ended within 60 s (a busy
    machine)."""
    process.terminate()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def summary(results: Sequence[dict]) -> str:
    """p50 / p95 / max of the input-to-painted times, in ms.

    >>> summary([{"total": t} for t in (100.0, 200.0, 300.0)])
    '200 / 300 / 300'
    """
    if not results:
        return "-"
    totals = [r["total"] for r in results]
    return f"{median(totals):.0f} / {percentile(totals, 95):.0f} / {max(totals):.0f}"


# ------------------------------------------------------------------ the table
def rows(run: Sequence[tuple]) -> list[tuple]:
    """A run's table rows: each lesson's new-problem edits, then its Undo clicks."""
    out = []
    for title, what, result, load_before, load_after in run:
        if result.get("editable") is False:
            out.append((title, "no edit mode at this commit", *["-"] * (len(HEADER) - 3),
                        f"{load_before:.1f} / {load_after:.1f}"))  # fmt: skip
            continue
        for kind, label in (("new", what), ("undo", "Undo (a problem built before)")):
            done = result[kind]
            if not done and kind == "undo":
                continue
            totals = [r["total"] for r in done]
            met = bool(totals) and percentile(totals, 95) < TARGET_MS
            failed = [f for f in result["failed"] if f.startswith(kind)]
            out.append((
                title if kind == "new" else "",
                label,
                f"{len(done)}" + (f" (**{len(failed)} refused or failed**)" if failed else ""),
                summary(done),
                "yes" if met else "**no**",
                " / ".join(
                    f"{median([r[part] for r in done]):.0f}" if done else "-"
                    for part in ("server", "fetch", "mount")
                ),
                f"{median([r['cpu'] for r in done]):.0f}" if done else "-",
                _span([r["steps"] for r in done]),
                _span([r["sent"] for r in done]),
                f"{median([r['bytes'] for r in done]) / 1000:.0f} kB" if done else "-",
                f"{median([r['received'] for r in done]) / 1000:.0f} kB" if done else "-",
                f"{load_before:.1f} / {load_after:.1f}",
            ))  # fmt: skip
    return out


def _span(counts: Sequence[int]) -> str:
    if not counts:
        return "-"
    low, high = min(counts), max(counts)
    return f"{low:,}" if low == high else f"{low:,}-{high:,}"


HEADER = [
    "lesson",
    "edit",
    "edits",
    "input to painted p50 / p95 / max ms",
    f"p95 < {TARGET_MS} ms",
    "server / fetch / mount p50 ms",
    "app CPU per edit p50 ms",
    "steps of the films",
    "messages sent per edit",
    "film files p50",
    "received per edit p50",
    "load before / after",
]


def report(runs: Sequence[Sequence[tuple]], served: str) -> str:
    """The README section: what was measured, then each run's table."""
    body = (
        "Headless Chromium (software rendering), 1280 x 800, the app served by `streamlit "
        f"run` from {served}, a new server for each run (its film caches "
        f"empty). Each lesson page with its default problem, in edit mode: {EDITS} changes "
        "by Playwright's trusted input, each to a problem this server had not built "
        "(uninformed: nodes of the notes' tree made the goal, B to S, then B and C the "
        "start; informed: tiles slid, each start new and its solution within one move "
        "of the notes' start's 5, with Undo between them where a slide made it harder "
        "(those Undos are in the Undo row); local search: queens moved, each to a square "
        "its column's queen never stood on; game trees: the leaves in turn set to 10, 11, "
        "12, ... in the number field, then Enter; the mazes: a wall put up on a free cell),"
        f" {LOOK_MS} ms apart, then {UNDOS} clicks on Undo, each "
        "back to a problem built before (its film cached). **Input to painted**: from the "
        "input event's timestamp (a capturing listener) to the first frame painted with "
        "the new films mounted and shown (a `requestAnimationFrame` loop watches the "
        "player's film digests; the time is the callback of the frame after, so at most a "
        "frame late), both on the page's clock. **Server**: the edit's message sent to the "
        "last message received before the film's files were fetched (the rerun up to the "
        "player, the film built, the delta); **fetch**: the film's files from the media "
        "endpoint (none since ef1795c: an edit's header comes in the delta, so film files "
        "are 0 kB); **mount**: the last file arrived (or the delta) to painted (gunzip, the "
        "SVG mounted, step 0 shown, layout, paint). **App CPU**: the CPU time the app's "
        f"process used from the input until {LOOK_MS} ms after the paint (the whole rerun; "
        "10 ms ticks). **Received**: the bytes of the websocket's messages from the input "
        "to the paint, and of any film file (each message that shows the player carries "
        "its style, 18 kB, and the loader of its script, which is a file fetched once per "
        "page). "
        "Steps: the new films' lengths. Messages sent: the page's websocket messages per "
        f"edit (a rerun is one). Target: p95 under {TARGET_MS} ms. Two runs, one after the "
        "other; the 1-minute load average of this 2-core machine before and after each "
        "lesson. The mazes' walls go on free cells in a seeded order (uninformed search "
        "with the grid maze chosen in the link); a wall refused (no path left) is counted "
        "apart.\n\n"
    )
    for n, run in enumerate(runs, start=1):
        body += f"Run {n}:\n\n" + table(HEADER, rows(run)) + "\n\n"
    return body


def _head() -> str:
    return subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--serve", type=Path, help="the checkout to serve (default: HEAD)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--no-write", action="store_true", help="print, do not write README")
    parser.add_argument("--screenshots", type=Path, help="a folder for each lesson's last picture")
    parser.add_argument(
        "--only", nargs="+", default=(), metavar="PATH", help="these pages only (with --no-write)"
    )
    args = parser.parse_args()
    if args.only and not args.no_write:
        parser.error("--only measures part of the table: give --no-write too")
    head = _head()
    with contextlib.ExitStack() as stack:
        serve = args.serve.resolve() if args.serve else stack.enter_context(checkout(head))
        started = time.monotonic()
        runs = runs_of(serve, args.runs, args.screenshots, args.only)
        print(f"measured in {time.monotonic() - started:.0f} s")
    body = report(runs, f"`{args.serve}`" if args.serve else f"a git worktree of {head}")
    if args.no_write:
        print(body)
    else:
        write_section("edit", body)


if __name__ == "__main__":
    main()
