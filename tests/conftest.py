"""Shared test set-up: hypothesis settings and the browser fixtures."""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections import deque
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from streamlit.components.v2 import manifest_scanner

# Streamlit scripts run by AppTest, not modules for pytest (or its doctests) to import.
collect_ignore_glob = ["app/*_app.py"]

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Each new AppTest scans every installed package's metadata for Streamlit components
# (about 0.3 s; the suite makes over a thousand AppTests). The installed packages do not
# change while the tests run, so one scan per test process answers them all.
manifest_scanner.scan_component_manifests = functools.cache(
    manifest_scanner.scan_component_manifests
)

# The replicas' tests check that nginx serves precompressed static files, not how small
# brotli's highest level makes them (half a minute of CPU on a clean clone): a low level.
os.environ.setdefault("SEARCH_VIZ_BROTLI_QUALITY", "5")

# Property tests run without deadlines: CI machines are slow and shared.
settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=100
)
settings.load_profile("default")


#: No input hangs (issue 13): one parser or constructor call returns within this many
#: seconds. A bound for hangs, not a speed target: the calls take milliseconds (speed is
#: measured in benchmarks/). Page runs are bounded by pytest's timeout instead.
HANG_SECONDS = 5


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's Chromium, or a skip (a failure under CI=true, where it must be there)."""
    path = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if path is None:
        message = "no Chromium at /usr/bin/chromium: browser tests skipped (make test installs it)"
        if in_ci():
            pytest.fail(message.replace("skipped", "cannot run under CI=true"))
        pytest.skip(message)
    return path


def start_app(script: str = "streamlit_app.py", root: Path = ROOT) -> tuple[subprocess.Popen, str]:
    """Start ``streamlit run script`` (in ``root``) on a free port; return the process and URL."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            script,
            "--server.headless=true",
            "--server.address=127.0.0.1",
            f"--server.port={port}",
            "--browser.gatherUsageStats=false",
            "--server.fileWatcherType=none",
        ],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as reply:
                if reply.status == 200:
                    return process, url
        except OSError:
            time.sleep(0.2)
    process.kill()
    output = process.stdout.read().decode(errors="replace") if process.stdout else ""
    raise RuntimeError(f"streamlit did not start within 60 s:\n{output}")


@pytest.fixture(scope="session")
def app_url():
    """The app, served for the whole test session; each test sees it as a visitor would."""
    process, url = start_app()
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def film_url():
    """``tests/app/film_app.py`` (the demo film, New problem, compare mode), served for the
    player's own browser tests."""
    process, url = start_app("tests/app/film_app.py")
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def browser(chromium_path):
    """Headless Chromium driven by Playwright (never `playwright install`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


def is_base_path_probe(message) -> bool:
    """A 404 from Streamlit's frontend looking for a base path under a page's own URL.

    Opened at ``/<page>``, the frontend first asks ``/<page>/_stcore/health`` and
    ``/<page>/_stcore/host-config``; the 404s are expected and harmless.
    """
    url = (message.location or {}).get("url", "")
    return url.endswith(("/_stcore/health", "/_stcore/host-config"))


#: How many of a page's last console messages a failed browser test reports.
CONSOLE_KEPT = 40


@pytest.fixture
def page(browser):
    """A fresh page at a laptop-sized viewport, collecting console errors (and its last
    console messages, which a failed test reports with the page's state)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.console_errors = []
    page.console_recent = deque(maxlen=CONSOLE_KEPT)

    def heard(message) -> None:
        page.console_recent.append(message.text[:300])
        if message.type == "error" and not is_base_path_probe(message):
            page.console_errors.append(message.text)

    page.on("console", heard)
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    yield page
    context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that fails reports what its page showed then: a flaky failure on a
    shared CI machine is otherwise a timeout and nothing more."""
    report = yield
    page = getattr(item, "funcargs", {}).get("page")
    # a Playwright page (some tests take a lesson's path under that name)
    if report.when == "call" and report.failed and callable(getattr(page, "locator", None)):
        report.sections.append(("the page when the test failed", page_at_failure(page)))
    return report


def page_at_failure(page) -> str:
    """The page's link, console errors and last console messages, and each player's films,
    step and edit status (read with short timeouts: the page may be stuck)."""
    lines = [f"url: {page.url}", f"console errors: {getattr(page, 'console_errors', [])}"]
    with contextlib.suppress(Exception):
        for i in range(page.locator(".svp").count()):
            player = page.locator(".svp").nth(i)
            films = player.get_attribute("data-films", timeout=2000)
            count = player.locator(".svp-count").first.inner_text(timeout=2000)
            status = player.locator(".svp-edit-status")
            said = status.inner_text(timeout=2000) if status.count() else ""
            kind = status.get_attribute("class", timeout=2000) if status.count() else ""
            toggle = player.locator(".svp-edit-toggle")
            editing = toggle.get_attribute("aria-pressed", timeout=2000) if toggle.count() else ""
            lines.append(
                f"player {i}: films {films}; {count!r}; editing {editing}; "
                f"edit status {said!r} ({kind})"
            )
    lines.append("last console messages:")
    lines += [f"  {text}" for text in getattr(page, "console_recent", [])]
    return "\n".join(lines)
