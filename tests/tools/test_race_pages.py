"""The book's whole races (docs/_ext/races.py, docs/races/): each page's race is the one
``rightofway play`` races, and its frames say, move by move, what ``rightofway replay
--full`` says of the record: the same moves, the same events, the same ruling."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sphinx", reason="the book's tests need the docs extra")

from rightofway import cli
from rightofway.parallel import games
from rightofway.registry import get_ruleset

ROOT = Path(__file__).resolve().parent.parent.parent
PAGES = ROOT / "docs" / "races"
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import races  # noqa: E402

DIRECTIVE = re.compile(r"^\.\. rightofway-race:: (\S+)\n((?:   :\w+:.*\n)*)", re.MULTILINE)
OPTION = re.compile(r"   :(\w+):\s*(.*)")


def page_race(page: Path) -> tuple[races.RaceSpec, tuple[str, ...]]:
    """The race a page's directive asks for, and the kinds of event its text promises."""
    found = DIRECTIVE.findall(page.read_text(encoding="utf-8"))
    assert len(found) == 1, f"{page.name}: expected one rightofway-race directive"
    ruleset, block = found[0]
    options = dict(OPTION.fullmatch(line).groups()  # type: ignore[union-attr]
                   for line in block.splitlines())
    spec = races.RaceSpec(ruleset, int(options.get("boats", 2)), int(options.get("seed", 0)),
                          int(options["laps"]) if "laps" in options else None,
                          options.get("view", "game"))
    return spec, tuple(options.get("shows", "").replace(",", " ").split())


NAMES = ("race-the-wind", "vector-game", "americas-cup", "simulation", "rrs")
SLOW = frozenset({"americas-cup", "simulation"})
"""Pages whose race takes seconds to race again (the America's Cup bots, three boats of the
simulation): checked by the slow run, which CI makes; the default run checks the others."""


def pages(*names: str, slow: frozenset[str] = SLOW) -> list[Any]:
    """The pages as test parameters, those in ``slow`` marked slow."""
    return [pytest.param(n, marks=pytest.mark.slow) if n in slow else n
            for n in names or NAMES]


_RACES: dict[str, tuple[races.RaceSpec, list[str], dict[str, Any]]] = {}


def race_of(name: str) -> tuple[races.RaceSpec, list[str], dict[str, Any]]:
    """The page's race: its spec, its record and its frames (raced once per session)."""
    if name not in _RACES:
        spec, _ = page_race(PAGES / f"{name}.rst")
        lines = races.play_record(spec)
        _RACES[name] = (spec, lines, races.frames_payload(spec, lines))
    return _RACES[name]


_TURNS: dict[str, list[Any]] = {}


def turns_of(name: str) -> list[Any]:
    """The page's record replayed by its ruleset, move by move (once per session)."""
    if name not in _TURNS:
        spec, lines, _ = race_of(name)
        _TURNS[name] = list(get_ruleset(spec.ruleset).replay(lines))
    return _TURNS[name]


def replay_full(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
                ) -> tuple[list[list[str]], str]:
    """What ``rightofway replay FILE --full`` prints: one block of lines a move (its title
    line first), and the verdict (the last line, after the file's name)."""
    path = tmp_path / "race.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["replay", str(path), "--full"]) == 0
    out = capsys.readouterr().out.splitlines()
    blocks: list[list[str]] = []
    for line in out[:-1]:
        if re.match(r"turn \d+: ", line):
            blocks.append([line])
        else:
            assert blocks, f"replay printed {line!r} before the first move"
            blocks[-1].append(line)
    assert out[-1].startswith(f"{path}: ")
    return blocks, out[-1].removeprefix(f"{path}: ")


def shown_steps(payload: dict[str, Any], indexes: list[int]) -> list[str]:
    """A ruling's steps as ``replay --full`` prints them (numbered, kind, citation, text,
    the detail on a line of its own)."""
    width = len(str(len(indexes)))
    out = []
    for n, i in enumerate(indexes, 1):
        s = payload["steps"][i]
        out.append(f"    {n:>{width}}. {s['kind']:<10} [{s['cite']}] {s['text']}")
        if s.get("detail"):
            out.append(" " * (4 + width + 13) + s["detail"])
    return out


def test_every_ruleset_with_races_has_its_page_in_the_index() -> None:
    """One page a ruleset with races, and rrs's: a simulation race seen through the Racing
    Rules."""
    specs = {name: page_race(PAGES / f"{name}.rst")[0] for name in NAMES}
    assert {s.ruleset for s in specs.values()} == set(games())
    assert [s.name for s in specs.values()] == list(NAMES)
    assert specs["rrs"].ruleset == "simulation" and specs["rrs"].view == "rrs"
    index = (PAGES / "index.rst").read_text(encoding="utf-8")
    toctree = index[index.index(".. toctree::"):]
    assert all(f"\n   {name}\n" in toctree for name in NAMES)


@pytest.mark.parametrize("name", pages("vector-game", "americas-cup", "simulation", "rrs",
                                       slow=SLOW | {"rrs"}))
def test_a_page_races_what_play_records(name: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    spec, lines, _ = race_of(name)
    path = tmp_path / "play.jsonl"
    assert cli.main(["play", "--ruleset", spec.ruleset, "--boats", str(spec.boats), "--seed",
                     str(spec.seed), "--record", str(path), "-q"]) == 0
    assert path.read_text(encoding="utf-8").splitlines() == lines


def test_race_the_wind_races_plays_set_up_on_one_lap(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The Race the Wind page sails one lap (RTW 1 sails three): the set-up is otherwise the
    one ``play`` writes for the seed (placement, headings, tokens, wind)."""
    spec, lines, _ = race_of("race-the-wind")
    assert spec.laps == 1
    path = tmp_path / "play.jsonl"
    assert cli.main(["play", "--ruleset", "race-the-wind", "--boats", str(spec.boats),
                     "--seed", str(spec.seed), "--record", str(path), "-q"]) == 0
    played = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    ours = json.loads(lines[0])
    assert played["course"]["laps"] == 3 and ours["course"]["laps"] == 1
    ours["course"]["laps"] = 3
    assert ours == played


@pytest.mark.parametrize("name", pages(slow=SLOW | {"rrs"}))
def test_the_frames_are_what_replay_gives(name: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    spec, lines, payload = race_of(name)
    blocks, verdict = replay_full(lines, tmp_path, capsys)
    frames = payload["frames"]
    assert payload["moves"] == len(blocks) == len(frames) - 1 == len(lines) - 1
    assert races.MIN_MOVES <= payload["moves"] <= races.MAX_MOVES
    assert payload["verdict"] == verdict
    assert frames[0]["turn"] == 0 and frames[0]["events"] == []
    rules_itself = spec.view == "game" and spec.ruleset != "simulation"
    for n, (block, frame) in enumerate(zip(blocks, frames[1:], strict=True), 1):
        assert frame["turn"] == n
        assert block[0] == frame["title"] == f"turn {n}: {frame['move']}"
        events = [f"  [{e['cite']}] {e['text']}" for e in frame["events"]]
        steps = [line for r in frame["rulings"] for line in shown_steps(payload, r["steps"])]
        if rules_itself:  # the race rules on its moves: replay --full prints the ruling
            assert block[1:] == events + steps
        else:  # a simulation race: replay prints the events alone
            assert block[1:] == events


@pytest.mark.parametrize("name", pages(slow=SLOW | {"rrs"}))
def test_each_board_is_the_rulesets_drawing_after_the_move(name: str) -> None:
    spec, _, payload = race_of(name)
    turns = turns_of(name)
    states = [turns[0].before] + [t.race for t in turns]
    for frame, race in zip(payload["frames"], states, strict=True):
        if spec.view == "rrs":
            from rightofway.sim import to_rrs

            drawn = str(get_ruleset("rrs").diagram(to_rrs(race.position)))
        else:
            drawn = race.svg()
        assert races.board(payload, frame["board"]) == drawn
    # the shared pieces do their work: the page holds far less than the boards drawn out
    raw = sum(len(races.board(payload, f["board"])) for f in payload["frames"])
    assert len(json.dumps(payload["pieces"])) < raw / 2


@pytest.mark.slow
def test_a_simulation_move_is_ruled_by_the_simulations_adjudication() -> None:
    """``replay`` prints no ruling for a simulation move: the page shows the ruleset's
    ``adjudicate`` of the plan, whose close passes name the rule the event cites."""
    _, _, payload = race_of("simulation")
    turns = turns_of("simulation")
    close = 0
    for t, frame in zip(turns, payload["frames"][1:], strict=True):
        ruling = get_ruleset("simulation").adjudicate(t.before.position, t.move)
        [shown] = frame["rulings"]
        assert [payload["steps"][i] for i in shown["steps"]] == [s.to_json()
                                                                 for s in ruling.steps]
        for e in frame["events"]:
            if e["kind"] == "close":
                close += 1
                cited = [payload["steps"][i]["cite"] for i in shown["steps"]]
                assert e["cite"] in cited  # "had to keep clear (RRS 11)": the rule applied
    assert close > 0


def test_the_rrs_page_judges_every_pair_after_each_move() -> None:
    from rightofway.rrs import ruling
    from rightofway.sim import to_rrs

    _, _, payload = race_of("rrs")
    turns = turns_of("rrs")
    for t, frame in zip(turns, payload["frames"][1:], strict=True):
        position = to_rrs(t.race.position)
        [pair] = frame["rulings"]  # two boats, one pair
        r = ruling(position, "A", "B")
        assert pair["title"].startswith(f"A and B: {r.keep_clear} keeps clear of "
                                        f"{r.right_of_way} (RRS {r.rules[0]}")
        assert [payload["steps"][i] for i in pair["steps"]] == [s.to_json() for s in r.steps]


@pytest.mark.parametrize("name", pages())
def test_the_page_shows_the_events_its_text_promises(name: str) -> None:
    _, promised = page_race(PAGES / f"{name}.rst")
    _, _, payload = race_of(name)
    kinds = {e["kind"] for f in payload["frames"] for e in f["events"]}
    assert promised and set(promised) <= kinds


@pytest.mark.parametrize("name", pages())
def test_the_last_frame_holds_the_result(name: str) -> None:
    _, _, payload = race_of(name)
    last = turns_of(name)[-1].race
    assert payload["result"]["finish_order"] == list(last.finish_order)
    assert payload["verdict"].endswith(f"finish: {', '.join(last.finish_order)}")


def test_a_race_the_book_cannot_show_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"^laps: only a Race the Wind course has laps"):
        races.play_record(races.RaceSpec("vector-game", laps=1))
    with pytest.raises(ValueError, match=r"^ruleset: expected a ruleset with races, .*'rrs'"):
        races.play_record(races.RaceSpec("rrs"))
    with pytest.raises(ValueError, match=r"^view: expected one of game, rrs; got 'side'"):
        races.play_record(races.RaceSpec("simulation", view="side"))
    spec = races.RaceSpec("race-the-wind", 2, 5)  # three laps: some 300 moves
    with pytest.raises(ValueError, match=r"the race has \d{3} moves; the book shows races of "
                                         r"30 to 200"):
        races.frames_payload(spec, races.play_record(spec))
