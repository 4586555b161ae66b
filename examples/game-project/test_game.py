"""Our game's tests, built on rightofway.

The scenario files in scenarios/ are collected by rightofway's pytest plugin
(installed with rightofway, nothing to configure). The tests below play whole
races through the library, as the game does: to the finish, with an undo, a
drawing of the final position and a game record that ``rightofway replay``
accepts.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from rightofway.rtw import bots as rtw_bots
from rightofway.vg import bots as vg_bots


def play_to_the_finish(bots: Any, race: Any, seed: int) -> Any:
    rng = random.Random(seed)
    while not race.is_over():
        race, _events = race.play(bots.choose_move(race, rng))
    return race


def check_race(bots: Any, start: Any, seed: int, tmp_path: Path) -> None:
    race = play_to_the_finish(bots, start, seed)
    assert race.finish_order, "somebody finishes"
    assert race.start is start and len(race.moves) == len(race.played) > 0

    # Undo the last move and play it again: the same race.
    last = race.moves[-1]
    again, _ = race.pop().play(last)
    assert again == race

    # Draw the final position (notebooks show races as they are).
    drawing = tmp_path / "final.svg"
    drawing.write_text(race._repr_svg_(), encoding="utf-8")
    assert drawing.read_text(encoding="utf-8").startswith("<svg")

    # Write the game record; rightofway replay re-adjudicates it move by move.
    record = tmp_path / "race.jsonl"
    record.write_text("\n".join(race.record_lines()) + "\n", encoding="utf-8")
    replay = subprocess.run([sys.executable, "-m", "rightofway.cli", "replay", "-q",
                             str(record)], capture_output=True, text=True, check=False)
    assert replay.returncode == 0, replay.stderr
    assert "legal and consistent" in replay.stdout


def test_a_race_the_wind_race_to_the_finish(tmp_path: Path) -> None:
    check_race(rtw_bots, rtw_bots.random_race(3, seed=7), 7, tmp_path)


def test_a_vector_game_race_to_the_finish(tmp_path: Path) -> None:
    check_race(vg_bots, vg_bots.random_race(3, seed=7), 7, tmp_path)
