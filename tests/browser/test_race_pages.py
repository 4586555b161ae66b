"""The race pages of the built book (docs/races/, the player docs/_static/races.js) in
headless Chromium: each page's player loads its race, steps back and forward, scrubs to
the finish and plays by itself, readable on a narrow screen, with no request leaving the
machine (the ``page`` fixture fails the test on one, and on a script error)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NAMES = ("race-the-wind", "vector-game", "americas-cup", "simulation", "rrs")
READY = 'div.race-player[data-ready="true"]'


def frames(book: Path, name: str) -> dict[str, Any]:
    """The race's frames as the build wrote them."""
    data: dict[str, Any] = json.loads((book / "_static" / "races" / f"{name}.json")
                                      .read_text(encoding="utf-8"))
    return data


def open_race(page: Any, book_url: str, name: str) -> int:
    """Open the page of the race ``name``, wait for its player; the number of moves."""
    page.goto(f"{book_url}/races/{name}.html")
    page.wait_for_selector(READY, timeout=20_000)
    root = page.locator("div.race-player")
    assert root.count() == 1
    assert root.get_attribute("data-ruleset") == name
    return int(root.get_attribute("data-moves"))


def title(page: Any) -> str:
    return str(page.locator("#race-move").inner_text()).strip()


def board(page: Any) -> str:
    return str(page.locator("#race-board").inner_html())


@pytest.mark.parametrize("name", NAMES)
def test_next_and_prev_step_through_the_race(page: Any, book_url: str, book: Path,
                                             name: str) -> None:
    moves = open_race(page, book_url, name)
    data = frames(book, name)
    assert moves == data["moves"] and 30 <= moves <= 200
    assert title(page) == f"start of the race ({moves} moves)"
    assert page.locator("#race-board svg").count() == 1
    assert page.locator("#race-prev").is_disabled()
    start = board(page)

    page.click("#race-next")
    assert title(page) == f"move 1 of {moves}: {data['frames'][1]['move']}"
    first = board(page)
    assert first != start  # the board after the first move
    ruling = page.locator("#race-ruling")
    assert ruling.locator(".race-cite").count() > 0  # each step and event cites its rule
    page.click("#race-next")
    assert title(page) == f"move 2 of {moves}: {data['frames'][2]['move']}"
    assert board(page) != first
    page.click("#race-prev")
    assert title(page) == f"move 1 of {moves}: {data['frames'][1]['move']}"
    assert board(page) == first
    # the move's events and ruling, in the library's words
    shown = ruling.inner_text()
    for event in data["frames"][1]["events"]:
        assert event["text"] in shown
    for r in data["frames"][1]["rulings"]:
        for i in r["steps"]:
            assert data["steps"][i]["text"] in shown


@pytest.mark.parametrize("name", NAMES)
def test_scrubbing_to_the_end_shows_the_last_move_and_the_result(
        page: Any, book_url: str, book: Path, name: str) -> None:
    moves = open_race(page, book_url, name)
    data = frames(book, name)
    page.locator("#race-scrub").fill(str(moves))
    assert title(page) == f"move {moves} of {moves}: {data['frames'][-1]['move']}"
    assert page.locator("#race-next").is_disabled()
    result = page.locator("#race-ruling .race-result").inner_text()
    assert result.startswith("Race over:")
    assert data["verdict"] in result
    winner = data["result"]["finish_order"][0]
    assert f"1. {winner}" in result
    page.locator("#race-scrub").fill(str(moves // 2))
    assert title(page).startswith(f"move {moves // 2} of {moves}: ")


def test_play_steps_on_by_itself_and_pause_stops_it(page: Any, book_url: str) -> None:
    moves = open_race(page, book_url, "simulation")
    page.click("#race-play")
    assert page.locator("#race-play").get_attribute("aria-pressed") == "true"
    page.wait_for_function(
        "document.querySelector('#race-move').textContent.startsWith('move 2 of ')",
        timeout=10_000)
    page.click("#race-play")
    assert page.locator("#race-play").get_attribute("aria-pressed") == "false"
    paused = title(page)
    page.wait_for_timeout(2_000)  # more than two steps of play
    assert title(page) == paused
    assert not paused.startswith(f"move {moves} of")


@pytest.mark.parametrize("name", ["race-the-wind", "rrs"])
def test_play_runs_on_each_page(page: Any, book_url: str, name: str) -> None:
    open_race(page, book_url, name)
    page.click("#race-play")
    page.wait_for_function(
        "document.querySelector('#race-move').textContent.startsWith('move 2 of ')",
        timeout=10_000)


def test_the_keys_step_while_the_player_has_the_focus(page: Any, book_url: str) -> None:
    moves = open_race(page, book_url, "vector-game")
    page.focus("#race-next")
    page.keyboard.press("ArrowRight")
    assert title(page).startswith(f"move 1 of {moves}: ")
    page.keyboard.press("End")
    assert title(page).startswith(f"move {moves} of {moves}: ")
    page.keyboard.press("ArrowLeft")
    assert title(page).startswith(f"move {moves - 1} of {moves}: ")
    page.keyboard.press("Home")
    assert title(page) == f"start of the race ({moves} moves)"


def test_a_citation_leads_to_its_rule(page: Any, book_url: str) -> None:
    open_race(page, book_url, "race-the-wind")
    page.click("#race-next")
    link = page.locator("#race-ruling a.race-cite").first
    href = link.get_attribute("href")
    assert href is not None and "#rtw-" in href
    link.click()
    page.wait_for_load_state()
    assert page.url.startswith(f"{book_url}/race-the-wind.html#rtw-")


@pytest.mark.parametrize("name", ["americas-cup", "rrs"])
def test_readable_at_420_pixels(new_page: Any, book_url: str, name: str) -> None:
    with new_page(420) as page:
        readable_at_420(page, book_url, name)


def readable_at_420(page: Any, book_url: str, name: str) -> None:
    open_race(page, book_url, name)
    page.click("#race-next")
    svg = page.locator("#race-board svg").bounding_box()
    ruling = page.locator("#race-ruling").bounding_box()
    assert svg is not None and ruling is not None
    assert svg["x"] >= 0 and svg["x"] + svg["width"] <= 420  # the board scales down
    assert ruling["y"] >= svg["y"] + svg["height"]  # the ruling below the board
    assert ruling["x"] + ruling["width"] <= 420
    wide = page.evaluate("(() => { const p = document.querySelector('div.race-player');"
                         " return p.scrollWidth - p.clientWidth; })()")
    assert wide <= 1  # nothing sticks out of the player
    for control in ("#race-prev", "#race-play", "#race-next", "#race-scrub"):
        box = page.locator(control).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 420


def test_the_index_leads_to_every_race(page: Any, book_url: str) -> None:
    page.goto(f"{book_url}/races/index.html")
    hrefs = page.eval_on_selector_all("article a.reference.internal, main a.reference.internal",
                                      "links => links.map(a => a.getAttribute('href'))")
    for name in NAMES:
        assert f"{name}.html" in hrefs
