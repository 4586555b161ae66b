"""America's Cup scenario files: bad input is one line naming file, line and field (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rightofway.cli import main

GOOD = """\
id: ac-file-check
title: A file to spoil
ruleset: americas-cup
source: America's Cup rulebook, The Crew
options: {crew: true}
position:
  boats:
    - {id: blue, bow: [8, 10], heading: NW, leg: 1, crew: [2, 4, 5], hand: [G2/4/2-6-7]}
    - {id: red, bow: [16, 30], heading: NE, leg: 1}
move: {boat: blue, card: G2/4/2-6-7, actions: [A, A, CL]}
expect:
  legal: true
  points: {blue: 2}
  crew_points: {blue: 1}
  after: {blue: {bow: [6, 12], heading: W}}
"""


def run(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    code = main(["check", str(path)])
    return code, capsys.readouterr().err.strip()


def test_the_good_file_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(tmp_path, GOOD, capsys)[0] == 0


@pytest.mark.parametrize(("old", "new", "line", "field", "words"), [
    ("card: G2/4/2-6-7", "card: G2-4", 10, "move.card", "unknown card notation"),
    ("hand: [G2/4/2-6-7]", "hand: [B2/4/2-6-7]", 8, "position.boats[0].hand[0]",
     "unknown card notation"),
    ("[A, A, CL]", "[A, JUMP, CL]", 10, "move.actions[1]", "'CL' or 'CR'"),
    ("bow: [8, 10]", "bow: [21, 10]", 8, "position.boats[0].bow", "off the board"),
    ("bow: [16, 30], heading: NE", "bow: [10, 44], heading: NE", 9, "position.boats[1].bow",
     "on a mark"),
    ("bow: [16, 30], heading: NE", "bow: [9, 9], heading: N", 9, "position.boats[1].bow",
     "hull"),
    ("crew: [2, 4, 5]", "crew: [2, 4, 9]", 8, "position.boats[0].crew[2]", "8"),
    ("crew: [2, 4, 5]", "crew: [2, 4, 4]", 8, "position.boats[0].crew", "must differ"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          old: str, new: str, line: int, field: str,
                                          words: str) -> None:
    assert old in GOOD
    code, err = run(tmp_path, GOOD.replace(old, new), capsys)
    assert code == 2
    assert len(err.splitlines()) == 1
    assert f"s.yaml:{line}: {field}:" in err and words in err


def test_a_card_not_in_the_hand_is_an_illegal_move_not_bad_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GOOD.replace("card: G2/4/2-6-7, actions", "card: G3/4/2-6-7, actions").replace(
        "  legal: true\n  points: {blue: 2}\n  crew_points: {blue: 1}\n"
        "  after: {blue: {bow: [6, 12], heading: W}}\n",
        "  legal: false\n  reason: AC Turn Sequence\n")
    assert run(tmp_path, text, capsys)[0] == 0
