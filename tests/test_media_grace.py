"""Films and pictures a rerun drops stay served for MEDIA_GRACE_SECONDS
(search_viz/ui/media_grace.py), on Streamlit's own media manager, as a session's runs use it."""

import pytest
from streamlit.runtime import media_file_manager
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.runtime.media_file_storage import MediaFileKind, MediaFileStorageError
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from search_viz.ui.media_grace import MEDIA_GRACE_SECONDS, GracefulMemoryStorage, give_grace


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def manager(monkeypatch):
    storage = MemoryMediaFileStorage("/media")
    give_grace(storage)
    clock = Clock()
    monkeypatch.setattr(GracefulMemoryStorage, "clock", clock)
    manager = MediaFileManager(storage)
    manager.clock = clock
    manager.storage = storage
    return manager


def served(manager, url: str) -> bytes | None:
    try:
        return manager.storage.get_file(url.rsplit("/", 1)[1]).content
    except MediaFileStorageError:
        return None


def run(manager, session: str, files: dict[str, bytes]) -> dict[str, str]:
    """One script run of ``session`` that shows ``files`` (coordinates -> bytes), as
    Streamlit's script runner does it: forget the session's files, add, delete orphans."""
    manager.clear_session_refs(session)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(media_file_manager, "_get_session_id", lambda: session)
        urls = {where: manager.add(data, "image/png", where) for where, data in files.items()}
    manager.remove_orphaned_files()
    return urls


def test_a_picture_a_quick_rerun_dropped_is_still_served_until_its_grace_is_up(manager):
    urls = run(manager, "student", {"a": b"tree 1"})
    run(manager, "student", {})  # a run cut short before it showed the picture again
    manager.clock.now += MEDIA_GRACE_SECONDS - 1
    assert served(manager, urls["a"]) == b"tree 1"  # the browser's late fetch still works
    manager.clock.now += 2
    run(manager, "other student", {"b": b"tree 2"})  # any later run deletes what is overdue
    assert served(manager, urls["a"]) is None


def test_a_picture_shown_again_within_its_grace_is_kept(manager):
    urls = run(manager, "student", {"a": b"tree 1"})
    run(manager, "student", {})
    again = run(manager, "student", {"a": b"tree 1"})
    assert again == urls
    manager.clock.now += 10 * MEDIA_GRACE_SECONDS
    run(manager, "other student", {"b": b"tree 2"})
    assert served(manager, urls["a"]) == b"tree 1"


def test_files_still_shown_are_never_deleted(manager):
    urls = run(manager, "student", {"a": b"tree 1", "b": b"tree 2"})
    for _ in range(3):
        manager.clock.now += 2 * MEDIA_GRACE_SECONDS
        run(manager, "other student", {"c": b"tree 3"})
    assert served(manager, urls["a"]) == b"tree 1"
    assert served(manager, urls["b"]) == b"tree 2"


def test_without_the_grace_streamlit_deletes_at_once():
    """What the grace is for: Streamlit's storage forgets a dropped picture at the run's end."""
    manager = MediaFileManager(MemoryMediaFileStorage("/media"))
    manager.storage = manager._storage
    manager.clock = Clock()
    urls = run(manager, "student", {"a": b"tree 1"})
    run(manager, "student", {})
    assert served(manager, urls["a"]) is None


def test_the_grace_keeps_the_files_a_storage_already_held():
    storage = MemoryMediaFileStorage("/media")
    name = storage.load_and_get_id(b"film", "application/octet-stream", kind=MediaFileKind.MEDIA)
    assert give_grace(storage)
    assert storage.get_file(name).content == b"film"
    assert not give_grace(storage)
