"""Serve the app as N identical processes behind nginx, with sticky sessions.

``make serve-replicas N=2`` runs ``python deploy/replicas.py --replicas 2``: N Streamlit
processes on 127.0.0.1 (ports PORT+1 .. PORT+N) and nginx on PORT in front of them
(``deploy/nginx.conf``: the websocket upgrade, a cookie that keeps each browser on one
replica, Streamlit's static files served by nginx, precompressed once here and cached by
browsers for a year). Ctrl-C, or ``make stop-replicas`` (``--stop``), stops nginx and
every replica.

It cannot be fooled by a server it did not start:

* it refuses to start when a port it needs is taken, naming the port, who holds it and
  what to do (:class:`PortTaken`);
* a replica (and nginx) counts as up only when the process it started is alive and
  every socket listening on its port is that process's own (read from ``/proc``), and
  then answers ``/_stcore/health``;
* a replica that dies is marked ``down`` in nginx at once (nginx reloads), started again
  (on another free port if a stranger took its own meanwhile) and put back only once it
  is proven to be ours. So nginx never sends a student to a server it did not start.

Each replica is a whole app with its own caches: a film built in one is built again
in another, and a student stays on the replica that served the page.

From Python (the load benchmark and the tests do this)::

    with Replicas(2) as served:
        print(served.url)       # nginx, e.g. http://127.0.0.1:41234
        print(served.app_pids)  # the Streamlit processes
"""

from __future__ import annotations

import argparse
import contextlib
import getpass
import gzip
import hashlib
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
#: Seconds a (re)started replica has to prove it is up before it counts as failed.
START_SECONDS = 90.0
#: Seconds between two checks that a running replica still holds its port alone (reading
#: /proc costs a little under load); whether it is alive is checked every 0.2 s.
OWNERSHIP_EVERY_S = 5.0
#: Static files worth compressing (fonts, images and woff2 are compressed already).
COMPRESSIBLE = (".js", ".mjs", ".css", ".json", ".svg", ".html", ".txt", ".map", ".ttf")
#: nginx's brotli module from Debian (``libnginx-mod-http-brotli-static``), if installed.
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
#: brotli's level for the precompressed static files: the highest, 11 (about half a minute
#: of CPU, once per installed streamlit, for files 8% smaller than at 9). The test suite
#: sets a low one in ``SEARCH_VIZ_BROTLI_QUALITY``: it checks that nginx serves the files,
#: not how small they are, and a clean clone would otherwise pay that half minute.
BROTLI_QUALITY = int(os.environ.get("SEARCH_VIZ_BROTLI_QUALITY", "11"))


class PortTaken(RuntimeError):
    """A port the replicas need is held by another process; the message says what to do."""


class NotOurs(RuntimeError):
    """A port is answered by a process the supervisor did not start."""


# ------------------------------------------------------------------ ports and sockets
def free_port() -> int:
    """A TCP port free on 127.0.0.1 now.

    >>> 1024 <= free_port() < 65536
    True
    """
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening_inodes(port: int) -> set[int]:
    """The inodes of every TCP socket (IPv4 or IPv6, any address) listening on ``port``.

    Read from ``/proc/net/tcp`` and ``/proc/net/tcp6`` (Linux).

    >>> with socket.socket() as s:
    ...     s.bind(("127.0.0.1", 0)); s.listen()
    ...     len(listening_inodes(s.getsockname()[1]))
    1
    """
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                local, state, inode = fields[1], fields[3], int(fields[9])
                if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port and inode:
                    found.add(inode)
    return found


def socket_inodes(pid: int) -> set[int]:
    """The inodes of the sockets process ``pid`` holds open (empty if it is gone or hidden).

    >>> with socket.socket() as s:
    ...     os.fstat(s.fileno()).st_ino in socket_inodes(os.getpid())
    True
    """
    found = set()
    with contextlib.suppress(FileNotFoundError, ProcessLookupError, PermissionError):
        for fd in os.scandir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = os.readlink(fd.path)
                if target.startswith("socket:["):
                    found.add(int(target[8:-1]))
    return found


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (nginx's workers, for its master).

    >>> child = subprocess.Popen(["sleep", "5"])
    >>> child.pid in children(os.getpid())
    True
    >>> child.kill(); child.wait()
    -9
    """
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = Path(entry.path, "stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def port_holders(port: int) -> list[int]:
    """The processes holding a socket that listens on ``port`` (all of /proc searched).

    >>> with socket.socket() as s:
    ...     s.bind(("127.0.0.1", 0)); s.listen()
    ...     port_holders(s.getsockname()[1]) == [os.getpid()]
    True
    """
    inodes = listening_inodes(port)
    if not inodes:
        return []
    return sorted(
        int(entry.name)
        for entry in os.scandir("/proc")
        if entry.name.isdigit() and socket_inodes(int(entry.name)) & inodes
    )


def describe(pid: int) -> str:
    """``pid 123 (its command line)``, shortened, for messages.

    >>> describe(os.getpid()).startswith(f"pid {os.getpid()} (")
    True
    """
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return f"pid {pid}"
    command = command.strip()
    return f"pid {pid} ({command[:120]}{'...' if len(command) > 120 else ''})"


def holders_text(port: int) -> str:
    """Who listens on ``port``, in words.

    >>> holders_text(free_port())
    'another process (not visible from here)'
    """
    pids = port_holders(port)
    if not pids:
        return "another process (not visible from here)"
    return ", ".join(describe(pid) for pid in pids[:3])


def owns_port(pids: list[int], port: int) -> bool:
    """True if something listens on ``port`` and every such socket belongs to ``pids``.

    >>> with socket.socket() as s:
    ...     s.bind(("127.0.0.1", 0)); s.listen()
    ...     port = s.getsockname()[1]
    ...     owns_port([os.getpid()], port), owns_port([1], port)
    (True, False)
    """
    inodes = listening_inodes(port)
    if not inodes:
        return False
    ours = set().union(*(socket_inodes(pid) for pid in pids))
    return inodes <= ours


def check_port_free(address: str, port: int, role: str, *, hint: str = "") -> None:
    """Raise :class:`PortTaken` if ``address:port`` cannot be bound now (``role`` names it).

    >>> with socket.socket() as s:
    ...     s.bind(("127.0.0.1", 0)); s.listen()
    ...     try:
    ...         check_port_free("127.0.0.1", s.getsockname()[1], "nginx's")
    ...     except PortTaken as taken:
    ...         print(f"(nginx's) is taken by pid {os.getpid()}" in str(taken))
    True
    """
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as nginx and Streamlit do
        try:
            s.bind((address or "0.0.0.0", port))
        except OSError as error:
            raise PortTaken(
                f"port {port} ({role}) is taken by {holders_text(port)} [{error.strerror}]. "
                f"Stop that process, or serve on other ports{hint}."
            ) from None


# ------------------------------------------------------------------ static files
def streamlit_static() -> Path:
    """The ``static`` folder of the installed streamlit (its scripts, fonts, index.html).

    >>> (streamlit_static() / "index.html").exists()
    True
    """
    import streamlit

    return Path(streamlit.__file__).parent / "static"


def brotli_compressor():
    """A function compressing bytes with brotli, or None (no ``brotli`` module or tool).

    >>> pack = brotli_compressor()
    >>> pack is None or len(pack(b"a" * 1000)) < 100
    True
    """
    with contextlib.suppress(ImportError):
        import brotli  # type: ignore[import-not-found]

        return lambda data: brotli.compress(data, quality=BROTLI_QUALITY)
    tool = shutil.which("brotli")
    if tool is None:
        return None
    return lambda data: (
        subprocess.run(
            [tool, "-c", "-q", str(BROTLI_QUALITY)], input=data, capture_output=True, check=True
        ).stdout
    )


def use_brotli() -> bool:
    """Whether nginx can serve ``.br`` files here: Debian's module and a compressor present.

    >>> use_brotli() in (True, False)
    True
    """
    return BROTLI_MODULE.exists() and brotli_compressor() is not None


def precompressed_static(source: Path | None = None, folder: Path | None = None) -> Path:
    """A folder mirroring Streamlit's ``static/static`` with a ``.gz`` (and a ``.br`` when
    nginx has brotli) beside every compressible file, for nginx's ``gzip_static``.

    Written once per installed streamlit (its version and path name the folder, under
    the temporary folder, not inside site-packages), at gzip's highest level and brotli's
    :data:`BROTLI_QUALITY`; the originals are symbolic links. Built
    in a scratch folder and renamed into place, so a half-written one is never used.

    >>> folder = precompressed_static()
    >>> js = next(folder.glob("js/index.*.js"))
    >>> js.with_name(js.name + ".gz").exists()
    True
    """
    from concurrent.futures import ThreadPoolExecutor

    import streamlit

    source = source or streamlit_static() / "static"
    brotli = brotli_compressor() if use_brotli() else None
    if folder is None:
        key = hashlib.sha256(str(source.resolve()).encode()).hexdigest()[:10]
        name = f"search_viz-static-{streamlit.__version__}-{key}-{os.geteuid()}"
        folder = Path(tempfile.gettempdir()) / (name + (f"-br{BROTLI_QUALITY}" if brotli else ""))
    stamp = f"{source.resolve()} brotli={BROTLI_QUALITY if brotli else None}\n"
    if (folder / ".complete").exists() and (folder / ".complete").read_text() == stamp:
        return folder
    print(f"compressing Streamlit's static files once, into {folder}", flush=True)
    scratch = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=folder.parent))

    def one(path: Path) -> None:
        target = scratch / path.relative_to(source)
        target.symlink_to(path.resolve())
        if path.suffix not in COMPRESSIBLE:
            return
        data = path.read_bytes()
        stat = path.stat()
        packed = {".gz": lambda: gzip.compress(data, 9, mtime=0)}
        if brotli is not None:
            packed[".br"] = lambda: brotli(data)
        for suffix, pack in packed.items():
            body = pack()
            if len(body) < len(data):
                out = target.with_name(target.name + suffix)
                out.write_bytes(body)
                os.utime(out, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # nginx's Last-Modified

    files = [path for path in sorted(source.rglob("*")) if path.is_file()]
    for path in files:
        (scratch / path.relative_to(source)).parent.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:  # zlib and brotli's tool run apart
        list(pool.map(one, files))
    (scratch / ".complete").write_text(stamp)
    os.chmod(scratch, 0o755)  # mkdtemp makes it private; nginx's workers must read it
    if folder.exists():  # a half-written one (no stamp): never served
        shutil.rmtree(folder, ignore_errors=True)
    try:
        os.rename(scratch, folder)
    except OSError:  # another start put one there meanwhile: use it
        shutil.rmtree(scratch, ignore_errors=True)
    return folder


# ------------------------------------------------------------------ nginx
def nginx_binary() -> str:
    """nginx's path, or an error saying how to install it.

    >>> nginx_binary().endswith("nginx")  # doctest: +SKIP
    True
    """
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None
    )
    if found is None:
        raise SystemExit("nginx is not installed: `make nginx-deps` (apt-get install nginx).")
    return found


def nginx_config(
    listen: str,
    app_ports: list[int],
    run_dir: Path,
    *,
    static: Path | None = None,
    down: set[int] = frozenset(),
    brotli: bool = False,
) -> str:
    """deploy/nginx.conf with its @...@ parts filled in; the replicas at the indices in
    ``down`` are marked ``down`` (nginx sends them nobody).

    >>> text = nginx_config("127.0.0.1:8080", [8081, 8082], Path("/tmp/x"),
    ...                     static=Path("/s"), down={0})
    >>> "server 127.0.0.1:8082 max_fails=1 fail_timeout=5s;" in text, "@SERVERS@" in text
    (True, False)
    >>> "server 127.0.0.1:8081 down;" in text
    True
    """
    servers = "\n".join(
        f"        server 127.0.0.1:{port} down;"
        if i in down
        else f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;"
        for i, port in enumerate(app_ports)
    )
    # Started as root, nginx runs its workers as "nobody", who cannot read a checkout in a
    # private folder (`mktemp -d`); they run as the account that started the app instead.
    user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
    text = TEMPLATE.read_text()
    for name, value in {
        "@USER@": user,
        "@MODULES@": f"load_module {BROTLI_MODULE};" if brotli else "",
        "@BROTLI@": "brotli_static on;" if brotli else "",
        "@RUN@": str(run_dir),
        "@LISTEN@": listen,
        "@STATIC@": str(static or streamlit_static() / "static"),
        "@SERVERS@": servers,
    }.items():
        text = text.replace(name, value)
    return text


# ------------------------------------------------------------------ health
def wait_healthy(
    url: str, process: subprocess.Popen, seconds: float = 90, log: Path | None = None
) -> None:
    """Wait until the server at ``url`` answers /_stcore/health; raise if ``process`` exits
    first (quoting the end of its ``log``, if given) or ``seconds`` pass.

    This alone does not prove that ``process`` answered: see :func:`wait_ours`.

    Example: ``wait_healthy("http://127.0.0.1:8502", process, seconds=30)``.
    """
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        _check_alive(process, log)
        if _healthy(url):
            return
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer /_stcore/health within {seconds:.0f} s")


def _check_alive(process: subprocess.Popen, log: Path | None) -> None:
    if process.poll() is not None:
        said = f": {log.read_text()[-2000:]}" if log is not None and log.exists() else ""
        raise RuntimeError(f"{process.args[0]} exited with {process.returncode}{said}")


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
            return reply.status == 200
    except OSError:
        return False


def is_ours(process: subprocess.Popen, port: int, *, with_children: bool = False) -> bool:
    """``process`` is alive and every socket listening on ``port`` is its own (or, with
    ``with_children``, its children's: nginx's workers).

    >>> idle = subprocess.Popen(["sleep", "5"])
    >>> is_ours(idle, free_port())  # alive, but it listens nowhere
    False
    >>> idle.kill(); idle.wait()
    -9
    """
    if process.poll() is not None:
        return False
    pids = [process.pid, *(children(process.pid) if with_children else [])]
    return owns_port(pids, port)


def wait_ours(
    process: subprocess.Popen,
    port: int,
    url: str,
    *,
    seconds: float = START_SECONDS,
    log: Path | None = None,
    with_children: bool = False,
) -> None:
    """Wait until ``process`` is proven to serve ``url``: alive, every socket listening on
    ``port`` its own, and ``/_stcore/health`` answered.

    Raises :class:`NotOurs` as soon as another process listens on ``port`` (ours could
    never bind it), RuntimeError if ``process`` exits or ``seconds`` pass.

    Example: ``wait_ours(app, 8502, "http://127.0.0.1:8502")`` after starting ``app``
    with ``--server.port=8502``; for nginx, ``with_children=True`` (its workers listen).
    """
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        _check_alive(process, log)
        if listening_inodes(port):
            if not is_ours(process, port, with_children=with_children):
                if process.poll() is None:
                    raise NotOurs(
                        f"port {port} is answered by {holders_text(port)}, not by the "
                        f"process started for it ({describe(process.pid)})"
                    )
                continue  # it has just exited: _check_alive says why
            if _healthy(url):
                return
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer /_stcore/health within {seconds:.0f} s")


# ------------------------------------------------------------------ the replicas
class Replicas:
    """N app processes and nginx in front of them; a context manager that stops them all.

    ``port``: where nginx listens (a free one if None); the apps take ``app_ports`` (free
    ones if None). ``cpus``: pin replica i to core ``cpus[i % len(cpus)]`` (the benchmark
    gives each replica a core). ``root``: the checkout to serve. ``hint``: appended to a
    refusal's advice (the command line names its PORT option there).

    >>> Replicas(0)
    Traceback (most recent call last):
    ...
    ValueError: at least one replica, not 0
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
        hint: str = "",
    ) -> None:
        if n < 1:
            raise ValueError(f"at least one replica, not {n}")
        self.n = n
        self.port = port or free_port()
        self.address = address
        self.app_ports = list(app_ports or [free_port() for _ in range(n)])
        self.cpus = cpus
        self.root = root
        self.hint = hint
        self.run_dir = run_dir or Path(tempfile.gettempdir()) / f"search_viz-replicas-{self.port}"
        self.secret = secrets.token_hex(16)  # one cookie secret: any replica accepts the cookies
        self.apps: list[subprocess.Popen | None] = [None] * n
        self.nginx: subprocess.Popen | None = None
        self.static: Path | None = None
        self.brotli = False
        #: Replicas nginx must not use (not yet proven ours, dead, or given up).
        self.down: set[int] = set(range(n))
        self.given_up: set[int] = set()
        self._starting: dict[int, float] = {}  # replica -> deadline to prove itself
        self._restarts: list[list[float]] = [[] for _ in range(n)]
        self._next_ownership = 0.0

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

    def check_ports(self) -> None:
        """Raise :class:`PortTaken` naming the first port needed (nginx's, a replica's)
        that another process holds."""
        check_port_free(self.address, self.port, "nginx's, where students connect", hint=self.hint)
        for i, port in enumerate(self.app_ports):
            check_port_free("127.0.0.1", port, f"replica {i + 1}'s", hint=self.hint)

    def start(self) -> None:
        """Check every port, precompress the static files, start the replicas and prove
        each is ours, then start nginx and prove it is ours too."""
        self.check_ports()
        self.run_dir.mkdir(parents=True, exist_ok=True)
        try:
            self.brotli = use_brotli()
            self.static = precompressed_static()
            self.check_ports()  # again: compressing the first time takes a minute or two
            for i in range(self.n):
                self._start_app(i)
            for i in range(self.n):
                self._prove(i, wait=True)
            self.down.clear()
            self._write_config()
            self.nginx = subprocess.Popen(
                [
                    nginx_binary(),
                    "-p",
                    str(self.run_dir),
                    "-c",
                    str(self.run_dir / "nginx.conf"),
                    "-e",
                    str(self.run_dir / "nginx-error.log"),
                    "-g",
                    "daemon off;",
                ],
                stdout=subprocess.DEVNULL,
                stderr=open(self.run_dir / "nginx-stderr.log", "ab"),  # noqa: SIM115
                start_new_session=True,  # Ctrl-C reaches the supervisor, which stops it
            )
            wait_ours(
                self.nginx,
                self.port,
                self.url,
                log=self.run_dir / "nginx-stderr.log",
                with_children=True,
            )
        except BaseException:
            self.stop()
            raise

    def _log(self, i: int) -> Path:
        return self.run_dir / f"replica-{i + 1}.log"

    def _start_app(self, i: int) -> None:
        cpu = None if not self.cpus else self.cpus[i % len(self.cpus)]
        log = open(self._log(i), "ab")  # noqa: SIM115
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
        log.close()
        self._starting[i] = time.monotonic() + START_SECONDS

    def _prove(self, i: int, *, wait: bool) -> bool:
        """Whether replica ``i`` is proven ours and healthy (waiting for it if ``wait``)."""
        app, port = self.apps[i], self.app_ports[i]
        url = f"http://127.0.0.1:{port}"
        if wait:
            wait_ours(app, port, url, log=self._log(i))
        elif not (is_ours(app, port) and _healthy(url)):
            return False
        self._starting.pop(i, None)
        return True

    def _write_config(self) -> None:
        text = nginx_config(
            f"{self.address}:{self.port}",
            self.app_ports,
            self.run_dir,
            static=self.static,
            down=self.down,
            brotli=self.brotli,
        )
        (self.run_dir / "nginx.conf").write_text(text)

    def _reload(self, seconds: float = 15) -> None:
        """Write nginx's configuration (``self.down``, ``self.app_ports``), reload it and
        wait until it is in force: new workers started, and none of the old ones still
        accepting connections (they finish what they serve, then exit)."""
        self._write_config()
        if self.nginx is None or self.nginx.poll() is not None:
            return
        old = set(children(self.nginx.pid))
        self.nginx.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            new = set(children(self.nginx.pid)) - old
            listening = listening_inodes(self.port)
            if new and not any(socket_inodes(pid) & listening for pid in old):
                return
            time.sleep(0.02)
        raise RuntimeError(
            f"nginx did not take its new configuration within {seconds:.0f} s "
            f"(see {self.run_dir / 'nginx-error.log'})"
        )

    def check(self) -> None:
        """One look at every replica, as :meth:`watch` does each 0.2 s.

        A replica that exited (looked at each time), or no longer holds its port alone
        (looked at every ``OWNERSHIP_EVERY_S``), is marked down in nginx at once and
        started again (on a new free port if another process took its own); it is put
        back into nginx only once proven ours. After 3 restarts in a minute a
        replica is given up; with every replica given up, SystemExit.
        """
        changed, back = False, []
        ownership = time.monotonic() >= self._next_ownership
        if ownership:
            self._next_ownership = time.monotonic() + OWNERSHIP_EVERY_S
        for i, app in enumerate(self.apps):
            if i in self.given_up or app is None:
                continue
            port = self.app_ports[i]
            if i in self._starting:
                if app.poll() is None and not self._foreign(i):
                    if self._prove(i, wait=False):
                        back.append(f"replica {i + 1} is up again on port {port} (pid {app.pid})")
                        self.down.discard(i)
                        changed = True
                        continue
                    if time.monotonic() < self._starting[i]:
                        continue
                    print(f"replica {i + 1} did not come up within {START_SECONDS:.0f} s")
                self._fail(i)
                changed = True
            elif app.poll() is not None or (ownership and not is_ours(app, port)):
                why = (
                    f"exited ({app.returncode})"
                    if app.poll() is not None
                    else f"no longer holds port {port} alone (held by {holders_text(port)})"
                )
                print(f"replica {i + 1} {why}: nginx stops sending to it")
                self.down.add(i)
                self._reload()  # first: nobody is sent there while it restarts
                self._fail(i)
                changed = True
        if changed:
            self._reload()
        for line in back:  # once nginx sends students there
            print(line)
        if len(self.given_up) == self.n:
            raise SystemExit("every replica keeps exiting: stopping (see the replicas' logs)")

    def _foreign(self, i: int) -> bool:
        """Someone other than replica ``i`` listens on its port."""
        port = self.app_ports[i]
        return bool(listening_inodes(port)) and not is_ours(self.apps[i], port)

    def _fail(self, i: int) -> None:
        """Replica ``i`` is down: stop it, then restart it, or give up on it."""
        app = self.apps[i]
        self.down.add(i)
        self._starting.pop(i, None)
        if app is not None and app.poll() is None:
            app.kill()
            app.wait()
        now = time.monotonic()
        recent = [t for t in self._restarts[i] if now - t < 60]
        self._restarts[i] = [*recent, now]
        if len(recent) >= MAX_RESTARTS_PER_MINUTE:
            print(f"replica {i + 1} keeps exiting: not restarted (see {self._log(i)})")
            self.given_up.add(i)
            return
        port = self.app_ports[i]
        try:
            check_port_free("127.0.0.1", port, f"replica {i + 1}'s")
        except PortTaken as taken:
            self.app_ports[i] = free_port()
            print(f"{taken}\n  replica {i + 1} moves to port {self.app_ports[i]}")
        print(f"starting replica {i + 1} again on port {self.app_ports[i]}")
        self._start_app(i)

    def watch(self, interval: float = 0.2) -> None:
        """Check the replicas every ``interval`` s (:meth:`check`); return if nginx exits."""
        while self.nginx is not None and self.nginx.poll() is None:
            self.check()
            time.sleep(interval)

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


def running_supervisor(port: int) -> int | None:
    """The pid of a ``replicas.py`` supervisor serving on ``port``, if one is running.

    >>> running_supervisor(free_port()) is None
    True
    """
    pid_file = _pid_file(port)
    if not pid_file.exists():
        return None
    pid = int(pid_file.read_text())
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return None
    return pid if b"replicas.py" in command else None


def stop_running(port: int) -> None:
    """Stop the replicas started by ``replicas.py --port PORT`` (SIGTERM to its supervisor).

    Example: ``stop_running(8501)`` is ``make stop-replicas PORT=8501``.
    """
    pid_file = _pid_file(port)
    if not pid_file.exists():
        print(f"no replicas running on port {port} ({pid_file} is missing)")
        return
    pid = running_supervisor(port)
    if pid is None:
        print(f"the replicas' supervisor on port {port} is gone; removing {pid_file}")
        pid_file.unlink()
        return
    os.kill(pid, signal.SIGTERM)
    for _ in range(150):
        if not Path(f"/proc/{pid}").exists():
            break
        time.sleep(0.1)
    print(f"stopped the replicas on port {port}")


def main(argv: list[str] | None = None) -> None:
    """The command line: ``main(["--replicas", "2", "--port", "8501"])`` serves until
    Ctrl-C; it refuses to start (SystemExit naming the port) if a port is taken."""
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
    other = args.port + 1000
    apps = f"{other + 1}" if args.replicas == 1 else f"{other + 1}..{other + args.replicas}"
    hint = f", e.g. `make serve-replicas PORT={other}` (nginx on {other}, replicas on {apps})"
    earlier = running_supervisor(args.port)
    if earlier is not None:
        hint += f"; `make stop-replicas PORT={args.port}` stops the earlier replicas ({earlier})"
    served = Replicas(
        args.replicas,
        port=args.port,
        address=args.address,
        app_ports=[args.port + 1 + i for i in range(args.replicas)],
        cpus=cpus,
        hint=hint,
    )
    try:
        served.check_ports()
    except PortTaken as taken:
        raise SystemExit(f"replicas not started: {taken}") from None
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
    except (PortTaken, NotOurs) as error:
        raise SystemExit(f"replicas not started: {error}") from None
    finally:
        served.stop()
        with contextlib.suppress(FileNotFoundError):
            if pid_file.read_text() == str(os.getpid()):  # never another supervisor's
                pid_file.unlink()


if __name__ == "__main__":
    main()
