"""Films and pictures a rerun drops stay served for a short while (:data:`MEDIA_GRACE_SECONDS`).

A page's films and pictures are Streamlit media files (``/media/NAME``). Streamlit forgets
a session's files when its next run starts and deletes, when any run ends, every file no
session names. A browser fetches a file a little after its run sent the file's name, so
when runs follow each other fast (a student changing inputs quickly, a page rerunning as it
opens, a loaded server), the next run can end (finished or cut short by the one after it)
before the browser has fetched: the picture or film it fetches is already gone (404), and
when a later run names the same file again the browser does not ask twice, so a picture
stays broken. Measured in Chromium: six quick seed changes on the game-trees page gave
404s for pictures and a film chunk in two trials of four.

:func:`keep_dropped_media` makes the server's storage keep a deleted file for
:data:`MEDIA_GRACE_SECONDS` more (a file asked for again in that time is kept as before).
Streamlit's own download buttons get a similar grace (one more run); pictures and films
get none.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

#: How long a file no run names any more is still served. Longer than a browser takes to
#: fetch a file it was just told of, on a loaded server; short enough that a hall changing
#: examples does not pile up old films.
MEDIA_GRACE_SECONDS = 30.0


class GracefulMemoryStorage(MemoryMediaFileStorage):
    """Streamlit's in-memory media storage, whose deletions wait :data:`MEDIA_GRACE_SECONDS`.

    A deleted file is still served until its time is up; adding the same file again
    (the same bytes have the same name) cancels its deletion. Overdue files go whenever a
    file is added or deleted.

    >>> from streamlit.runtime.media_file_storage import MediaFileKind
    >>> storage = GracefulMemoryStorage("/media")
    >>> name = storage.load_and_get_id(b"film", "application/octet-stream", MediaFileKind.MEDIA)
    >>> storage.delete_file(name)
    >>> storage.get_file(name).content  # still served, for a while
    b'film'
    """

    clock: Callable[[], float] = time.monotonic

    def __init__(self, media_endpoint: str) -> None:
        super().__init__(media_endpoint)
        self._start_grace()

    def _start_grace(self) -> None:
        self._due: dict[str, float] = {}  # file id -> when it goes
        self._grace_lock = threading.Lock()

    def load_and_get_id(self, path_or_data, mimetype, kind, filename=None) -> str:
        file_id = super().load_and_get_id(path_or_data, mimetype, kind, filename)
        with self._grace_lock:
            self._due.pop(file_id, None)
        self._delete_overdue()
        return file_id

    def delete_file(self, file_id: str) -> None:
        with self._grace_lock:
            self._due.setdefault(file_id, self.clock() + MEDIA_GRACE_SECONDS)
        self._delete_overdue()

    def _delete_overdue(self) -> None:
        now = self.clock()
        with self._grace_lock:
            overdue = [file_id for file_id, due in self._due.items() if due <= now]
            for file_id in overdue:
                del self._due[file_id]
        for file_id in overdue:
            super().delete_file(file_id)


def keep_dropped_media() -> bool:
    """Give this server's media storage its grace (:class:`GracefulMemoryStorage`); True if
    it did now, False if it already had it or the server keeps its media elsewhere.

    Called once per process by ``streamlit_app.py``. The storage object is kept (the
    ``/media/`` route holds it); only its class changes, so the files it holds stay.

    >>> keep_dropped_media()  # outside ``streamlit run`` there is no server: nothing to do
    False
    """
    from streamlit import runtime

    if not runtime.exists():
        return False
    storage = runtime.get_instance().media_file_mgr._storage  # no public handle
    return give_grace(storage)


def give_grace(storage: object) -> bool:
    """Make an existing in-memory ``storage`` a :class:`GracefulMemoryStorage`, keeping its
    files; True if it changed it.

    >>> storage = MemoryMediaFileStorage("/media")
    >>> give_grace(storage), give_grace(storage)
    (True, False)
    >>> isinstance(storage, GracefulMemoryStorage)
    True
    """
    with _giving:  # two sessions' first runs may ask at once
        if type(storage) is not MemoryMediaFileStorage:
            return False
        GracefulMemoryStorage._start_grace(storage)  # its set-up first, then its methods
        storage.__class__ = GracefulMemoryStorage
        return True


_giving = threading.Lock()
