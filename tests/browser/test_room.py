"""The protest room in headless Chromium: the library ruling in the page says what it says
in Python, a drag across a rule's boundary changes the ruling as the library does, the
position travels in the link and leaves as a scenario file ``rightofway check`` reads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from rightofway import room
from rightofway.scenarios import check_file, find_scenarios, load_scenario

pytestmark = pytest.mark.browser

CATALOGUE = Path(__file__).resolve().parents[2] / "scenarios"
READY = "#ruling-summary[data-ready=true]"
START = 120_000
"""Milliseconds a cold page may take to load the runtime on a busy CI machine (the budget
of a few seconds is measured by benchmarks/room.py, not here)."""


def catalogue() -> dict[str, list[Path]]:
    by: dict[str, list[Path]] = {}
    for path in sorted(find_scenarios([CATALOGUE])):
        by.setdefault(path.parent.name, []).append(path)
    return by


def picked(per_ruleset: int = 7) -> list[Path]:
    """Scenarios spread over each ruleset's catalogue (every k-th file): 35 in all."""
    out = []
    for files in catalogue().values():
        step = max(1, len(files) // per_ruleset)
        out.extend(files[::step][:per_ruleset])
    return out


PICKED = picked()


def summary(page: Any) -> list[str]:
    lines: list[str] = page.eval_on_selector_all("#ruling-summary li",
                                                 "els => els.map(e => e.textContent)")
    return lines


def rulings(page: Any) -> int:
    return int(page.get_attribute("#room", "data-rulings") or 0)


def wait_ruled(page: Any, after: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('room').dataset.rulings) > {after}",
                           timeout=30_000)


@pytest.fixture(scope="module")
def room_page(new_page: Any, book_url: str) -> Iterator[Any]:
    """One room, opened once (the runtime loads once) and driven through its pickers."""
    with new_page() as pg:
        pg.goto(f"{book_url}/room.html")
        pg.wait_for_selector(READY, state="attached", timeout=START)
        yield pg


def test_there_are_enough_scenarios_of_every_ruleset() -> None:
    rulesets = {load_scenario(p).model.ruleset for p in PICKED}
    assert len(PICKED) >= 30 and len(rulesets) == 5


@pytest.mark.parametrize("path", PICKED, ids=[p.stem for p in PICKED])
def test_the_room_says_what_the_library_says(room_page: Any, path: Path) -> None:
    model = load_scenario(path).model
    before = rulings(room_page)
    if room_page.input_value("#room-ruleset") != model.ruleset:
        room_page.select_option("#room-ruleset", model.ruleset)
        wait_ruled(room_page, before)
        before = rulings(room_page)
    if room_page.input_value("#room-scenario") != model.id:
        room_page.select_option("#room-scenario", model.id)
        wait_ruled(room_page, before)
    assert room_page.get_attribute("#ruling-summary", "data-error") == "false"
    assert summary(room_page) == list(check_file(path).summary)
    explained = room_page.inner_text("#room-explanation")
    for section in check_file(path).to_json()["explanation"]:
        for step in section["steps"]:
            assert step["text"] in explained


@pytest.mark.parametrize("ruleset", sorted(catalogue()))
def test_a_scenario_opens_from_its_address(page: Any, book_url: str, ruleset: str) -> None:
    path = catalogue()[ruleset][-1]
    model = load_scenario(path).model
    page.goto(f"{book_url}/room.html?scenario={model.id}")
    page.wait_for_selector(READY, state="attached", timeout=START)
    assert page.input_value("#room-scenario") == model.id
    assert summary(page) == list(check_file(path).summary)
    assert page.query_selector("#room-board svg") is not None


def drag(page: Any, boat: str, to: tuple[float, float]) -> None:
    """Drag ``boat``'s handle on the drawing to the board point ``to``, as a reader does."""
    handle = page.locator(f"#room-board .room-handle[data-id='{boat}']").first
    handle.scroll_into_view_if_needed()
    box = handle.bounding_box()
    assert box is not None
    x, y = page.evaluate(f"window.room.screenOf({to[0]}, {to[1]})")
    before = rulings(page)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(x, y, steps=8)
    page.mouse.up()
    wait_ruled(page, before)


def state(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("JSON.parse(JSON.stringify(window.room.state))")
    return found


def open_room(page: Any, book_url: str, scenario: str) -> None:
    page.goto(f"{book_url}/room.html?scenario={scenario}")
    page.wait_for_selector(READY, state="attached", timeout=START)


def test_dragging_a_boat_from_clear_astern_into_an_overlap(page: Any, book_url: str) -> None:
    """RRS 12 to RRS 11: B, clear astern of A on the same tack, is dragged forward until she
    overlaps A to windward; she still keeps clear, now as the windward boat."""
    open_room(page, book_url, "rrs-clear-astern-beat")
    assert summary(page)[2] == "deciding rules: 12"
    drag(page, "B", (0.9, -0.35))
    moved = state(page)["position"]["boats"][1]["at"]
    assert moved == pytest.approx([0.9, -0.35], abs=0.05)
    assert summary(page) == room.rule("rrs", state(page))["summary"]
    assert summary(page)[0] == "B keeps clear of A"
    assert summary(page)[2] == "deciding rules: 11"


def test_dragging_a_boat_out_of_an_engagement_on_the_grid(page: Any, book_url: str) -> None:
    """RTW 3.4: B, leeward of A and claiming A's point, is dragged four points East: no
    claims meet, so no boats are engaged; the drag snaps to a grid point."""
    open_room(page, book_url, "rtw-fig02-starboard-close-hauled-astern")
    assert summary(page)[-1] == "B has right of way over A (leeward)"
    drag(page, "B", (4, 0))
    assert state(page)["position"]["boats"][1]["at"] == [4, 0]
    assert summary(page) == room.rule("race-the-wind", state(page))["summary"]
    assert summary(page)[-1] == "no boats are engaged"


def test_the_position_travels_in_the_link(page: Any, book_url: str, new_page: Any) -> None:
    open_room(page, book_url, "rtw-fig02-starboard-close-hauled-astern")
    drag(page, "B", (4, 0))
    shown = summary(page)
    link = page.url
    assert "#s=" in link
    with new_page() as other:
        other.goto(link)
        other.wait_for_selector(READY, state="attached", timeout=START)
        assert summary(other) == shown
        assert state(other) == state(page)


def test_a_heading_turned_in_the_controls_is_ruled(page: Any, book_url: str) -> None:
    """RRS 10: turning B from starboard to port tack (heading 315 to 45 in a North wind)
    puts them on opposite tacks: B, now on port, keeps clear under rule 10."""
    open_room(page, book_url, "rrs-clear-astern-beat")
    before = rulings(page)
    page.fill("[data-heading='B']", "45")
    page.press("[data-heading='B']", "Enter")
    page.dispatch_event("[data-heading='B']", "change")
    wait_ruled(page, before)
    assert state(page)["position"]["boats"][1]["heading"] == 45
    assert summary(page) == room.rule("rrs", state(page))["summary"]
    assert summary(page)[2].startswith("deciding rules: 10")


def test_the_scenario_file_it_exports_is_checked_by_the_library(page: Any, book_url: str,
                                                                 tmp_path: Path) -> None:
    open_room(page, book_url, "rrs-clear-astern-beat")
    drag(page, "B", (0.9, -0.35))
    page.click("#room-export")
    text = page.text_content("#room-yaml") or ""
    doc = yaml.safe_load(text)
    assert doc["id"] == "rrs-clear-astern-beat-room" and doc["expect"] == {}
    out = tmp_path / "exported.yaml"
    out.write_text(text, encoding="utf-8")
    report = check_file(out)
    assert report.passed and list(report.summary) == summary(page)


def test_a_position_that_cannot_exist_is_refused_with_its_field(page: Any,
                                                               book_url: str) -> None:
    """Two hulls on one point: the room names the field and rules nothing."""
    open_room(page, book_url, "rtw-fig02-starboard-close-hauled-astern")
    drag(page, "B", (-1, 1))
    assert page.get_attribute("#ruling-summary", "data-error") == "true"
    assert summary(page) == []
    message = page.inner_text("#room-error")
    expected = json.loads(room.rule_json("race-the-wind", json.dumps(state(page))))["error"]
    assert message == expected and "position.boats" in message
