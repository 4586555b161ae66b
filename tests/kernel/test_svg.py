"""SVG diagrams: well-formed, and they draw what the position holds."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from rightofway import get_ruleset
from rightofway import svg as primitives
from rightofway.cli import main
from rightofway.geometry import Compass
from rightofway.rtw import (
    Boat,
    Mark,
    MarkRole,
    Move,
    Position,
    claims,
    engaged_pairs,
)
from rightofway.rtw import drawing as svg
from rightofway.scenarios import bundled_catalogue, load_scenario

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == cls]


POS = Position(
    Compass.N,
    (Boat("A", (0, 4), Compass.NE), Boat("B", (2, 4), Compass.NW), Boat("C", (5, 1), Compass.S)),
    marks=(Mark("gate", (3, 0), MarkRole.GATE_BUOY),
           Mark("windward", (0, 30), MarkRole.WINDWARD_MARK)),
    yellow=frozenset({(1, 6)}),
    blue=frozenset({(1, 5), (4, 2)}),
)


def test_board_draws_every_boat_with_its_heading_and_tack_colour() -> None:
    root = parse(svg.board(POS))
    boats = by_class(root, "boat")
    assert len(boats) == 3
    colours = primitives.Colors()
    for group, boat, tack_colour in zip(
        boats, POS.boats, (colours.port, colours.starboard, colours.starboard), strict=True
    ):
        hull = group.find("s:polygon", NS)
        assert hull is not None
        assert hull.get("transform") == f"rotate({boat.heading.value})"
        assert hull.get("fill") == tack_colour
        title = group.find("s:title", NS)
        assert title is not None and title.text is not None
        assert title.text.startswith(f"{boat.id}: heading {boat.heading.name}")


def test_tokens_marks_zones_and_far_marks() -> None:
    root = parse(svg.board(POS))
    assert len(by_class(root, "lull")) == 1
    assert len(by_class(root, "gust")) == 2
    assert len(by_class(root, "mark")) == 1  # the gate; the windward mark is far off
    assert len(by_class(root, "zone")) == 1
    (far,) = by_class(root, "far-mark")
    assert "windward [0, 30]" in "".join(far.itertext())
    wind = by_class(root, "wind")[0]
    assert "wind N" in "".join(wind.itertext())


def test_layers_are_off_by_default_and_draw_the_facts_when_on() -> None:
    plain = parse(svg.board(POS))
    for cls in ("claim", "contested", "give-way", "shadow", "move"):
        assert by_class(plain, cls) == []
    root = parse(svg.board(POS, claims=True, contested=True, engagement=True, shadows=True,
                           move=Move("A", ("A",))))
    assert len(by_class(root, "claim")) == sum(len(c) for c in claims(POS).values())
    assert len(by_class(root, "give-way")) == len(engaged_pairs(POS))
    assert len(by_class(root, "contested")) >= 1
    assert len(by_class(root, "shadow")) == 3
    (path,) = by_class(root, "move")
    assert path.get("points", "").count(",") == 2  # from the boat to where it ends


def test_scenario_has_two_panels_with_distinct_ids() -> None:
    text = svg.scenario(POS, Move("A", ("A",)), engagement=True)
    root = parse(text)
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "before: A [A]" in titles and "after" in titles
    ids = Counter(e.get("id") for e in root.iter() if e.get("id"))
    assert ids and max(ids.values()) == 1


def test_scenario_without_a_legal_move_draws_one_panel() -> None:
    root = parse(svg.scenario(POS, Move("A", ("L45",))))
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "position" in titles and "after" not in titles


def test_notebooks_show_positions_and_drawings() -> None:
    drawing = svg.board(POS)
    assert drawing._repr_svg_() == str(drawing)
    parse(POS._repr_svg_())


@pytest.mark.parametrize("part", [0, *(pytest.param(k, marks=pytest.mark.slow)
                                       for k in (1, 2, 3))])
def test_draw_writes_valid_svg_for_every_bundled_scenario_of_every_ruleset(
    tmp_path: Path, part: int,
) -> None:
    """Every fourth file in the default run, the other three quarters in the slow run."""
    root = bundled_catalogue()
    files = sorted(f for f in root.rglob("*.yaml")
                   if "tracks" not in f.relative_to(root).parts)[part::4]  # not track data
    assert files
    for f in files:
        out = tmp_path / f"{f.stem}.svg"
        layers = ["--layers", "claims,contested,shadows,engagement"]
        rtw = f.parent.name == "race-the-wind"
        assert main(["draw", str(f), "-o", str(out), *(layers if rtw else [])]) == 0
        root = parse(out.read_text())
        prepared = load_scenario(f)
        move = prepared.move
        rules = get_ruleset(prepared.model.ruleset)
        # rrs judges a snapshot, the simulation plots its turns on one panel
        moves = prepared.model.ruleset not in ("rrs", "simulation")
        panels = 2 if moves and move is not None and rules.is_legal(prepared.position,
                                                                    move) else 1
        assert len(by_class(root, "boat")) == panels * len(prepared.position.boats)


def test_draw_rejects_unknown_layers(capsys: pytest.CaptureFixture[str]) -> None:
    f = sorted((bundled_catalogue() / "race-the-wind").rglob("*.yaml"))[0]
    assert main(["draw", str(f), "--layers", "claims,sails"]) == 2
    assert "unknown layer 'sails'" in capsys.readouterr().err


def test_a_position_with_no_boats_draws_its_marks() -> None:
    empty = Position(Compass.N, (), marks=(Mark("w", (3, 5), MarkRole.WINDWARD_MARK),))
    root = parse(str(svg.board(empty)))
    assert len(by_class(root, "mark")) == 1 and not by_class(root, "boat")
    parse(Position(Compass.N, ())._repr_svg_())


def test_claims_of_each_boat_are_drawn_apart_and_the_legend_lists_only_what_is_drawn() -> None:
    pos = Position(Compass.N, (Boat("A", (0, 0), Compass.NE), Boat("B", (2, 0), Compass.NW)))
    root = parse(str(svg.board(pos, claims=True, engagement=True)))
    groups = by_class(root, "claims")
    assert [g.get("data-boat") for g in groups] == ["A", "B"]
    a_square, b_square = (g.find(f"{{{primitives.SVG_NS}}}rect") for g in groups)
    assert a_square is not None and b_square is not None
    assert a_square.get("x") != b_square.get("x")  # both claim [1, 1], in different corners
    legend = " ".join(t.text or "" for g in by_class(root, "legend") for t in g.iter()
                      if t.tag.endswith("text"))
    assert legend.split() == ["starboard", "port", "claims", "give-way"]


def test_a_give_way_arrow_between_adjacent_hulls_is_drawn_beside_them() -> None:
    pos = Position(Compass.N, (Boat("A", (0, 1), Compass.NW), Boat("B", (1, 0), Compass.NW)))
    root = parse(str(svg.board(pos, engagement=True)))
    (arrow,) = by_class(root, "give-way")
    assert arrow.tag.endswith("path") and " Q " in (arrow.get("d") or "")
