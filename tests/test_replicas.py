"""Replicas that cannot be fooled (deploy/replicas.py), and the static files nginx serves.

* A port the replicas need (nginx's or a replica's) already taken: nothing starts, and
  the message names the port, who holds it and what to do.
* A server that answers /_stcore/health on a replica's port but is not the process the
  supervisor started never passes the health check.
* A replica that dies is marked down in nginx, started again and put back; if another
  server takes its port meanwhile, the replica moves and nginx never sends it a request.
* A hashed static file comes from nginx's precompressed copy, cached for a year.

Only 127.0.0.1 is used. The tests with nginx are skipped with a notice where nginx is
not installed (``make test`` installs it); under CI=true a missing nginx fails instead.
"""

from __future__ import annotations

import gzip
import http.server
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from deploy import replicas as rp
from deploy.replicas import NotOurs, PortTaken, Replicas
from tests.conftest import in_ci

#: A bound for waits that should take a few seconds (not a timing assertion).
PATIENCE_S = 120


class FakeStreamlit:
    """A stranger on a port: an HTTP server answering /_stcore/health with 200, counting hits."""

    def __init__(self, port: int = 0) -> None:
        hits = self.hits = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                hits.append(self.path)
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake():
    server = FakeStreamlit()
    yield server
    server.close()


def get(url: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return reply.status, {k.lower(): v for k, v in reply.headers.items()}, reply.read()


# ------------------------------------------------------------------ refusing to start
def test_a_taken_replica_port_refuses_to_start_and_says_what_to_do(fake):
    served = Replicas(1, app_ports=[fake.port])
    with pytest.raises(PortTaken) as refused:
        served.start()
    message = str(refused.value)
    assert f"port {fake.port} (replica 1's) is taken by pid {os.getpid()}" in message
    assert "Stop that process, or serve on other ports" in message
    assert served.app_pids == []  # nothing was started
    assert served.nginx is None
    assert fake.hits == []


def test_a_taken_nginx_port_refuses_to_start(fake):
    served = Replicas(1, port=fake.port)
    with pytest.raises(PortTaken, match=f"port {fake.port} \\(nginx's, where students"):
        served.start()
    assert served.app_pids == []


def test_make_serve_replicas_refuses_with_the_port_and_the_make_command(fake):
    # nginx's port is free, the first replica's (PORT+1) is the stranger's.
    while rp.listening_inodes(fake.port - 1):  # (nginx's must be free for this test)
        fake.close()
        fake.__init__()
    command = [sys.executable, "deploy/replicas.py", "--replicas", "2"]
    done = subprocess.run(
        [*command, "--port", str(fake.port - 1)],
        cwd=rp.ROOT,
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
    )
    assert done.returncode != 0
    assert f"replicas not started: port {fake.port} (replica 1's) is taken by" in done.stderr
    assert f"make serve-replicas PORT={fake.port + 999}" in done.stderr
    assert fake.hits == []


# ------------------------------------------------------------------ the health check
def test_a_stranger_answering_health_on_the_port_is_not_taken_for_the_replica(fake):
    url = f"http://127.0.0.1:{fake.port}"
    idle = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        rp.wait_healthy(url, idle, seconds=5)  # a health check alone is fooled ...
        with pytest.raises(NotOurs, match=f"port {fake.port} is answered by pid {os.getpid()}"):
            rp.wait_ours(idle, fake.port, url, seconds=5)  # ... this one is not
        assert not rp.is_ours(idle, fake.port)
    finally:
        idle.kill()
        idle.wait()


def test_a_port_is_ours_only_if_every_listener_is_ours():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert rp.owns_port([os.getpid()], port)
        assert not rp.owns_port([os.getppid()], port)
        assert rp.port_holders(port) == [os.getpid()]
    assert not rp.owns_port([os.getpid()], port)  # nothing listens any more


# ------------------------------------------------------------------ with nginx
@pytest.fixture(scope="module")
def served():
    """One replica behind nginx, for the tests below (each leaves it up)."""
    if not (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        message = "no nginx here: the replica tests are skipped (make test installs it)"
        if in_ci():
            pytest.fail(message.replace("are skipped", "cannot run under CI=true"))
        pytest.skip(message)
    with Replicas(1) as replicas:
        yield replicas
    shutil.rmtree(replicas.run_dir, ignore_errors=True)


def wait_until_up(replicas: Replicas) -> None:
    """Run the supervisor's checks until every replica is back in nginx."""
    deadline = time.monotonic() + PATIENCE_S
    while replicas.down:
        assert time.monotonic() < deadline, f"replicas {replicas.down} never came back"
        replicas.check()
        time.sleep(0.1)


def kill_replica(replicas: Replicas, i: int = 0) -> int:
    app = replicas.apps[i]
    os.kill(app.pid, signal.SIGKILL)
    app.wait()
    return app.pid


def test_a_hashed_static_file_is_served_precompressed_and_immutable(served):
    script = next(served.static.glob("js/index.*.js"))
    packed = script.with_name(script.name + ".gz")
    url = f"{served.url}/static/js/{script.name}"
    status, headers, body = get(url, {"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    # The very bytes of the file written at start (gzip per request would differ in
    # length or be chunked): nginx compressed nothing.
    assert body == packed.read_bytes()
    assert int(headers["content-length"]) == packed.stat().st_size
    assert gzip.decompress(body) == script.read_bytes()
    assert "Accept-Encoding" in headers["vary"]
    # A client without gzip gets the original, with the same lifetime.
    status, headers, body = get(url)
    assert "content-encoding" not in headers
    assert body == script.read_bytes()
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    # The precompressed files live outside site-packages.
    assert rp.streamlit_static() not in served.static.parents


def test_brotli_is_served_from_its_precompressed_file_where_nginx_has_the_module(served):
    if not served.brotli:
        pytest.skip("no brotli here (Debian: libnginx-mod-http-brotli-static and brotli)")
    script = next(served.static.glob("js/index.*.js"))
    url = f"{served.url}/static/js/{script.name}"
    status, headers, body = get(url, {"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert status == 200
    assert headers["content-encoding"] == "br"
    assert body == script.with_name(script.name + ".br").read_bytes()
    assert headers["cache-control"] == "public, max-age=31536000, immutable"


def test_a_killed_replica_is_restarted_and_served_again(served):
    port = served.app_ports[0]
    killed = kill_replica(served)
    served.check()
    assert served.down == {0}
    assert f"server 127.0.0.1:{port} down;" in (served.run_dir / "nginx.conf").read_text()
    wait_until_up(served)
    app = served.apps[0]
    assert app.pid != killed
    assert served.app_ports == [port]
    assert rp.is_ours(app, port)
    assert get(f"{served.url}/_stcore/health")[0] == 200
    assert "down;" not in (served.run_dir / "nginx.conf").read_text()


def test_a_port_taken_while_the_replica_is_down_never_gets_a_student(served):
    port = served.app_ports[0]
    kill_replica(served)
    stranger = FakeStreamlit(port)  # takes the dead replica's port at once
    try:
        served.check()
        assert served.app_ports[0] != port, "the replica was started on the stranger's port"
        config = (served.run_dir / "nginx.conf").read_text()
        assert f"127.0.0.1:{port}" not in config
        wait_until_up(served)
        assert rp.is_ours(served.apps[0], served.app_ports[0])
        for _ in range(20):
            assert get(f"{served.url}/_stcore/health")[0] == 200
        assert get(f"{served.url}/")[0] == 200
        assert stranger.hits == [], "nginx sent requests to a server it did not start"
    finally:
        stranger.close()


class Supervisor:
    """``make serve-replicas`` as a process (one replica), and what it has said so far."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.process = subprocess.Popen(
            [sys.executable, "-u", "deploy/replicas.py", "--replicas", "1", "--port", str(port)],
            cwd=rp.ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.said: list[str] = []

    def read_until(self, text: str) -> bool:
        """Whether it says ``text`` before it ends."""
        for line in self.process.stdout:
            self.said.append(line)
            if text in line:
                return True
        return False

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def started_supervisor(tries: int = 3) -> Supervisor:
    """A supervisor serving on free ports. The other test workers start servers on ports the
    system hands out too: one may take the replica's port (nginx's + 1) between the check
    and the start, which the supervisor refuses, naming it; then another port is tried."""
    for _ in range(tries):
        port = next(
            p for p in iter(rp.free_port, None) if p < 65535 and not rp.listening_inodes(p + 1)
        )
        supervisor = Supervisor(port)
        if supervisor.read_until("replicas behind nginx"):
            return supervisor
        supervisor.stop()
        if "is taken by another process" not in "".join(supervisor.said):
            break
    raise AssertionError(f"the supervisor did not start: {''.join(supervisor.said)}")


def test_the_supervisor_restarts_a_killed_replica_by_itself(served):
    # `make serve-replicas` as a process: its own watch loop notices and restarts.
    supervisor = started_supervisor()
    port = supervisor.port
    try:
        (replica,) = rp.port_holders(port + 1)
        os.kill(replica, signal.SIGKILL)
        assert supervisor.read_until(f"replica 1 is up again on port {port + 1}"), supervisor.said
        assert rp.port_holders(port + 1) != [replica]
        assert get(f"http://127.0.0.1:{port}/_stcore/health")[0] == 200
    finally:
        supervisor.stop()
    assert not rp.listening_inodes(port), "nginx outlived its supervisor"
    assert not rp.listening_inodes(port + 1), "the replica outlived its supervisor"
