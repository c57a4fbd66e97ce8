"""Two replicas behind nginx (deploy/): a lesson opens and steps through the proxy (its film
is fetched from the replica that holds its session); each browser keeps to one replica, and
browsers spread over both; a second lesson and a reload fetch no script again (nginx's
static files are immutable for a year; their sizes are measured in benchmarks/bench_load.py);
a film a replica made is served again from nginx's copy.

Skipped, with a notice, where nginx is not installed (``make test`` installs it with
apt-get); under CI=true a missing nginx fails instead.
"""

import os
import re
import shutil
import time
import urllib.parse
import urllib.request

import pytest

from deploy.replicas import Replicas
from tests.app.film_browser import press, sentence, shown_step, wait_for_player
from tests.app.lesson_films import page_film_ids
from tests.app.test_browser import assert_clean
from tests.conftest import in_ci

pytestmark = pytest.mark.browser

#: Browsers (cookies) sent through nginx; all on one replica by chance: 2 in 2**20.
BROWSERS = 20


@pytest.fixture(scope="module")
def replicas():
    """Two app processes and nginx in front of them, for this file's tests."""
    if not (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        message = "no nginx here: the replica test is skipped (make test installs it)"
        if in_ci():
            pytest.fail(message.replace("is skipped", "cannot run under CI=true"))
        pytest.skip(message)
    with Replicas(2) as served:
        yield served


def active_sessions(port: int) -> int:
    """How many browsers are connected to the app process on ``port`` (its own metrics)."""
    url = f"http://127.0.0.1:{port}/_stcore/metrics?families=active_sessions"
    with urllib.request.urlopen(url, timeout=10) as reply:
        text = reply.read().decode()
    return int(float(re.search(r"^active_sessions (\S+)", text, re.MULTILINE).group(1)))


def wait_for_sessions(replicas, counts: list[int], seconds: float = 10) -> None:
    """Wait until the replicas' connected browsers are ``counts`` again."""
    deadline = time.monotonic() + seconds
    while (now := [active_sessions(port) for port in replicas.app_ports]) != counts:
        assert time.monotonic() < deadline, f"the replicas never went back to {counts}: {now}"
        time.sleep(0.05)


def test_a_lesson_opens_and_steps_through_nginx(page, replicas):
    page.goto(f"{replicas.url}/game-trees?tree=Random+tree&seed=3")
    wait_for_player(page, timeout=180_000)  # a cold replica builds the film first
    assert shown_step(page) == 0
    first = sentence(page)
    press(page, "forward")
    assert shown_step(page) == 1
    assert sentence(page) != first
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 2
    press(page, "back")
    assert shown_step(page) == 1
    assert "search_viz_replica" in {cookie["name"] for cookie in page.context.cookies()}
    page.reload()  # the same browser comes back to the same replica
    wait_for_player(page)
    assert shown_step(page) == 1  # from the link's ?step=
    assert_clean(page)


def test_each_browser_keeps_to_one_replica_and_browsers_spread_over_both(replicas):
    # Browsers as nginx sees them: a first request gets the cookie, the websocket sends it.
    from websockets.sync.client import connect

    # the browser of the test before has gone (its server sees it go a little later, more
    # so on a loaded machine): otherwise its leaving would look like one of these browsers'
    wait_for_sessions(replicas, [0] * len(replicas.app_ports), seconds=60)
    homes = []
    for _ in range(BROWSERS):
        with urllib.request.urlopen(f"{replicas.url}/", timeout=10) as reply:
            cookie = reply.headers["Set-Cookie"].split(";", 1)[0]
        visits = []
        for _ in range(2):  # the same browser, twice: the same replica
            before = [active_sessions(port) for port in replicas.app_ports]
            url = f"ws://127.0.0.1:{replicas.port}/_stcore/stream"
            with connect(url, subprotocols=["streamlit"], additional_headers={"Cookie": cookie}):
                after = [active_sessions(port) for port in replicas.app_ports]
            wait_for_sessions(replicas, before)  # the server has seen this one go
            gained = [i for i, (a, b) in enumerate(zip(after, before, strict=True)) if a > b]
            assert len(gained) == 1, (before, after)
            visits.append(gained[0])
        assert visits[0] == visits[1], f"{cookie} went to replicas {visits}"
        homes.append(visits[0])
    assert set(homes) == {0, 1}, f"every browser on one replica: {homes}"


class Network:
    """What a page fetched over the network (Chrome DevTools), not from the browser's cache."""

    def __init__(self, page) -> None:
        self.seen: dict[str, tuple[str, str, dict]] = {}
        self.requests: list[tuple[str, str, dict, int]] = []  # url, type, headers, bytes
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)

    def _response(self, event) -> None:
        response = event["response"]
        if not response["url"].startswith("http"):
            return  # blob: and data: URLs: made in the page, never fetched
        headers = {k.lower(): v for k, v in response["headers"].items()}
        headers[":status"] = str(response["status"])
        self.seen[event["requestId"]] = (response["url"], event["type"], headers)

    def _finished(self, event) -> None:
        if event["requestId"] in self.seen:
            url, kind, headers = self.seen[event["requestId"]]
            self.requests.append((url, kind, headers, event["encodedDataLength"]))

    def scripts(self, *, over_network: bool) -> list[str]:
        """The scripts loaded, over the network or from the cache."""
        return [
            url
            for url, kind, _, size in self.requests
            if kind == "Script" and (size > 0) == over_network
        ]


def drawn(page) -> None:
    page.locator('[data-testid="stMain"]').wait_for(timeout=180_000)
    page.locator('[data-testid="stStatusWidget"]').wait_for(state="hidden", timeout=180_000)
    page.wait_for_load_state("networkidle")


def test_a_second_lesson_and_a_reload_fetch_no_script_again(page, replicas):
    network = Network(page)
    page.goto(f"{replicas.url}/game-trees?tree=Random+tree&seed=1")
    wait_for_player(page, timeout=180_000)
    drawn(page)
    first = network.scripts(over_network=True)
    assert len(first) > 60, f"a first visit fetched only {len(first)} scripts"
    for url, kind, headers, _ in network.requests:
        if kind == "Script":
            assert headers.get("content-encoding") in ("gzip", "br"), url
            assert "immutable" in headers.get("cache-control", ""), url
    network.requests.clear()
    page.goto(f"{replicas.url}/uninformed-search")
    drawn(page)
    assert network.scripts(over_network=False), "the second lesson loaded no script at all"
    # Streamlit loads the script of a kind of element the first time a page shows one (the
    # game-trees page opens with no picture, the uninformed page's iteration chart is one):
    # those come once; a script the first visit fetched never comes again.
    new = network.scripts(over_network=True)
    again = set(new) & set(first)
    assert again == set(), f"a second lesson fetched scripts again: {sorted(again)}"
    assert len(new) <= 3, f"a second lesson fetched {len(new)} scripts: {new}"
    seen = set(first) | set(network.scripts(over_network=False)) | set(new)
    network.requests.clear()
    page.reload()
    drawn(page)
    # a part of the page shown for the first time (a spinner) may fetch its own script once
    again = set(network.scripts(over_network=True)) & seen
    assert again == set(), f"a reload fetched scripts again: {sorted(again)}"
    assert_clean(page)


def test_a_film_asked_for_again_comes_from_nginxs_copy(browser, replicas):
    """Two browsers (two cookies) open one example: the second's films and pictures are
    nginx's copies of the first's (the same bytes: the same film), and both may keep them."""
    seen = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            network = Network(page)
            page.goto(f"{replicas.url}/game-trees?tree=Random+tree&seed=7")
            wait_for_player(page, timeout=180_000)
            drawn(page)
            media = {  # the app's media files (not Streamlit's fonts in /static/media/)
                path: headers
                for url, _, headers, _ in network.requests
                if (path := urllib.parse.urlsplit(url).path).startswith("/media/")
            }
            seen.append((page_film_ids(page), media))
        finally:
            context.close()
    (first_films, first), (second_films, second) = seen
    assert second_films == first_films
    assert first
    assert set(second) == set(first)
    # every file was there to fetch (a 404, not kept by nginx, would make the next a MISS)
    assert {h[":status"] for h in [*first.values(), *second.values()]} == {"200"}
    assert {h["x-cache-status"] for h in first.values()} <= {"MISS", "HIT"}
    assert {h["x-cache-status"] for h in second.values()} == {"HIT"}, second
    for headers in [*first.values(), *second.values()]:
        assert headers["cache-control"] == "public, max-age=31536000, immutable"
