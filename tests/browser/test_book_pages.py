"""The built book as a reader meets it, in headless Chromium at 1280 and 420 px wide: no
page scrolls sideways, and a catalogue page's link opens its scenario in the protest room."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from rightofway.scenarios import check_file

pytestmark = pytest.mark.browser

CATALOGUE = Path(__file__).resolve().parents[2] / "scenarios"
WIDTHS = (1280, 420)
SCENARIO = "rtw-fig02-starboard-close-hauled-astern"


def pages(book: Path) -> list[str]:
    """The landing page, the room, a ruleset page, the catalogue's index, one scenario
    page, and the whole-race pages there are."""
    found = ["index.html", f"room.html?scenario={SCENARIO}", "race-the-wind.html", "rrs.html",
             "catalogue/index.html"]
    for pattern in (f"catalogue/**/{SCENARIO}.html", "races/*.html"):
        found += sorted(p.relative_to(book).as_posix() for p in book.glob(pattern))
    return found


def shots() -> Path | None:
    folder = os.environ.get("RIGHTOFWAY_SCREENSHOTS")
    return Path(folder) if folder else None


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_overflows_the_window(book: Path, book_url: str, new_page: Any,
                                      width: int) -> None:
    wide = []
    out = shots()
    for name in pages(book):
        with new_page(width) as page:
            page.goto(f"{book_url}/{name}")
            if name.startswith("room.html"):
                page.wait_for_selector("#ruling-summary[data-ready=true]", state="attached",
                                       timeout=120_000)
            else:
                page.wait_for_load_state("load")
            extra = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            if extra > 1:
                wide.append(f"{name}: {extra} px too wide")
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                stem = name.split("?")[0].replace("/", "-").removesuffix(".html")
                page.screenshot(path=str(out / f"{stem}-{width}.png"), full_page=True)
    assert not wide, wide


def test_a_catalogue_page_opens_its_scenario_in_the_room(book: Path, book_url: str,
                                                         page: Any) -> None:
    found = sorted(book.glob(f"catalogue/**/{SCENARIO}.html"))
    assert found, "no catalogue page for " + SCENARIO
    page.goto(f"{book_url}/{found[0].relative_to(book).as_posix()}")
    page.click("text=Open in the protest room")
    page.wait_for_selector("#ruling-summary[data-ready=true]", state="attached",
                           timeout=120_000)
    assert page.input_value("#room-scenario") == SCENARIO
    path = CATALOGUE / "race-the-wind" / f"{SCENARIO}.yaml"
    lines = page.eval_on_selector_all("#ruling-summary li", "els => els.map(e => e.textContent)")
    assert lines == list(check_file(path).summary)
