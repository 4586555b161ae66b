"""Headless Chromium against the built book, served on loopback.

The browser tests need a built book and a browser, so they run where both are: CI builds
the book, then runs ``python -m pytest -m browser tests/browser`` with ``RIGHTOFWAY_BOOK``
naming the built HTML folder. Chromium comes from the system packages
(``/usr/bin/chromium``, or ``RIGHTOFWAY_CHROMIUM``), driven by Playwright with its
``executable_path``: no browser is ever downloaded. Without a book or a browser the tests
are skipped, so the default ``pytest`` run stays what it was.

Every page a test opens records the requests it makes: one that leaves the machine (any
host but the loopback server) fails the test, since the book must work with no network.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str | None:
    """The system Chromium, or ``None``."""
    given = os.environ.get("RIGHTOFWAY_CHROMIUM")
    if given:
        return given
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def book() -> Path:
    """The built book's folder (``RIGHTOFWAY_BOOK``); the test is skipped without one."""
    folder = os.environ.get("RIGHTOFWAY_BOOK")
    if not folder:
        pytest.skip("no built book: set RIGHTOFWAY_BOOK to a sphinx-build html folder")
    path = Path(folder)
    if not (path / "index.html").is_file():
        pytest.fail(f"RIGHTOFWAY_BOOK={folder}: no index.html there (build the book first)")
    return path


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def book_url(book: Path) -> Iterator[str]:
    """The book served by Python's static file server on a free loopback port."""
    handler = functools.partial(_Quiet, directory=str(book))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium from the system packages; skipped where there is none."""
    exe = chromium_path()
    if exe is None:
        pytest.skip("no system Chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@contextlib.contextmanager
def watched_page(browser: Any, book_url: str, width: int = 1280) -> Iterator[Any]:
    """A fresh page ``width`` px wide that fails on a request leaving the machine or an
    uncaught script error."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    pg = context.new_page()
    outside: list[str] = []
    errors: list[str] = []
    local = urlparse(book_url).netloc

    def watch(request: Any) -> None:
        url = urlparse(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.netloc != local:
            outside.append(request.url)

    pg.on("request", watch)
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield pg
    finally:
        context.close()
    assert not outside, f"requests left the machine: {outside[:5]}"
    assert not errors, f"script errors on the page: {errors[:5]}"


@pytest.fixture(scope="session")
def new_page(browser: Any, book_url: str) -> Any:
    """:func:`watched_page` for this browser and book: ``with new_page(width) as page``."""
    return functools.partial(watched_page, browser, book_url)


@pytest.fixture
def page(browser: Any, book_url: str) -> Iterator[Any]:
    """A fresh page, 1280 px wide, watched (:func:`watched_page`)."""
    with watched_page(browser, book_url) as pg:
        yield pg
