"""Serve the app as N identical processes behind nginx, with sticky sessions.

``make serve-replicas N=2`` runs ``python deploy/replicas.py --replicas 2``: N Streamlit
processes on 127.0.0.1 (ports PORT+1 .. PORT+N) and nginx on PORT in front of them
(``deploy/nginx.conf``: the websocket upgrade, a cookie that keeps each browser on one
replica, Streamlit's static files served by nginx). Ctrl-C, or ``make stop-replicas``
(``--stop``), stops nginx and every replica. A replica that dies is started again.

Each replica is a whole app with its own caches: a film built in one is built again
in another, and a student stays on the replica that served the page.

From Python (the load benchmark and the browser test do this)::

    with Replicas(2) as served:
        print(served.url)       # nginx, e.g. http://127.0.0.1:41234
        print(served.app_pids)  # the Streamlit processes
"""

from __future__ import annotations

import argparse
import contextlib
import getpass
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).with_name("nginx.conf")
#: Restarts of one replica allowed per minute before the supervisor gives up on it.
MAX_RESTARTS_PER_MINUTE = 3


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def streamlit_static() -> Path:
    """The ``static`` folder of the installed streamlit (its scripts, fonts, index.html)."""
    import streamlit

    return Path(streamlit.__file__).parent / "static"


def nginx_binary() -> str:
    """nginx's path, or an error saying how to install it."""
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None
    )
    if found is None:
        raise SystemExit("nginx is not installed: `make nginx-deps` (apt-get install nginx).")
    return found


def nginx_config(listen: str, app_ports: list[int], run_dir: Path) -> str:
    """deploy/nginx.conf with its @...@ parts filled in.

    >>> text = nginx_config("127.0.0.1:8080", [8081, 8082], Path("/tmp/x"))
    >>> "server 127.0.0.1:8082 max_fails=1 fail_timeout=5s;" in text, "@SERVERS@" in text
    (True, False)
    """
    servers = "\n".join(
        f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;" for port in app_ports
    )
    # Started as root, nginx runs its workers as "nobody", who cannot read a checkout in a
    # private folder (`mktemp -d`); they run as the account that started the app instead.
    user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
    text = TEMPLATE.read_text()
    for name, value in {
        "@USER@": user,
        "@RUN@": str(run_dir),
        "@LISTEN@": listen,
        "@STATIC@": str(streamlit_static()),
        "@SERVERS@": servers,
    }.items():
        text = text.replace(name, value)
    return text


def wait_healthy(
    url: str, process: subprocess.Popen, seconds: float = 90, log: Path | None = None
) -> None:
    """Wait until the server at ``url`` answers /_stcore/health; raise if ``process`` exits
    first (quoting the end of its ``log``, if given) or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = f": {log.read_text()[-2000:]}" if log is not None else ""
            raise RuntimeError(f"{process.args[0]} exited with {process.returncode}{said}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer /_stcore/health within {seconds:.0f} s")


class Replicas:
    """N app processes and nginx in front of them; a context manager that stops them all.

    ``port``: where nginx listens (a free one if None); the apps take ``app_ports`` (free
    ones if None). ``cpus``: pin replica i to core ``cpus[i % len(cpus)]`` (the benchmark
    gives each replica a core). ``root``: the checkout to serve.
    """

    def __init__(
        self,
        n: int,
        *,
        port: int | None = None,
        address: str = "127.0.0.1",
        app_ports: list[int] | None = None,
        cpus: list[int] | None = None,
        root: Path = ROOT,
        run_dir: Path | None = None,
    ) -> None:
        if n < 1:
            raise ValueError(f"at least one replica, not {n}")
        self.n = n
        self.port = port or free_port()
        self.address = address
        self.app_ports = app_ports or [free_port() for _ in range(n)]
        self.cpus = cpus
        self.root = root
        self.run_dir = run_dir or Path(tempfile.gettempdir()) / f"search_viz-replicas-{self.port}"
        self.secret = secrets.token_hex(16)  # one cookie secret: any replica accepts the cookies
        self.apps: list[subprocess.Popen | None] = [None] * n
        self.nginx: subprocess.Popen | None = None
        self._restarts: list[list[float]] = [[] for _ in range(n)]

    @property
    def url(self) -> str:
        """Where students go (nginx)."""
        host = "127.0.0.1" if self.address in ("0.0.0.0", "") else self.address
        return f"http://{host}:{self.port}"

    @property
    def app_pids(self) -> list[int]:
        return [app.pid for app in self.apps if app is not None]

    @property
    def nginx_pid(self) -> int | None:
        return self.nginx.pid if self.nginx else None

    def __enter__(self) -> Replicas:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        """Start the replicas, wait until each answers, then start nginx and wait for it."""
        self.run_dir.mkdir(parents=True, exist_ok=True)
        try:
            for i in range(self.n):
                self._start_app(i)
            for i, app in enumerate(self.apps):
                wait_healthy(f"http://127.0.0.1:{self.app_ports[i]}", app)
            config = self.run_dir / "nginx.conf"
            config.write_text(
                nginx_config(f"{self.address}:{self.port}", self.app_ports, self.run_dir)
            )
            self.nginx = subprocess.Popen(
                [
                    nginx_binary(),
                    "-p",
                    str(self.run_dir),
                    "-c",
                    str(config),
                    "-e",
                    str(self.run_dir / "nginx-error.log"),
                    "-g",
                    "daemon off;",
                ],
                stdout=subprocess.DEVNULL,
                stderr=open(self.run_dir / "nginx-stderr.log", "ab"),  # noqa: SIM115
                start_new_session=True,  # Ctrl-C reaches the supervisor, which stops it
            )
            wait_healthy(self.url, self.nginx)
        except BaseException:
            self.stop()
            raise

    def _start_app(self, i: int) -> None:
        cpu = None if not self.cpus else self.cpus[i % len(self.cpus)]
        log = open(self.run_dir / f"replica-{i + 1}.log", "ab")  # noqa: SIM115
        self.apps[i] = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                "streamlit_app.py",
                "--server.headless=true",
                "--server.address=127.0.0.1",
                f"--server.port={self.app_ports[i]}",
                "--browser.gatherUsageStats=false",
                "--server.fileWatcherType=none",
            ],
            cwd=self.root,
            env={**os.environ, "STREAMLIT_SERVER_COOKIE_SECRET": self.secret},
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=None if cpu is None else (lambda: os.sched_setaffinity(0, {cpu})),
            start_new_session=True,
        )

    def watch(self) -> None:
        """Restart a replica that exits (at most 3 times a minute); return if nginx exits."""
        while self.nginx is not None and self.nginx.poll() is None:
            for i, app in enumerate(self.apps):
                if app is not None and app.poll() is not None:
                    now = time.monotonic()
                    recent = [t for t in self._restarts[i] if now - t < 60]
                    self._restarts[i] = [*recent, now]
                    if len(recent) >= MAX_RESTARTS_PER_MINUTE:
                        print(f"replica {i + 1} keeps exiting: not restarted (see its log)")
                        self.apps[i] = None
                        continue
                    print(f"replica {i + 1} exited ({app.returncode}): starting it again")
                    self._start_app(i)
            time.sleep(1)

    def stop(self) -> None:
        """Stop nginx, then every replica (SIGTERM, then SIGKILL after 10 s)."""
        processes = [self.nginx, *self.apps]
        for process in processes:
            if process is not None and process.poll() is None:
                process.terminate()
        for process in processes:
            if process is None:
                continue
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.nginx = None
        self.apps = [None] * self.n


def _pid_file(port: int) -> Path:
    return Path(tempfile.gettempdir()) / f"search_viz-replicas-{port}.pid"


def stop_running(port: int) -> None:
    """Stop the replicas started by ``replicas.py --port PORT`` (SIGTERM to its supervisor)."""
    pid_file = _pid_file(port)
    if not pid_file.exists():
        print(f"no replicas running on port {port} ({pid_file} is missing)")
        return
    pid = int(pid_file.read_text())
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        command = b""
    if b"replicas.py" not in command:
        print(f"process {pid} is not the replicas' supervisor any more; removing {pid_file}")
        pid_file.unlink()
        return
    os.kill(pid, signal.SIGTERM)
    for _ in range(150):
        if not Path(f"/proc/{pid}").exists():
            break
        time.sleep(0.1)
    print(f"stopped the replicas on port {port}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replicas", type=int, default=2, help="app processes (default 2)")
    parser.add_argument("--port", type=int, default=8501, help="nginx's port (default 8501)")
    parser.add_argument(
        "--address", default="127.0.0.1", help="nginx's address (default 127.0.0.1)"
    )
    parser.add_argument("--pin", action="store_true", help="pin replica i to core i (Linux)")
    parser.add_argument("--stop", action="store_true", help="stop the replicas on --port")
    args = parser.parse_args(argv)
    if args.stop:
        stop_running(args.port)
        return
    cpus = list(range(os.cpu_count() or 1)) if args.pin else None
    served = Replicas(
        args.replicas,
        port=args.port,
        address=args.address,
        app_ports=[args.port + 1 + i for i in range(args.replicas)],
        cpus=cpus,
    )
    pid_file = _pid_file(args.port)

    def finish(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, finish)
    try:
        served.start()
        pid_file.write_text(str(os.getpid()))
        print(f"{args.replicas} replicas behind nginx: {served.url}")
        print("Ctrl-C (or `make stop-replicas` elsewhere) stops them")
        print(f"logs: {served.run_dir}")
        served.watch()
        print("nginx exited: stopping the replicas")
    except KeyboardInterrupt:
        print("\nstopping nginx and the replicas")
    finally:
        served.stop()
        with contextlib.suppress(FileNotFoundError):
            pid_file.unlink()


if __name__ == "__main__":
    main()
