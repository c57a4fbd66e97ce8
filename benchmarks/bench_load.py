"""A lecture hall on one server: simulated students over Streamlit's websocket.

Each simulated student is its own Streamlit session, spoken to the way the browser
speaks (``/_stcore/stream``, protobuf ``BackMsg`` / ``ForwardMsg`` from the installed
streamlit), without a browser:

* **opening** a lesson is what a first visit does: the page's HTML, the files Chromium
  fetched on a first visit (``benchmarks/browser_files.json``: scripts, lazy chunks,
  fonts, style; ``--files html``: only the 61 the HTML names, as before), ``/_stcore/health``
  and ``host-config``, the websocket, the script run
  (``rerun_script`` with the link's query string), then every ``/media/...`` file the
  page names (the film files in the player's data, pictures), each fetched once, over
  at most six kept-alive connections, as a browser does;
* **a step**, one every 1-2 s (uniformly random), is whatever the page's player sends.
  With the film (``search_viz/film/assets/player.js``) a step sends *nothing*: the
  browser steps on its own and the page never hears the step (these pages do not ask
  for ``report=True``); only a chunk of a long film is fetched, 150 steps ahead. So a
  film step costs the server nothing and its time is 0, and what remains to measure is
  the opening. With the old player (commit ``BASELINE``), a step is a click on Forward:
  a fragment rerun on the server and a new PNG to fetch, timed until the PNG is in.

Everything targets 127.0.0.1 only; every count and duration is bounded, and each run
stops by itself (an opening gives up after ``OPEN_TIMEOUT_S``, a step after
``STEP_TIMEOUT_S``, a run after its deadline). Each run has a fresh server (warmed by
one page run that is not counted), so one run's caches never serve the next.

Parts (``--parts``, all by default), each writing its own table in benchmarks/README.md:

* ``film``: the app now, N in 1, 10, 30, 100, 300, every student on the same example,
  then every student on a different random seed: open and step p50/p95/max, server CPU
  seconds per student-minute, server RSS at the start, the peak and the end, errors;
* ``threshold``: different seeds at N = 3, 5, 7, where an opening's p95 passes 2 s;
* ``before``: the same on the rerun-per-step player (``BASELINE``, served from a
  temporary git worktree), stopping at the first N where it breaks;
* ``replicas``: 1 and 2 replicas behind nginx (``deploy/``), each pinned to its own core,
  40 students on different seeds and 300 on the same example: opens per second, open
  and step p50/p95/max;
* ``memory``: what a session and each cache of the page keep (Streamlit's own memory
  metrics, with deep sizes), and what is left once the students have gone;
* ``soak``: 5 minutes at N = 100 with students coming and going; RSS after 1 and after
  5 minutes, then the load stops: CPU and a new student's opening on the idle server;
* ``bytes``: what one headless Chromium student downloads on a first visit, a second
  lesson and again, through nginx and from a plain server, and what Streamlit's own
  options trim;
* ``targets``: issue 22's targets (a plain server, 30 students; nginx and 2 replicas, 300
  on one example and 100 on different seeds), each run twice, with the HTML's 61 files as
  a comparison; the load average before and after, the driver's and nginx's CPU, the
  driver kept off the server's core with ``taskset`` where a core is free.

``--record-files`` records the browser's file set again with Chromium (after a
streamlit upgrade: the benchmark refuses a fixture recorded with another streamlit).

Run: ``make bench-load`` (about 50 minutes; progress is printed), or
``python -m benchmarks.bench_load --parts film,memory``. Lesson pages other than game
trees: ``--page uninformed-search --same "" --seeded "seed={seed}"``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.tables import percentile, table, write_section
from benchmarks.worktrees import checkout

ROOT = Path(__file__).resolve().parents[1]
#: The checkout the servers serve (``--serve``: e.g. a clean worktree of a commit, so that
#: edits in progress in this working tree are not measured).
SERVE_ROOT = ROOT
#: The last commit before the film: the rerun-per-step player, for the "before" rows.
BASELINE = "1e44e4a"

PAGE = "game-trees"
#: Every student on one example (the instructor's), and one random tree per student.
SAME = "tree=Random+tree&seed=1"
SEEDED = "tree=Random+tree&seed={seed}"
#: A query string for the warm-up run, on no seed a run uses.
WARM_UP = ""

COUNTS = (1, 10, 30, 100, 300)
ARRIVAL_S = 10.0  # every student of a run opens the lesson within this window
STEP_FOR_S = 30.0  # then steps for this long
HALL_STEP_FOR_S = 60.0  # ... and this long in the target's hall (300 students, one example)
PACE_S = (1.0, 2.0)  # seconds between two steps, uniformly random
OPEN_TIMEOUT_S = 60.0
STEP_TIMEOUT_S = 30.0
BROWSER_PARALLEL = 6  # requests a browser makes at once to one host
FILM_PREFETCH = 150  # the player fetches a film's next chunk this many steps ahead

SOAK_N, SOAK_S, SOAK_STAY_S, SOAK_NEW_SEED = 100, 300.0, (30.0, 90.0), 0.1
REPLICA_N, REPLICA_SAME_N, REPLICA_OPEN_TIMEOUT_S = 40, 300, 150.0
MEMORY_SEEDS = 20
THRESHOLD_COUNTS = (11, 12, 13, 14)

_MEDIA = re.compile(rb"/media/[0-9a-f]{8,}\.[a-z0-9]+")
_ASSET = re.compile(r'(?:src|href)="\./(static/[^"]+\.(?:js|css|woff2))"')
_headers_seen: dict[str, tuple[int, int]] = {}  # film URL -> (steps, chunk steps)


# ------------------------------------------------------------------ processes
def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by the processes ``pids`` (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def rss_bytes(pids: list[int]) -> int:
    """Resident memory of the processes ``pids``, in bytes."""
    total = 0
    for pid in pids:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            status = Path(f"/proc/{pid}/status").read_text()
            total += int(status.split("VmRSS:")[1].split()[0]) * 1024
    return total


def load_average() -> float:
    """The machine's 1-minute load average (2.0 means two cores' worth of work waiting)."""
    return float(Path("/proc/loadavg").read_text().split()[0])


@dataclass
class Target:
    """Where the students go (``url``) and the app processes that serve them."""

    url: str
    app_pids: list[int]
    label: str
    app_urls: list[str] = field(default_factory=list)  # each app process, for warming up
    proxy_pids: list[int] = field(default_factory=list)  # nginx's master and workers

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])


@contextlib.contextmanager
def one_server(
    root: Path | None = None,
    label: str = "one server",
    options: tuple = (),
    cpus: set[int] | None = None,
) -> Iterator[Target]:
    """``streamlit run`` of ``root`` on a free port of 127.0.0.1 (on the cores ``cpus``,
    if given); stopped on exit."""
    from deploy.replicas import free_port, wait_healthy

    root = root or SERVE_ROOT
    port = free_port()
    log = Path(tempfile.gettempdir()) / f"search_viz-load-{port}.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                "streamlit_app.py",
                "--server.headless=true",
                "--server.address=127.0.0.1",
                f"--server.port={port}",
                "--browser.gatherUsageStats=false",
                "--server.fileWatcherType=none",
                *options,
            ],
            cwd=root,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=None if not cpus else (lambda: os.sched_setaffinity(0, cpus)),
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, process, log=log)
        yield Target(url, [process.pid], label, [url])
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.unlink(missing_ok=True)


@contextlib.contextmanager
def replicated(n: int, cpus: list[int] | None = None) -> Iterator[Target]:
    """``n`` replicas behind nginx (deploy/replicas.py); stopped on exit."""
    from deploy.replicas import Replicas, children

    with Replicas(n, cpus=cpus, root=SERVE_ROOT) as served:
        apps = [f"http://127.0.0.1:{port}" for port in served.app_ports]
        proxy = [served.nginx_pid, *children(served.nginx_pid)]
        label = f"{n} replica{'s' * (n > 1)} behind nginx"
        yield Target(served.url, served.app_pids, label, apps, proxy)
    shutil.rmtree(served.run_dir, ignore_errors=True)


def taskset(cpus: set[int]) -> None:
    """Move this process, every thread of it, to the cores ``cpus`` (``taskset -a -p``)."""
    cpu_list = ",".join(str(c) for c in sorted(cpus))
    if shutil.which("taskset"):
        command = ["taskset", "-a", "-p", "-c", cpu_list, str(os.getpid())]
        subprocess.run(command, check=True, capture_output=True)
    else:
        os.sched_setaffinity(0, cpus)


@contextlib.contextmanager
def driver_on(cpus: set[int] | None) -> Iterator[None]:
    """The load driver (this process) on the cores ``cpus`` while inside; None: anywhere."""
    if not cpus:
        yield
        return
    before = os.sched_getaffinity(0)
    taskset(cpus)
    try:
        yield
    finally:
        taskset(before)


# ------------------------------------------------------------------ what a browser fetches
#: What headless Chromium fetched on a first visit to the page (``--record-files``).
FILES_FIXTURE = Path(__file__).with_name("browser_files.json")
#: "browser": replay the fixture's files; "html": only those the HTML names (the old way).
FILES = "browser"
#: The lesson a student opens second, for the bytes of a second lesson.
SECOND_PAGE = "uninformed-search"
_recorded: dict | None = None


def recorded_files() -> dict:
    """The fixture ``browser_files.json``, checked against the installed streamlit.

    Fails loudly if it was recorded with another streamlit (its scripts' names carry
    hashes) or names a file this streamlit does not have.

    >>> files = recorded_files()
    >>> files["static"][0].startswith("/static/"), files["page"].startswith("/game-trees")
    (True, True)
    """
    global _recorded
    if _recorded is None:
        import streamlit

        from deploy.replicas import streamlit_static

        refresh = "refresh it: python -m benchmarks.bench_load --record-files"
        if not FILES_FIXTURE.exists():
            raise SystemExit(f"{FILES_FIXTURE} is missing: {refresh}")
        found = json.loads(FILES_FIXTURE.read_text())
        if found["streamlit"] != streamlit.__version__:
            raise SystemExit(
                f"{FILES_FIXTURE.name} was recorded with streamlit {found['streamlit']}, "
                f"streamlit {streamlit.__version__} is installed: {refresh}"
            )
        missing = [p for p in found["static"] if not (streamlit_static() / p[1:]).exists()]
        if missing:
            raise SystemExit(f"{FILES_FIXTURE.name} names {missing[0]}, not installed: {refresh}")
        _recorded = found
    return _recorded


def page_files(html: str) -> list[str]:
    """The files an opening fetches after the page's HTML: the browser's recorded set
    (``FILES = "browser"``), or only the scripts, style and font the HTML names ("html")."""
    if FILES == "html":
        return [f"/{a}" for a in _ASSET.findall(html)]
    found = recorded_files()
    return [*found["static"], *found["other"]]


def chromium_visits(base: str, paths: list[str]) -> list[list[dict]]:
    """Open ``paths`` one after the other in one headless Chromium tab (one browser, its
    cache kept), each until its film player shows a step and the page has stopped
    running; what each visit requested.

    Each request: ``path``, ``type`` (Script, Font, ...), ``bytes`` over the network
    (headers and body as sent; 0 if from the browser's cache), ``encoding``; the
    websocket's received bytes are one entry of type ``WebSocket``.
    """
    import base64

    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    visits = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            seen: dict[str, dict] = {}
            socket = {"path": "/_stcore/stream", "type": "WebSocket", "bytes": 0}

            def response(event):
                url, headers = event["response"]["url"], event["response"]["headers"]
                if not url.startswith(("http://", "https://")):
                    return  # blob: and data: URLs never reach the server
                headers = {k.lower(): v for k, v in headers.items()}
                seen[event["requestId"]] = {
                    "path": "/" + url.split("://", 1)[1].split("/", 1)[1],
                    "type": event["type"],
                    "bytes": 0,
                    "encoding": headers.get("content-encoding", ""),
                }

            def finished(event):
                if event["requestId"] in seen:
                    seen[event["requestId"]]["bytes"] = event["encodedDataLength"]

            def frame(event):
                data = event["response"]["payloadData"]
                binary = event["response"]["opcode"] == 2
                socket["bytes"] += len(base64.b64decode(data) if binary else data.encode())

            cdp.on("Network.responseReceived", response)
            cdp.on("Network.loadingFinished", finished)
            cdp.on("Network.webSocketFrameReceived", frame)
            for path in paths:
                seen.clear()
                socket["bytes"] = 0
                page.goto(base + path, timeout=180_000)
                # Drawn: the lesson's film player shows a step and the page stopped running.
                page.locator(".svp-count").first.filter(has_text="Step").wait_for(timeout=180_000)
                page.locator('[data-testid="stStatusWidget"]').wait_for(
                    state="hidden", timeout=180_000
                )
                page.wait_for_load_state("networkidle")  # lazy chunks, fonts and media
                page.wait_for_timeout(2000)
                visits.append([*(dict(r) for r in seen.values()), dict(socket)])
        finally:
            browser.close()
    return visits


def record_files() -> None:
    """Record what Chromium fetches on a first visit to the page; write the fixture."""
    import streamlit

    page = f"/{PAGE}?{SAME}"
    print(f"== recording what Chromium fetches on a first visit to {page}", flush=True)
    with one_server() as target:
        (visit,) = chromium_visits(target.url, [page])
    static = [r["path"] for r in visit if r["path"].startswith("/static/")]
    other = [
        r["path"]
        for r in visit
        if not r["path"].startswith(("/static/", "/media/", "/_stcore/", f"/{PAGE}"))
        and r["type"] != "WebSocket"
    ]
    kinds = Counter(r["type"] for r in visit if r["path"].startswith("/static/"))
    found = {
        "about": "What headless Chromium fetched on a first visit to `page` (the page, "
        "the websocket, /_stcore/*, /media/* aside); bench_load.py replays it. Refresh: "
        "python -m benchmarks.bench_load --record-files",
        "streamlit": streamlit.__version__,
        "recorded": time.strftime("%Y-%m-%d"),
        "page": page,
        "kinds": dict(sorted(kinds.items())),
        "static": list(dict.fromkeys(static)),
        "other": list(dict.fromkeys(other)),
    }
    FILES_FIXTURE.write_text(json.dumps(found, indent=1) + "\n")
    names = ", ".join(f"{n} {k}" for k, n in found["kinds"].items())
    print(f"   {len(found['static'])} static files ({names}) and {found['other']}: {FILES_FIXTURE}")


# ------------------------------------------------------------------ HTTP, as a browser
#: What Chromium accepts (it asks for brotli and zstd over plain HTTP to 127.0.0.1 too).
ACCEPT_ENCODING = "Accept-Encoding: gzip, deflate, br, zstd"


class Browser:
    """One student's browser: its cookies, and GETs to the target over HTTP/1.1 keep-alive.

    Like a browser it reuses its connections (at most ``BROWSER_PARALLEL`` at once) and
    accepts what Chromium accepts (it decodes gzip only: the scripts, served gzipped or
    brotli-compressed, are never decoded). Call :meth:`close` when the student leaves.
    """

    def __init__(self, url: str) -> None:
        host_port = url.split("://", 1)[1]
        self.host, port = host_port.rsplit(":", 1)
        self.port = int(port)
        self.cookies: dict[str, str] = {}
        self.fetched: set[str] = set()
        self.received = 0  # bytes of responses (heads and bodies as sent, gzipped or not)
        self._idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    async def get(self, path: str, *, decode: bool = True) -> bytes:
        """The body of ``path`` (gzip undone if ``decode``); an error unless the status is 200."""
        lines = [f"GET {path} HTTP/1.1", f"Host: {self.host}:{self.port}", ACCEPT_ENCODING]
        if self.cookies:
            lines.append(f"Cookie: {self.cookie_header()}")
        request = ("\r\n".join(lines) + "\r\n\r\n").encode()
        reader, writer, head = await self._send(request)
        try:
            status_line, *header_lines = head.decode("latin-1").rstrip("\r\n").split("\r\n")
            headers = [
                (name.strip().lower(), value.strip())
                for name, value in (line.split(":", 1) for line in header_lines if ":" in line)
            ]
            body, keep = await _read_body(reader, dict(headers))
        except BaseException:
            writer.close()
            raise
        self.received += len(head) + len(body)
        if keep:
            self._idle.append((reader, writer))
        else:
            writer.close()
        for name, value in headers:
            if name == "set-cookie":
                key, _, val = value.split(";", 1)[0].partition("=")
                self.cookies[key] = val
        status = int(status_line.split()[1]) if status_line.count(" ") else 0
        if status != 200:
            raise RuntimeError(f"GET {path.split('?')[0]}: HTTP {status}")
        encoding = dict(headers).get("content-encoding", "")
        if decode and "gzip" in encoding:
            body = gzip.decompress(body)
        elif decode and encoding not in ("", "identity"):
            raise RuntimeError(f"GET {path.split('?')[0]}: cannot decode {encoding}")
        return body

    async def _send(
        self, request: bytes
    ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, bytes]:
        """Send ``request`` on a kept connection, or a new one; the connection and the head."""
        while self._idle:
            reader, writer = self._idle.pop()
            try:
                return reader, writer, await _request(reader, writer, request)
            except (OSError, asyncio.IncompleteReadError):
                writer.close()  # the server closed this kept connection meanwhile
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=2**20)
        try:
            return reader, writer, await _request(reader, writer, request)
        except BaseException:
            writer.close()
            raise

    async def close(self) -> None:
        """Close the kept connections (the student leaves)."""
        for _, writer in self._idle:
            writer.close()
        self._idle.clear()

    async def get_all(self, paths: list[str], *, decode: bool = True) -> dict[str, bytes]:
        """Every path not fetched before (a browser's cache), ``BROWSER_PARALLEL`` at a time."""
        wanted = [p for p in dict.fromkeys(paths) if p not in self.fetched]
        self.fetched.update(wanted)
        limit = asyncio.Semaphore(BROWSER_PARALLEL)

        async def one(path: str) -> bytes:
            async with limit:
                return await self.get(path, decode=decode)

        return dict(zip(wanted, await asyncio.gather(*(one(p) for p in wanted)), strict=True))


async def _request(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes
) -> bytes:
    """Send ``request`` and read the response's head (its status line and headers)."""
    writer.write(request)
    await writer.drain()
    return await reader.readuntil(b"\r\n\r\n")


async def _read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> tuple[bytes, bool]:
    """A response's body, and whether its connection may carry the next request."""
    keep = headers.get("connection", "").lower() != "close"
    if "chunked" in headers.get("transfer-encoding", ""):
        out = bytearray()
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            out += await reader.readexactly(size + 2)
            del out[-2:]
        while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers
            pass
        return bytes(out), keep
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"])), keep
    return await reader.read(), False


# ------------------------------------------------------------------ the websocket
class Session:
    """One Streamlit session over ``/_stcore/stream``: script runs and what they show."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.finished = asyncio.Event()
        self.new_media: list[str] = []
        self.buttons: dict[str, tuple[str, str, bool]] = {}  # label -> (id, fragment, disabled)
        self.component_json: list[str] = []
        self.exceptions: list[str] = []
        self.query = ""
        self.sent = 0

    async def listen(self) -> None:
        """Read every ForwardMsg until the socket closes."""
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        with contextlib.suppress(Exception):
            async for data in self.ws:
                message = ForwardMsg()
                message.ParseFromString(data)
                self._take(message, data)
        self.finished.set()  # nothing more will come: wake whoever waits

    def _take(self, message, data: bytes) -> None:
        kind = message.WhichOneof("type")
        if kind == "delta":
            self.new_media += [m.decode() for m in _MEDIA.findall(data)]
            if message.delta.WhichOneof("type") != "new_element":
                return
            element = message.delta.new_element
            which = element.WhichOneof("type")
            if which == "button":
                button = element.button
                self.buttons[button.label] = (button.id, message.delta.fragment_id, button.disabled)
            elif which == "bidi_component":
                self.component_json.append(element.bidi_component.json)
            elif which == "exception":
                self.exceptions.append(element.exception.message[:200])
        elif kind == "page_info_changed":
            self.query = message.page_info_changed.query_string
        elif (
            kind == "script_finished"
            and message.script_finished != message.FINISHED_EARLY_FOR_RERUN
        ):
            self.finished.set()

    async def run(self, query: str, *, fragment: str = "", trigger: str = "") -> list[str]:
        """One script run (a fragment's, with a button ``trigger``); the media it names."""
        from streamlit.proto.BackMsg_pb2 import BackMsg

        message = BackMsg()
        state = message.rerun_script
        state.query_string = query
        state.page_name = PAGE
        state.fragment_id = fragment
        if trigger:
            widget = state.widget_states.widgets.add()
            widget.id = trigger
            widget.trigger_value = True
        self.finished.clear()
        self.new_media, self.component_json = [], []
        await self.ws.send(message.SerializeToString())
        self.sent += 1
        await self.finished.wait()
        if self.ws.close_code is not None:
            raise RuntimeError("the server closed the websocket")
        if self.exceptions:
            raise RuntimeError(f"the page raised: {self.exceptions[0]}")
        return self.new_media


# ------------------------------------------------------------------ one student
@dataclass
class Student:
    """What one simulated student saw."""

    arrived: float = 0.0
    left: float = 0.0
    opened: float | None = None  # seconds to open the lesson, None if it failed
    opened_at: float | None = None
    steps: list[float] = field(default_factory=list)
    sent_while_stepping: int = 0
    errors: list[str] = field(default_factory=list)
    received: int = 0  # bytes over HTTP (not the websocket)
    media: tuple[str, ...] = ()  # the media the page named (its film and pictures)


class FilmSteps:
    """A film player's stepping, as the browser does it: fetch a chunk 150 steps ahead."""

    def __init__(self, films: list[tuple[int, int, list[str]]]) -> None:
        self.films = films  # (steps, chunk steps, URLs of the later chunks)
        self.n = max(steps for steps, _, _ in films)
        self.step = 0

    def forward(self) -> list[str]:
        """Move one step (back to the first after the last); the chunk URLs now wanted."""
        self.step = self.step + 1 if self.step + 1 < self.n else 0
        urls = []
        for steps, chunk_steps, later in self.films:
            ahead = min(self.step + FILM_PREFETCH, steps - 1) // chunk_steps
            urls += later[: max(0, ahead)]
        return urls


def film_steps(session: Session, fetched: dict[str, bytes]) -> FilmSteps | None:
    """The film(s) the page's player shows, from the headers just fetched (None if none)."""
    films = []
    for text in session.component_json:
        for film in (json.loads(text) if text else {}).get("films", []):
            url = film["url"]
            if url not in _headers_seen:  # read once per film: the driver's CPU is the server's
                header = json.loads(gzip.decompress(fetched[url]))
                _headers_seen[url] = (header["steps"], header["chunkSteps"])
            steps, chunk_steps = _headers_seen[url]
            films.append((steps, chunk_steps, list(film.get("chunks", []))))
    return FilmSteps(films) if films else None


async def student(
    url: str,
    query: str,
    arrive: float,
    step_for: float,
    rng: random.Random,
    open_timeout: float = OPEN_TIMEOUT_S,
    result: Student | None = None,
) -> Student:
    """Arrive after ``arrive`` s, open the lesson, step for ``step_for`` s, leave.

    What happens is written into ``result`` as it happens (a new Student if None).
    """
    import websockets

    await asyncio.sleep(arrive)
    result = result or Student()
    result.arrived = time.monotonic()
    browser = Browser(url)
    ws = listener = None
    phase = "page"  # what was under way, for the error's message
    try:
        async with asyncio.timeout(open_timeout):
            html = (await browser.get(f"/{PAGE}?{query}")).decode()
            phase = "scripts"
            await browser.get_all(page_files(html), decode=False)
            phase = "health"
            await browser.get_all(["/_stcore/health", "/_stcore/host-config"])
            phase = "websocket"
            ws = await websockets.connect(
                f"ws://{browser.host}:{browser.port}/_stcore/stream",
                subprotocols=["streamlit"],
                additional_headers={"Cookie": browser.cookie_header()} if browser.cookies else None,
                max_size=None,
                open_timeout=open_timeout,
                ping_interval=None,  # a browser sends no pings
            )
            session = Session(ws)
            listener = asyncio.create_task(session.listen())
            phase = "script run"
            media = await session.run(query)
            session.query = session.query or query
            phase = "media"
            film = film_steps(session, await browser.get_all(media))
            result.media = tuple(media)
        result.opened_at = time.monotonic()
        result.opened = result.opened_at - result.arrived
        phase = "stepping"
        sent_before = session.sent
        await _step(browser, session, film, result, rng, result.opened_at + step_for)
        result.sent_while_stepping = session.sent - sent_before
    except TimeoutError:
        result.errors.append("open timed out" if result.opened is None else "step timed out")
    except Exception as error:  # every failure is a result here
        result.errors.append(f"{phase}: {type(error).__name__}: {error}"[:160])
    finally:
        if ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 5)
        if listener is not None:
            listener.cancel()
        await browser.close()
        result.left = time.monotonic()
        result.received = browser.received
    return result


async def _step(
    browser: Browser,
    session: Session,
    film: FilmSteps | None,
    result: Student,
    rng: random.Random,
    until: float,
) -> None:
    """Step at a human pace until ``until``: the film in the browser, or Forward on the server."""
    if film is None and "Forward" not in session.buttons:
        raise RuntimeError("the page shows no player (no film, no Forward button)")
    while time.monotonic() + PACE_S[0] < until:
        await asyncio.sleep(rng.uniform(*PACE_S))
        start = time.monotonic()
        async with asyncio.timeout(STEP_TIMEOUT_S):
            if film is not None:
                wanted = [url for url in film.forward() if url not in browser.fetched]
                if not wanted:  # the step happens in the browser: nothing reaches the server
                    result.steps.append(0.0)
                    continue
                await browser.get_all(wanted)  # a long film's next chunk, ahead of need
            else:
                button_id, fragment, disabled = session.buttons["Forward"]
                if disabled:  # at the last step: back to the first
                    button_id, fragment, _ = session.buttons["First"]
                media = await session.run(session.query, fragment=fragment, trigger=button_id)
                await browser.get_all(media)
        result.steps.append(time.monotonic() - start)


# ------------------------------------------------------------------ one run
@dataclass
class Run:
    """One run: N students against one target, and what the server spent."""

    label: str
    n: int
    students: list[Student]
    cpu: float
    rss_start: int
    rss_peak: int
    rss_end: int
    load_before: float
    seconds: float
    rss_samples: list[tuple[float, int]] = field(default_factory=list)
    cpu_each: list[float] = field(default_factory=list)  # per app process
    driver_cpu: float = 0.0  # this benchmark's own CPU seconds (it shares the machine)
    load_after: float = 0.0
    proxy_cpu: float = 0.0  # nginx's CPU seconds, if behind nginx

    @property
    def received_per_student(self) -> float:
        """Mean bytes one student received over HTTP (the websocket aside)."""
        opened = [s.received for s in self.students if s.opened is not None]
        return sum(opened) / max(len(opened), 1)

    @property
    def opens(self) -> list[float]:
        return [s.opened for s in self.students if s.opened is not None]

    @property
    def steps(self) -> list[float]:
        return [t for s in self.students for t in s.steps]

    @property
    def errors(self) -> Counter:
        return Counter(e for s in self.students for e in s.errors)

    @property
    def student_minutes(self) -> float:
        return sum(s.left - s.arrived for s in self.students) / 60

    @property
    def opens_per_second(self) -> float:
        """Openings completed per second, from the first arrival to the last opening."""
        done = [s.opened_at for s in self.students if s.opened_at is not None]
        if len(done) < 2:
            return 0.0
        return len(done) / (max(done) - min(s.arrived for s in self.students))

    @property
    def broken(self) -> bool:
        """More than a tenth of the students failed."""
        failed = sum(1 for s in self.students if s.errors)
        return failed > 0.1 * self.n


def _warm(target: Target) -> None:
    """One page run per app process before measuring: each imports and draws once (not counted)."""
    for url in target.app_urls or [target.url]:
        asyncio.run(student(url, WARM_UP, 0, 0, random.Random(0), open_timeout=180))


def run_students(
    target: Target,
    queries: list[str],
    *,
    step_for: float | None = None,
    arrival: float | None = None,
    open_timeout: float | None = None,
    stay: tuple[float, float] | None = None,
    churn_until: float | None = None,
    new_query=None,
    seed: int = 1,
) -> Run:
    """N students (one per query) arriving within ``arrival`` s, stepping ``step_for`` s.

    (Unset: ``ARRIVAL_S``, ``STEP_FOR_S``, ``OPEN_TIMEOUT_S``.)

    With ``churn_until`` (seconds), each student who leaves (after a stay drawn from
    ``stay``) is replaced at once by a new one with ``new_query(rng)``, until then.
    """
    step_for = STEP_FOR_S if step_for is None else step_for
    arrival = ARRIVAL_S if arrival is None else arrival
    open_timeout = OPEN_TIMEOUT_S if open_timeout is None else open_timeout
    _warm(target)
    time.sleep(1)
    rss_start, load = rss_bytes(target.app_pids), load_average()
    driver_start = time.process_time()
    cpu_start = [cpu_seconds([pid]) for pid in target.app_pids]
    proxy_start = cpu_seconds(target.proxy_pids)
    start = time.monotonic()
    samples: list[tuple[float, int]] = []

    async def main() -> None:
        rng = random.Random(seed)

        async def seat(query: str, arrive: float) -> None:
            while True:
                length = rng.uniform(*stay) if stay else step_for
                seated = Student()
                everyone.append(seated)
                pace = random.Random(rng.random())
                await student(target.url, query, arrive, length, pace, open_timeout, seated)
                if churn_until is None or time.monotonic() - start > churn_until:
                    return
                query, arrive = new_query(rng), 0

        async def sample() -> None:
            while True:
                samples.append((time.monotonic() - start, rss_bytes(target.app_pids)))
                await asyncio.sleep(1)

        async def progress() -> None:
            while True:
                await asyncio.sleep(15)
                opened = sum(1 for s in everyone if s.opened is not None)
                failed = sum(1 for s in everyone if s.errors)
                print(
                    f"    {time.monotonic() - start:5.0f} s: {opened} of {len(everyone)} "
                    f"students opened, {failed} failed; server RSS "
                    f"{samples[-1][1] / 2**20:.0f} MB",
                    flush=True,
                )

        watchers = [asyncio.create_task(sample()), asyncio.create_task(progress())]
        arrivals = sorted(rng.uniform(0, arrival) for _ in queries)
        await asyncio.gather(*(seat(q, a) for q, a in zip(queries, arrivals, strict=True)))
        for task in watchers:
            task.cancel()

    everyone: list[Student] = []
    asyncio.run(main())
    students = everyone
    seconds = time.monotonic() - start
    time.sleep(2)  # the last sessions' disconnects reach the server
    driver = time.process_time() - driver_start
    cpu_each = [
        cpu_seconds([pid]) - was for pid, was in zip(target.app_pids, cpu_start, strict=True)
    ]
    return Run(
        label=target.label,
        n=len(queries),
        students=students,
        cpu=sum(cpu_each),
        cpu_each=cpu_each,
        driver_cpu=driver,
        rss_start=rss_start,
        rss_peak=max([rss_start, *(rss for _, rss in samples)]),
        rss_end=rss_bytes(target.app_pids),
        load_before=load,
        load_after=load_average(),
        proxy_cpu=cpu_seconds(target.proxy_pids) - proxy_start,
        seconds=seconds,
        rss_samples=samples,
    )


def scenario_queries(scenario: str, n: int, base: int) -> list[str]:
    """The query string of each of ``n`` students: all ``SAME``, or seeds base, base+1, ..."""
    if scenario == "same":
        return [SAME] * n
    return [SEEDED.format(seed=base + i) for i in range(n)]


# ------------------------------------------------------------------ formatting
def _mb(value: int) -> str:
    return f"{value / 2**20:,.0f}"


def _ms_stats(values: list[float]) -> str:
    if not values:
        return "–"
    return " / ".join(f"{percentile(values, q) * 1000:,.0f}" for q in (50, 95, 100))


def _s_stats(values: list[float]) -> str:
    if not values:
        return "–"
    return " / ".join(f"{percentile(values, q):,.1f}" for q in (50, 95, 100))


def _errors(run: Run) -> str:
    if not run.errors:
        return "0"
    return "; ".join(f"{count} × {text}" for text, count in run.errors.most_common(3))


def _row(run: Run, scenario: str, film: bool) -> list:
    steps = run.steps
    step_cell = _ms_stats(steps)
    if film and steps and max(steps) == 0:
        step_cell = "0 (nothing sent)"
    sent = sum(s.sent_while_stepping for s in run.students)
    return [
        scenario,
        run.n,
        _s_stats(run.opens),
        step_cell,
        f"{len(steps):,}",
        f"{sent:,}",
        f"{run.cpu / max(run.student_minutes, 1e-9):.2f}",
        f"{_mb(run.rss_start)} / {_mb(run.rss_peak)} / {_mb(run.rss_end)}",
        _errors(run),
        f"{run.load_before:.1f}",
        f"{run.driver_cpu:.0f}",
    ]


HEADER = [
    "students on",
    "N",
    "open s p50 / p95 / max",
    "step ms p50 / p95 / max",
    "steps",
    "messages sent while stepping",
    "server CPU s per student-minute",
    "server RSS MB start / peak / end",
    "errors",
    "load before",
    "driver CPU s",
]

SCENARIOS = {"same": "the same example", "seeds": "different seeds"}


# ------------------------------------------------------------------ the parts
def sweep(serve, label: str, film: bool, stop_when_broken=False) -> list[list]:
    """Every N of ``COUNTS`` in both scenarios, a fresh server each time; the table rows."""
    counts, rows = COUNTS, []
    for scenario in SCENARIOS:
        for i, n in enumerate(counts):
            print(
                f"  {label}: {n} students on {SCENARIOS[scenario]} "
                f"(load average {load_average():.1f})",
                flush=True,
            )
            hall = scenario == "same" and n == max(COUNTS)
            with serve() as target:
                queries = scenario_queries(scenario, n, 1000 * (i + 1))
                run = run_students(target, queries, step_for=HALL_STEP_FOR_S if hall else None)
            rows.append(_row(run, SCENARIOS[scenario], film))
            print(
                f"    -> open {_s_stats(run.opens)} s, steps {len(run.steps)}, server CPU "
                f"{run.cpu:.1f} s, driver CPU {run.driver_cpu:.1f} s, errors {_errors(run)}",
                flush=True,
            )
            if stop_when_broken and run.broken:
                skipped = [str(m) for m in counts[i + 1 :]]
                if skipped:
                    rows.append(
                        [SCENARIOS[scenario], ", ".join(skipped), f"not run: broken at N = {n}"]
                        + [""] * (len(HEADER) - 3)
                    )
                break
    return rows


def part_film() -> None:
    print("== the film (the app now)", flush=True)
    rows = sweep(one_server, "film", film=True)
    body = _intro("the app as it is now (the film player)") + table(HEADER, rows)
    write_section("load-film", body)


def part_before() -> None:
    print(f"== before the film (commit {BASELINE})", flush=True)
    with checkout(BASELINE) as folder:
        rows = sweep(
            lambda: one_server(folder, f"commit {BASELINE}"),
            "before",
            film=False,
            stop_when_broken=True,
        )
    body = _intro(f"the app at commit {BASELINE}, the rerun-per-step player") + table(HEADER, rows)
    write_section("load-before", body)


def _intro(what: str) -> str:
    return (
        f"{what[0].upper()}{what[1:]}; page `/{PAGE}`; the same example is `?{SAME}`, "
        f"different seeds are "
        f"`?{SEEDED}` with one seed per student. Students arrive within {ARRIVAL_S:.0f} s, "
        f"open the lesson (a first visit: HTML, scripts, websocket, script run, media), then "
        f"step every {PACE_S[0]:.0f}-{PACE_S[1]:.0f} s for {STEP_FOR_S:.0f} s ("
        f"{HALL_STEP_FOR_S:.0f} s for {max(COUNTS)} on the same example); an opening "
        f'gives up after {OPEN_TIMEOUT_S:.0f} s. A fresh server per row. "load before": the '
        f"machine's 1-minute load average when the row started (the machine is shared); "
        '"driver CPU": what this benchmark itself used on the same cores.\n\n'
    )


def part_threshold() -> None:
    """Different seeds at small N: where an opening's p95 passes 2 s (between film's rows)."""
    print("== different seeds, small N: where an opening's p95 passes 2 s", flush=True)
    rows = []
    for i, n in enumerate(THRESHOLD_COUNTS):
        print(f"  film: {n} students on different seeds (load {load_average():.1f})", flush=True)
        with one_server() as target:
            run = run_students(target, scenario_queries("seeds", n, 60_000 + 1000 * i))
        rows.append(_row(run, SCENARIOS["seeds"], film=True))
        print(f"    -> open {_s_stats(run.opens)} s, errors {_errors(run)}", flush=True)
    body = "The film, different seeds, as in the table above, at smaller N.\n\n"
    write_section("load-threshold", body + table(HEADER, rows))


def part_replicas() -> None:
    print("== replicas: 1 and 2 behind nginx, each on its own core", flush=True)
    cores = os.cpu_count() or 1
    rows, rates = [], {}
    for scenario, n, step_for in (
        ("seeds", REPLICA_N, 20.0),
        ("same", REPLICA_SAME_N, HALL_STEP_FOR_S),
    ):
        for replicas in (1, 2):
            print(
                f"  {replicas} replica(s), {n} students on {SCENARIOS[scenario]} "
                f"(load average {load_average():.1f})",
                flush=True,
            )
            with replicated(replicas, cpus=list(range(min(replicas, cores)))) as target:
                queries = scenario_queries(scenario, n, 50_000 + 1000 * replicas)
                run = run_students(
                    target, queries, step_for=step_for, open_timeout=REPLICA_OPEN_TIMEOUT_S
                )
            rates[scenario, replicas] = run.opens_per_second
            rows.append(_replica_row(run, SCENARIOS[scenario], target.label))
            print(f"    -> {rows[-1]}", flush=True)
    ratio = rates["seeds", 2] / max(rates["seeds", 1], 1e-9)
    body = (
        f"Through nginx (`deploy/nginx.conf`: sticky by cookie, Streamlit's static files "
        f"served by nginx); replica i pinned to core i of {cores}, so one replica has one core "
        f"and two have two. The load driver and nginx run on those same cores. Students arrive "
        f"within {ARRIVAL_S:.0f} s and step as above; an opening gives up after "
        f"{REPLICA_OPEN_TIMEOUT_S:.0f} s here. Opens per second: openings completed, from the "
        f"first arrival to the last opening (with every seed different, each opening builds "
        f"a film and its comparison pictures).\n\n"
    )
    body += table(
        REPLICA_COLUMNS,
        rows,
    )
    body += (
        f"\n\nDifferent seeds, 2 replicas / 1 replica: **{ratio:.2f}x** the openings per "
        "second (target 1.7x)."
    )
    write_section("load-replicas", body)


#: Issue 21's lab: students on their own seeds, one app process behind nginx, the target p95.
SEEDS_N, SEEDS_TARGET_S = 30, 3.0


def part_seeds() -> None:
    """Issue 21's row, run ``RUNS`` times: ``SEEDS_N`` students on their own seeds arriving
    within ``ARRIVAL_S`` at one replica behind nginx (``make serve-replicas N=1``, so that
    the static files are nginx's, not what is measured), each opening building its own film."""
    print(f"== {SEEDS_N} students on their own seeds, 1 replica behind nginx", flush=True)
    rows = []
    for run_no in range(1, RUNS + 1):
        with replicated(1) as target:
            queries = scenario_queries("seeds", SEEDS_N, 30_000 + 1000 * run_no)
            run = run_students(target, queries, step_for=10.0, open_timeout=OPEN_TIMEOUT_S)
        examples = len({s.media for s in run.students if s.opened is not None})
        p95 = percentile(run.opens, 95) if run.opens else float("inf")
        met = p95 < SEEDS_TARGET_S and not run.errors and len(run.opens) == SEEDS_N
        row = _replica_row(run, f"different seeds ({examples} examples seen)", target.label)
        rows.append([run_no, *row, "met" if met else "**not met**", f"{run.driver_cpu:.1f}"])
        print(f"    -> {rows[-1]}", flush=True)
    body = (
        f"Code served: {served_code()}. Page `/{PAGE}`, one `?{SEEDED}` per student, every "
        f"seed new to the server; students open it as Chromium's first visit does "
        f"({len(page_files(''))} files), all within {ARRIVAL_S:.0f} s, then step for 10 s. "
        "One replica behind nginx as `make serve-replicas N=1` starts it (not pinned: nginx, "
        "the replica and this driver share the machine's cores). Target (issue 21): open "
        f"p95 under {SEEDS_TARGET_S:.0f} s.\n\n"
    )
    body += table(
        ["run", *REPLICA_COLUMNS, "target p95", "driver CPU s"],
        rows,
    )
    write_section("load-seeds", body)


#: The columns of a replicas row (:func:`_replica_row`).
REPLICA_COLUMNS = [
    "students on",
    "served by",
    "N",
    "opens per second",
    "open s p50 / p95 / max",
    "step ms p50 / p95 / max",
    "app CPU s per opening",
    "CPU s of each app process",
    "errors",
    "load before",
]


def _replica_row(run: Run, scenario: str, label: str) -> list:
    steps = run.steps
    return [
        scenario,
        label,
        run.n,
        f"{run.opens_per_second:.2f}",
        _s_stats(run.opens),
        "0 (nothing sent)" if steps and max(steps) == 0 else _ms_stats(steps),
        f"{run.cpu / max(len(run.opens), 1):.2f}",
        " / ".join(f"{c:.0f}" for c in run.cpu_each),
        _errors(run),
        f"{run.load_before:.1f}",
    ]


def part_soak() -> None:
    print(f"== soak: {SOAK_N} students for {SOAK_S / 60:.0f} minutes, coming and going", flush=True)
    with one_server() as target:
        seeds = iter(range(90_000, 99_999))
        run = run_students(
            target,
            [SAME] * SOAK_N,
            stay=SOAK_STAY_S,
            churn_until=SOAK_S,
            new_query=lambda rng: (
                SEEDED.format(seed=next(seeds)) if rng.random() < SOAK_NEW_SEED else SAME
            ),
        )
        after = _recovery(target)
    at = dict(run.rss_samples)
    one = _rss_at(run.rss_samples, 60)
    five = _rss_at(run.rss_samples, SOAK_S)
    growth = five / one - 1
    rows = [
        ["students at once / sessions in all", f"{SOAK_N} / {len(run.students)}"],
        ["openings: s p50 / p95 / max", _s_stats(run.opens)],
        ["errors", _errors(run)],
        ["server CPU s per student-minute", f"{run.cpu / run.student_minutes:.2f}"],
        ["RSS at the start (MB)", _mb(run.rss_start)],
        ["RSS after 1 minute (MB)", _mb(one)],
        [f"RSS after {SOAK_S / 60:.0f} minutes (MB)", _mb(five)],
        [
            "growth from minute 1 to the end",
            f"{growth:+.0%} ({'within' if abs(growth) <= 0.2 else '**outside**'} 20%)",
        ],
        ["RSS peak (MB)", _mb(max(at.values()))],
        ["after the load stops: CPU over 10 s (of one core)", f"{after['idle_cpu']:.0%}"],
        ["after the load stops: a new student opens in (s)", f"{after['open']:.2f}"],
        ["after the load stops: RSS (MB)", _mb(after["rss"])],
    ]
    body = (
        f"{SOAK_N} students at once for {SOAK_S / 60:.0f} minutes on `/{PAGE}`: each stays "
        f"{SOAK_STAY_S[0]:.0f}-{SOAK_STAY_S[1]:.0f} s (stepping), leaves, and a new student takes "
        f"the seat at once: on the same example (`?{SAME}`), or with probability "
        f"{SOAK_NEW_SEED:.0%} on a new random seed (a film build). Streamlit's defaults: a "
        f"student who left keeps a session for 120 s (for a reconnect; at most 128 such "
        f"sessions).\n\n"
    )
    body += table(["measure", "value"], rows)
    write_section("load-soak", body)


def _rss_at(samples: list[tuple[float, int]], second: float) -> int:
    return min(samples, key=lambda s: abs(s[0] - second))[1]


def _recovery(target: Target) -> dict:
    """Once the load stops: the server's CPU over 10 s, a new student's opening, its RSS."""
    time.sleep(5)
    cpu = cpu_seconds(target.app_pids)
    time.sleep(10)
    idle = (cpu_seconds(target.app_pids) - cpu) / 10
    probe = asyncio.run(student(target.url, SAME, 0, 0, random.Random(0)))
    return {
        "idle_cpu": idle,
        "open": probe.opened or float("nan"),
        "rss": rss_bytes(target.app_pids),
    }


# ------------------------------------------------------------------ memory
def _metrics(url: str) -> dict[tuple[str, str], float]:
    """Streamlit's /_stcore/metrics as {(metric with labels, cache): value}."""
    with urllib.request.urlopen(f"{url}/_stcore/metrics", timeout=30) as reply:
        text = reply.read().decode()
    values = {}
    for line in text.splitlines():
        if line.startswith("#") or " " not in line:
            continue
        name, value = line.rsplit(" ", 1)
        values[name] = float(value)
    return values


def _memory_by(values: dict, cache_type: str) -> dict[str, float]:
    out = {}
    for name, value in values.items():
        if name.startswith("cache_memory_bytes{") and f'cache_type="{cache_type}"' in name:
            cache = re.search(r'cache="([^"]*)"', name).group(1)
            out[cache] = out.get(cache, 0) + value
    return out


def _misses(values: dict) -> dict[str, float]:
    out = {}
    for name, value in values.items():
        if name.startswith("cache_lookups_total{") and 'result="miss"' in name:
            out[re.search(r'cache="([^"]*)"', name).group(1)] = value
    return out


def cache_bounds(package: str = "search_viz") -> dict[str, tuple]:
    """Every ``st.cache_data`` / ``st.cache_resource`` function of the app and its bounds.

    Returns {"module.function": (kind, max_entries, ttl in seconds)}, kind "Data" or "Resource".
    Every module file under the package is imported (lesson folders may have no __init__.py).
    """
    import importlib

    from streamlit.runtime.caching.cache_utils import CachedFunc

    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        try:
            module = importlib.import_module(name)
        except Exception:  # a module that cannot be imported outside a page
            continue
        for value in vars(module).values():
            if isinstance(value, CachedFunc) and value._info.func.__module__ == name:
                func = value._info.func
                kind = type(value._info).__name__.replace("Cached", "").replace("FuncInfo", "")
                found[f"{name}.{func.__qualname__}"] = (
                    kind,
                    value._info.max_entries,
                    value._info.ttl,
                )
    return found


def part_memory() -> None:
    print(f"== memory: {MEMORY_SEEDS} students on different seeds, then they leave", flush=True)
    options = ("--server.enableExpensiveMemoryStats=true", "--server.disconnectedSessionTTL=10")
    with one_server(options=options) as target:
        _warm(target)
        time.sleep(1)
        empty = _metrics(target.url)
        rss_empty = rss_bytes(target.app_pids)

        async def stay() -> list[Student]:
            return await asyncio.gather(
                *(
                    student(
                        target.url,
                        SEEDED.format(seed=70_000 + i),
                        i * 4.0,
                        60.0 + (MEMORY_SEEDS - i) * 4.0,
                        random.Random(i),
                        open_timeout=120,
                    )
                    for i in range(MEMORY_SEEDS)
                )
            )

        async def measure_while(task) -> tuple[dict, int]:
            await asyncio.sleep(MEMORY_SEEDS * 4.0 + 45)  # every student has opened, all still here
            found = await asyncio.to_thread(_metrics, target.url)
            return found, rss_bytes(target.app_pids)

        async def both():
            task = asyncio.create_task(stay())
            found = await measure_while(task)
            return found, await task

        (full, rss_full), students = asyncio.run(both())
        time.sleep(15)  # past the disconnected sessions' TTL
        asyncio.run(_touch(target.url))
        time.sleep(6)  # the metrics' own 5 s cache
        left = _metrics(target.url)
        rss_left = rss_bytes(target.app_pids)
    opened = sum(1 for s in students if s.opened is not None)
    body = _memory_report(empty, full, left, rss_empty, rss_full, rss_left, opened)
    write_section("load-memory", body)


async def _touch(url: str) -> None:
    """Open and close a websocket, running nothing: the server stores that empty session,
    and storing one drops the stored sessions whose time is up (Streamlit expires them
    on a write)."""
    import websockets

    host_port = url.split("://", 1)[1]
    async with websockets.connect(f"ws://{host_port}/_stcore/stream", subprotocols=["streamlit"]):
        await asyncio.sleep(0.5)


def _memory_report(empty, full, left, rss_empty, rss_full, rss_left, opened) -> str:
    n = MEMORY_SEEDS
    session = _memory_by(full, "st_session_state")
    media_full = sum(_memory_by(full, "st_memory_media_file_storage").values())
    media_left = sum(_memory_by(left, "st_memory_media_file_storage").values())
    rows = [
        ["session state, per session (kB)", f"{sum(session.values()) / n / 1000:.1f}"],
        [
            "media files (films, pictures), per distinct example (kB)",
            f"{media_full / n / 1000:.0f}",
        ],
        ["media files once every student has left (kB)", f"{media_left / 1000:.0f}"],
        [
            "server RSS: idle / with the students / after they left (MB)",
            f"{_mb(rss_empty)} / {_mb(rss_full)} / {_mb(rss_left)}",
        ],
        ["RSS per student on a different seed (MB)", f"{(rss_full - rss_empty) / n / 2**20:.1f}"],
    ]
    bounds = cache_bounds()
    sizes = {**_memory_by(full, "st_cache_data"), **_memory_by(full, "st_cache_resource")}
    misses, misses_empty = _misses(full), _misses(empty)
    cache_rows = []
    for name, (kind, max_entries, ttl) in sorted(bounds.items()):
        entries = misses.get(name, 0) - misses_empty.get(name, 0)
        size = sizes.get(name, 0) - _memory_by(empty, f"st_cache_{kind.lower()}").get(name, 0)
        each = size / entries if entries else None
        bound = "**none**" if max_entries in (None, float("inf")) else f"{max_entries:,}"
        worst = "–" if each is None or bound == "**none**" else f"{each * max_entries / 2**20:,.1f}"
        cache_rows.append(
            [
                f"`{name.removeprefix('search_viz.')}`",
                f"st.cache_{kind.lower()}",
                bound,
                "none" if not ttl else f"{ttl:,.0f} s",
                f"{int(entries)}",
                "–" if each is None else f"{each / 1000:,.0f}",
                worst,
            ]
        )
    body = (
        f"{n} students on different seeds of `/{PAGE}` ({opened} opened), all connected at "
        f"once, then gone. Sizes are Streamlit's own memory metrics with "
        f"`server.enableExpensiveMemoryStats` (deep sizes); the server keeps a student's "
        f"session {10} s after the websocket closes here (`server.disconnectedSessionTTL`, "
        f"120 s by default, at most 128 sessions), then drops it with its media references.\n\n"
    )
    body += table(["measure", "value"], rows)
    body += (
        "\n\nEvery cached function of the app, its bounds (from the code) and its entries' "
        f"size as measured here (entries made by these {n} students; a page this benchmark "
        "does not open shows none). Worst case: the bound times that size.\n\n"
    )
    body += table(
        ["cache", "kind", "max_entries", "ttl", "entries made", "kB each", "worst case MB"],
        cache_rows,
    )
    return body


# ------------------------------------------------------------------ issue 22: as a browser
#: Each run of the target table steps this long after opening (a film step sends nothing,
#: so stepping longer adds no server work; shorter keeps the runs within the time set).
TARGET_STEP_FOR_S = 10.0
#: How many times each target row is run.
RUNS = 2


def _kinds(visit: list[dict]) -> dict[str, tuple[int, int]]:
    """A visit's requests over the network by kind: {kind: (requests, bytes)}."""
    kind_of = {
        "Script": "scripts",
        "Stylesheet": "style",
        "Font": "fonts",
        "WebSocket": "websocket",
        "Image": "media",
    }
    out: dict[str, list[int]] = {}
    for r in visit:
        if r["bytes"] <= 0:
            continue  # from the browser's cache
        kind = kind_of.get(r["type"], "page and checks")
        if r["path"].startswith("/media/"):
            kind = "media"
        counts = out.setdefault(kind, [0, 0])
        counts[0] += 1
        counts[1] += r["bytes"]
    return {k: (v[0], v[1]) for k, v in out.items()}


def _kb(n: int) -> str:
    return f"{n / 1000:,.0f}"


#: Streamlit options that might trim a first visit (tried by ``part_bytes``).
TRIM_OPTIONS = (
    ("--theme.font=system-ui", "--theme.codeFont=monospace"),
    ("--client.showSidebarNavigation=false", "--client.toolbarMode=minimal"),
)


def part_bytes() -> None:
    """What one student downloads (Chromium): a first visit, a second lesson, a reload."""
    print("== bytes: one Chromium student, through nginx and from a plain server", flush=True)
    first, second = f"/{PAGE}?{SAME}", f"/{SECOND_PAGE}"
    visits = {}
    with replicated(2) as target:
        visits["nginx + 2 replicas"] = chromium_visits(target.url, [first, second, second])
    with one_server() as target:
        visits["plain server"] = chromium_visits(target.url, [first, second])
    for option in TRIM_OPTIONS:  # what Streamlit's own options trim from a first visit
        with one_server(options=option) as target:
            visits[f"plain server, `{' '.join(option)}`"] = chromium_visits(target.url, [first])
    names = ("first visit", "second lesson", "the second lesson again")
    order = ("scripts", "style", "fonts", "page and checks", "media", "websocket")
    rows = []
    for served, runs in visits.items():
        for name, visit in zip(names, runs, strict=False):
            kinds = _kinds(visit)
            scripts_used = sum(1 for r in visit if r["type"] == "Script")
            total = sum(b for _, b in kinds.values())
            rows.append(
                [
                    served,
                    name,
                    f"{sum(n for n, _ in kinds.values())}",
                    f"{kinds.get('scripts', (0, 0))[0]} of {scripts_used}",
                    *(_kb(kinds.get(k, (0, 0))[1]) for k in order),
                    f"**{_kb(total)}**",
                ]
            )
            print(f"   {rows[-1]}", flush=True)
    body = (
        f"One headless Chromium (one tab, its cache kept) opens `{first}`, then "
        f"`{second}` (a second lesson), then `{second}` once more; bytes as received over "
        "the network (headers and bodies, compressed as sent; Chrome DevTools' "
        "`encodedDataLength`), the websocket's messages as received. A request served from "
        "the browser's cache is not counted. Through nginx (`make serve-replicas`), the "
        "static files are gzipped once at start and hashed names are `immutable`; a plain "
        "Streamlit server sends its scripts uncompressed (Streamlit skips gzip for "
        "`/static/`: it would compress them again on every request). The last rows try "
        "Streamlit's own options on a first visit (its system font instead of Source Sans; "
        "no page list in the sidebar and a minimal toolbar).\n\n"
    )
    body += table(
        [
            "served by",
            "visit",
            "requests over the network",
            "scripts over the network",
            *(f"{k} kB" for k in order),
            "total kB",
        ],
        rows,
    )
    write_section("load-bytes", body)


def served_code() -> str:
    """Which code the servers run: a commit, and whether edits in progress are included (the
    tables this file's parts write into benchmarks/README.md are not code served)."""
    commit = subprocess.run(
        ["git", "-C", str(SERVE_ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    dirty = subprocess.run(
        [
            "git",
            "-C",
            str(SERVE_ROOT),
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            ".",
            ":!benchmarks/README.md",
        ],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return f"commit {commit}" + (" with uncommitted edits" if dirty else "")


def _target_plan() -> list[tuple]:
    """(server, students on, N, file set, target p95 s or None, runs) per row group."""
    return [
        ("plain", "same", 30, "browser", 2.0, RUNS),
        ("plain", "same", 30, "html", None, 1),
        ("plain", "same", 100, "browser", None, 1),
        ("plain", "same", 300, "browser", None, 1),
        ("2 replicas", "same", REPLICA_SAME_N, "browser", 3.0, RUNS),
        ("2 replicas", "same", REPLICA_SAME_N, "html", None, 1),
        ("2 replicas", "seeds", 100, "browser", 5.0, RUNS),
    ]


def part_targets() -> None:
    """Issue 22's targets with the browser's file set, each run ``RUNS`` times: every
    row once, then every row again (so that a passing disturbance meets one run of each)."""
    global FILES
    cores = os.cpu_count() or 1
    spare = {cores - 1} if cores >= 2 else None
    print("== the targets, opening as a browser does", flush=True)
    n_files = len(page_files(""))
    plan = _target_plan()
    jobs = sorted((run_no, k) for k, row in enumerate(plan) for run_no in range(1, row[-1] + 1))
    done = {}
    for run_no, k in jobs:
        server, scenario, n, files, goal, _ = plan[k]
        plain = server == "plain"
        # A plain server on core 0 and the driver on the last: apart. Two replicas (as
        # `make serve-replicas N=2` starts them, not pinned) and nginx use both cores: no
        # core is left, so the driver shares them.
        driver = spare if plain else None
        label = "plain `make run`" if plain else "nginx + 2 replicas"
        print(
            f"  {label}: {n} on {SCENARIOS[scenario]}, {files} files, run {run_no} "
            f"(load {load_average():.1f}, {time.strftime('%H:%M:%S')})",
            flush=True,
        )
        FILES = files
        try:
            serving = one_server(cpus={0} if spare else None) if plain else replicated(2)
            with serving as target, driver_on(driver):
                # Seeds 20,000-82,099: within the page's range (an out-of-range seed falls
                # back to the default example, and every student would share it).
                queries = scenario_queries(scenario, n, 20_000 + 1000 * (10 * k + run_no))
                run = run_students(
                    target, queries, step_for=TARGET_STEP_FOR_S, open_timeout=OPEN_TIMEOUT_S
                )
        finally:
            FILES = "browser"
        examples = len({s.media for s in run.students if s.opened is not None})
        if scenario == "seeds" and examples < len(run.opens):
            raise RuntimeError(
                f"{len(run.opens)} students on different seeds saw only {examples} different "
                f"examples: the page did not take their seeds ({queries[0]})"
            )
        met = "–"
        if goal is not None:
            p95 = percentile(run.opens, 95) if run.opens else float("inf")
            ok = p95 < goal and not run.errors and len(run.opens) == n
            met = f"{'met' if ok else '**not met**'} (< {goal:.0f} s)"
        done[k, run_no] = [
            label,
            f"{n}, {SCENARIOS[scenario]} ({examples} example{'s' * (examples > 1)} seen)",
            f"browser's ({n_files})" if files == "browser" else "HTML's (61)",
            run_no,
            f"{len(run.opens)}",
            _s_stats(run.opens),
            _errors(run),
            met,
            f"{run.received_per_student / 1e6:.2f}",
            f"{run.cpu:.1f}" + ("" if plain else f" / {run.proxy_cpu:.1f}"),
            f"{run.driver_cpu:.1f}",
            "core 1 (server on core 0)" if driver else "shared (both cores)",
            f"{run.load_before:.1f} / {run.load_after:.1f}",
        ]
        print(f"    -> {done[k, run_no]}", flush=True)
    rows = [done[key] for key in sorted(done)]
    body = (
        f"Code served: {served_code()}. "
        f"Page `/{PAGE}`; the same example is `?{SAME}`, different seeds one "
        f"`?{SEEDED}` per student. Each student opens the lesson as Chromium's first visit "
        f"does: the page, the {n_files} files Chromium fetched (`benchmarks/"
        f'{FILES_FIXTURE.name}`; "HTML\'s": only the 61 the HTML names, the old '
        f"measure, for comparison), the health and host-config checks, the websocket, the "
        f"script run and the media; all arrive within {ARRIVAL_S:.0f} s; then each steps "
        f"for {TARGET_STEP_FOR_S:.0f} s (shortened from 30-60 s to keep the runs short: a "
        f"film step sends the server nothing). An opening gives up after "
        f"{OPEN_TIMEOUT_S:.0f} s. A fresh server for every run. Plain server: `streamlit "
        f"run` pinned to core 0 and the driver to core 1 with `taskset`. Nginx + 2 "
        f"replicas: as `make serve-replicas N=2` starts them (not pinned); with 2 cores "
        f"there is no core left, so the driver (one Python process), nginx and both "
        f'replicas share the 2 cores. "MB per student": what the driver received over '
        f'HTTP per opening (it accepts gzip and brotli as Chromium does). "load": the machine\'s '
        f"1-minute load average before / after the run.\n\n"
    )
    body += table(
        [
            "served by",
            "students",
            "files per opening",
            "run",
            "opened",
            "open s p50 / p95 / max",
            "errors",
            "target p95",
            "MB per student",
            "server CPU s (apps / nginx)",
            "driver CPU s",
            "driver on",
            "load before / after",
        ],
        rows,
    )
    write_section("load-targets", body)


PARTS = {
    "film": part_film,
    "threshold": part_threshold,
    "before": part_before,
    "replicas": part_replicas,
    "memory": part_memory,
    "soak": part_soak,
    "bytes": part_bytes,
    "targets": part_targets,
    "seeds": part_seeds,
}


def _interrupt(*_) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> None:
    global PAGE, SAME, SEEDED, FILES, RUNS, TARGET_STEP_FOR_S, SERVE_ROOT
    parser = argparse.ArgumentParser(
        description="Load benchmark: simulated students (127.0.0.1 only)."
    )
    parser.add_argument("--parts", default=",".join(PARTS), help=f"some of {', '.join(PARTS)}")
    parser.add_argument("--page", default=PAGE, help="the lesson's URL path")
    parser.add_argument("--same", default=SAME, help="query string: every student on one example")
    parser.add_argument(
        "--seeded", default=SEEDED, help="query string with {seed}: one per student"
    )
    parser.add_argument(
        "--files",
        choices=("browser", "html"),
        default=FILES,
        help="what an opening fetches: the recorded browser's set (default) or the HTML's",
    )
    parser.add_argument(
        "--record-files",
        action="store_true",
        help=f"record with Chromium what a first visit fetches into {FILES_FIXTURE.name}, "
        "then run --parts only if given",
    )
    parser.add_argument("--runs", type=int, default=RUNS, help="runs of each target row")
    parser.add_argument(
        "--serve", type=Path, default=ROOT, help="the checkout to serve (default: this one)"
    )
    parser.add_argument(
        "--target-step-for", type=float, default=TARGET_STEP_FOR_S, help="targets: stepping s"
    )
    args = parser.parse_args(argv)
    PAGE, SAME, SEEDED, FILES = args.page, args.same, args.seeded, args.files
    RUNS, TARGET_STEP_FOR_S, SERVE_ROOT = args.runs, args.target_step_for, args.serve.resolve()
    if args.record_files:
        record_files()
        if "--parts" not in (argv if argv is not None else sys.argv):
            return
    # `kill` or a CI timeout: unwind, so that servers, nginx and the worktree are removed.
    signal.signal(signal.SIGTERM, _interrupt)
    start = time.monotonic()
    for name in args.parts.split(","):
        PARTS[name.strip()]()
        print(f"   ({(time.monotonic() - start) / 60:.1f} minutes so far)", flush=True)


if __name__ == "__main__":
    main()
