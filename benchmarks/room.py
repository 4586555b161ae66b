"""Benchmark: the protest room's budgets, in headless Chromium against a built book.

Run ``python benchmarks/room.py BOOK`` with ``BOOK`` a built book (``sphinx-build -b html
docs BOOK``); Chromium comes from the system packages and Playwright from the ``browser``
extra. The book is served on loopback; every page opens in a fresh browser context, so the
cache is cold. It prints, per ruleset:

* ``room first ruling RULESET: X s``: from the page's start to the first ruling shown
  (the runtime and the wheels loaded, the scenario ruled and drawn), budget 6 s;
* ``room update RULESET: median X ms, max Y ms over N``: each change after the first
  (a boat moved by the page's own controls, then ruled and shown), budget 150 ms;

and ``room download: X MB`` (the runtime and the library's bundle: what a first visit
fetches).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

SCENARIOS = {
    "race-the-wind": "rtw-fig02-starboard-close-hauled-astern",
    "vector-game": None,
    "americas-cup": None,
    "simulation": None,
    "rrs": "rrs-clear-astern-beat",
}
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def first_of(book: Path, ruleset: str) -> str:
    index = json.loads((book / "_room" / "index.json").read_text())
    return next(e["id"] for e in index if e["ruleset"] == ruleset)


def measure(page: Any, url: str, moves: int) -> tuple[float, list[float]]:
    page.goto(url)
    page.wait_for_selector("#ruling-summary[data-ready=true]", state="attached",
                           timeout=180_000)
    first = page.evaluate("window.room.timings.first") / 1000
    for i in range(moves):
        # Nudge the first boat's x by the page's own control and back: one ruling each.
        box = page.locator("#room-controls input[data-axis='x']").first
        value = float(box.input_value())
        box.fill(str(value + (1 if i % 2 == 0 else -1)))
        box.dispatch_event("change")
        page.wait_for_function(f"window.room.timings.updates.length >= {i + 1}")
    updates = page.evaluate("window.room.timings.updates")
    return first, list(updates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("book", type=Path, help="a built book (sphinx-build -b html)")
    parser.add_argument("--moves", type=int, default=20, help="changes timed per ruleset")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    handler = functools.partial(_Quiet, directory=str(args.book))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/room.html"
    room = args.book / "_room"
    names = ["pyodide/" + n for n in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                      "python_stdlib.zip", "pyodide-lock.json")]
    names += ["bundle.zip", "index.json"]
    size = sum((room / n).stat().st_size for n in names)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=FLAGS)
        for ruleset, scenario in SCENARIOS.items():
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            first, updates = measure(page, f"{base}?scenario="
                                     f"{scenario or first_of(args.book, ruleset)}", args.moves)
            context.close()
            print(f"room first ruling {ruleset}: {first:.2f} s")
            print(f"room update {ruleset}: median {statistics.median(updates):.0f} ms, "
                  f"max {max(updates):.0f} ms over {len(updates)}")
        browser.close()
    server.shutdown()
    print(f"room download: {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
