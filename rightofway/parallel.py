"""Many games and records at once: on one core, on every core, or on a Dask cluster.

The work comes in three pure job functions, each of which returns plain, comparable data:

* :func:`play_one` races the bots of one ruleset through one whole game from a seed;
* :func:`replay_one` re-adjudicates one game record;
* :func:`incidents_one` reports the incidents of one race's tracks (the Racing Rules over
  time, :mod:`rightofway.rrs.tracks`).

The runners :func:`play_games`, :func:`replay_records` and :func:`incidents_many` hand a
list of such jobs to one of three back ends: in this process one after the other (the
default), to a pool of worker processes (``jobs`` above 1), or to a Dask cluster
(``scheduler``, the address of its scheduler; needs the optional extra ``cluster``). Each
job depends on its arguments alone (every random choice comes from the seed), and the
runners return the results in the order of the jobs, so the three back ends return exactly
the same list. :func:`summarize` and :func:`summarize_incidents` add the results up.

>>> games = play_games("vector-game", 2, [1, 2])
>>> [g.seed for g in games]
[1, 2]
>>> summarize(games, seconds=0.0).games
2
"""

from __future__ import annotations

import functools
import importlib
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal, TypeVar

from rightofway.errors import RightOfWayError

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = [
    "PENALTY_KINDS",
    "PROGRESS_DELAY",
    "ClusterUnavailable",
    "GameSummary",
    "IncidentsSummary",
    "IncidentsTotal",
    "ReplaySummary",
    "Summary",
    "course_beside",
    "games",
    "incidents_many",
    "incidents_of",
    "incidents_one",
    "play_games",
    "play_one",
    "record_ruleset",
    "replay_one",
    "replay_records",
    "replay_text",
    "start_game",
    "summarize",
    "summarize_incidents",
    "terminal",
]

def games() -> list[str]:
    """The rulesets whose whole races are played and replayed: every ruleset in the
    registry that declares the ``races`` capability (:class:`rightofway.registry.Races`),
    third-party ones included."""
    from rightofway.registry import with_capability

    return with_capability("races")


PENALTY_KINDS = frozenset({"infringement", "start-fault"})
"""Kinds of event counted as penalties: each rule broken that can cost the boat a penalty
(an infringement of right of way, a fault at the start), in every ruleset alike."""

Status = Literal["ok", "unfinished", "mismatch", "invalid"]
R = TypeVar("R")


class ClusterUnavailable(RightOfWayError, RuntimeError):
    """A Dask cluster was asked for but cannot be used: the extra ``cluster`` is not
    installed, or its scheduler cannot be reached."""


def _count(kinds: Iterable[str]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(Counter(k for k in kinds if k != "move").items()))


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What one game of bots came to."""

    ruleset: str
    boats: int
    seed: int
    moves: int
    """Moves played."""
    finish: tuple[str, ...]
    """Boats in the order they finished."""
    unfinished: tuple[str, ...]
    """Boats still racing when the race stopped (a race may stop at its turn limit)."""
    penalties: int
    """Events of the kinds in :data:`PENALTY_KINDS`."""
    events: tuple[tuple[str, int], ...]
    """How many events of each kind the moves caused (``move`` left out), by kind."""
    illegal_moves: int = 0
    """Moves refused by the rules: none for bots, which choose among the legal moves."""
    record: tuple[str, ...] | None = field(default=None, repr=False)
    """The game record's lines (JSON Lines), when asked for."""

    def line(self) -> str:
        """One line for people."""
        order = ", ".join(f"{i}. {b}" for i, b in enumerate(self.finish, 1)) or "nobody"
        text = f"seed {self.seed}: finish: {order} after {self.moves} moves"
        if self.penalties:
            text += f", {_plural(self.penalties, 'penalty', 'penalties')}"
        if self.unfinished:
            text += f"; still racing: {', '.join(self.unfinished)}"
        return text


@dataclass(frozen=True, slots=True)
class ReplaySummary:
    """What re-adjudicating one game record came to.

    ``status`` is ``ok`` (every move legal and consistent, the race over), ``unfinished``
    (legal and consistent, but the record stops before the race is over), ``mismatch``
    (a move is illegal or its recorded events are not those the rules give; ``turn`` names
    it) or ``invalid`` (the file cannot be read as a record).
    """

    path: str
    status: Status
    message: str
    """The verdict, or what is wrong, in words."""
    moves: int = 0
    """Moves found legal and consistent."""
    finish: tuple[str, ...] = ()
    penalties: int = 0
    """Events of the kinds in :data:`PENALTY_KINDS` in the moves found consistent."""
    events: tuple[tuple[str, int], ...] = ()
    illegal_moves: int = 0
    """1 when the replay stopped at a move the rules refuse, else 0."""
    turn: int | None = None
    """The turn of a mismatch."""

    def line(self) -> str:
        """One line for people, starting with the file."""
        return f"{self.path}: {self.message}"


@dataclass(frozen=True, slots=True)
class Summary:
    """The results of many games or records, added up."""

    games: int
    """Games played, or records replayed."""
    moves: int
    illegal_moves: int
    penalties: int
    seconds: float
    failed: int = 0
    """Records whose replay is not ``ok`` (0 for games)."""
    invalid: int = 0
    """Records that cannot be read (0 for games)."""
    unit: str = "games"
    """What was counted: ``games`` or ``records``."""

    def line(self) -> str:
        """One line for people."""
        noun = self.unit if self.games != 1 else self.unit[:-1]
        text = (f"{self.games} {noun}, {_plural(self.moves, 'move')}, "
                f"{_plural(self.illegal_moves, 'illegal move')}, "
                f"{_plural(self.penalties, 'penalty', 'penalties')}, {self.seconds:.1f} s")
        if self.failed:
            text += f"; {self.failed} failed ({self.invalid} invalid)"
        return text


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def summarize(results: Sequence[GameSummary | ReplaySummary], seconds: float) -> Summary:
    """Add up the results of :func:`play_games` or :func:`replay_records`."""
    failed = sum(isinstance(r, ReplaySummary) and r.status != "ok" for r in results)
    invalid = sum(isinstance(r, ReplaySummary) and r.status == "invalid" for r in results)
    return Summary(
        games=len(results), moves=sum(r.moves for r in results),
        illegal_moves=sum(r.illegal_moves for r in results),
        penalties=sum(r.penalties for r in results), seconds=seconds,
        failed=failed, invalid=invalid,
        unit="records" if any(isinstance(r, ReplaySummary) for r in results) else "games",
    )


# --- the jobs ---------------------------------------------------------------------------------


def play_one(ruleset: str, boats: int, seed: int, *, course: str | None = None,
             record: bool = False) -> GameSummary:
    """Race ``boats`` bots of ``ruleset`` from ``seed`` to the end of the race.

    ``course`` names a Race the Wind course (``windward-leeward``, ``windward-gate``,
    ``triangle``); ``record`` keeps the game record's lines. Raises
    :class:`~rightofway.races.SetupError` for a set-up the rules refuse (too many boats),
    :class:`KeyError` for an unknown ruleset or course.

    >>> play_one("vector-game", 2, 1).moves > 0
    True
    """
    bots, race = start_game(ruleset, boats, seed, course)
    rng = random.Random(seed)
    kinds: list[str] = []
    while not race.is_over():
        race, events = race.play(bots.choose_move(race, rng))
        kinds.extend(e.kind for e in events)
    order = tuple(race.finish_order)
    return GameSummary(
        ruleset=ruleset, boats=boats, seed=seed, moves=len(race.moves), finish=order,
        unfinished=tuple(b for b in race.start.position.boat_ids if b not in order),
        penalties=sum(k in PENALTY_KINDS for k in kinds), events=_count(kinds),
        record=tuple(race.record_lines()) if record else None,
    )


def start_game(ruleset: str, boats: int, seed: int, course: str | None) -> tuple[Any, Any]:
    """The ruleset (its ``races`` capability: ``choose_move``) and the seeded random race
    its bots start from (its default course when ``course`` is ``None``); errors as
    :func:`play_one`'s, :class:`~rightofway.errors.Unsupported` for a ruleset without
    races."""
    from rightofway.registry import get_ruleset, require

    games: Any = require(get_ruleset(ruleset), "races")
    return games, games.random_race(boats, seed, course)


def _read(path: str) -> str | ReplaySummary:
    """A record file's text, or its ``invalid`` summary."""
    from rightofway import limits

    try:
        return limits.read_limited(Path(path), limits.MAX_RECORD_BYTES)
    except OSError as e:
        return ReplaySummary(path, "invalid", f"cannot read: {e.strerror or e}")
    except limits.LimitError as e:
        return ReplaySummary(path, "invalid", f"{f'line {e.line}: ' if e.line else ''}{e.message}")


def replay_one(path: str | Path, *, partial: bool = False,
               on_turn: Callable[[Any], None] | None = None) -> ReplaySummary:
    """Re-adjudicate the game record in the file ``path`` (of any ruleset).

    A record that stops before the race is over is ``unfinished``, or ``ok`` with
    ``partial``. Never raises for a bad record: what is wrong is in the summary.
    ``on_turn`` is called with each move found legal and consistent (the ruleset's
    :class:`~rightofway.races.ReplayTurn`), as it is found.
    """
    text = _read(str(path))
    if isinstance(text, ReplaySummary):
        return text
    return replay_text(str(path), text, partial=partial, on_turn=on_turn)


def replay_text(name: str, text: str, *, partial: bool = False,
                on_turn: Callable[[Any], None] | None = None) -> ReplaySummary:
    """:func:`replay_one` of a record already read: ``text`` is its content, ``name`` says
    where it came from."""
    from rightofway import limits
    from rightofway.races import IllegalMove, RecordError, ReplayMismatch

    lines = text.splitlines()
    if len(lines) > limits.MAX_TURNS + 1:
        return ReplaySummary(name, "invalid", f"{len(lines)} lines; a record holds at most "
                             f"{limits.MAX_TURNS} moves after its set-up line")
    try:
        ruleset = record_ruleset(lines)
    except RecordError as e:
        return ReplaySummary(name, "invalid", str(e))
    known = games()
    if ruleset not in known:
        return ReplaySummary(name, "invalid", f"line 1: ruleset: expected one of "
                             f"{', '.join(known)}, got {ruleset!r}")
    from rightofway.registry import get_ruleset

    replay = get_ruleset(ruleset).replay  # type: ignore[attr-defined]
    last: Any = None
    kinds: list[str] = []

    def counted(status: Status, message: str, **more: Any) -> ReplaySummary:
        return ReplaySummary(name, status, message, moves=last.turn if last else 0,
                             penalties=sum(k in PENALTY_KINDS for k in kinds),
                             events=_count(kinds), **more)

    try:
        for t in replay(lines):
            last = t
            kinds.extend(e.kind for e in t.events)
            if on_turn is not None:
                on_turn(t)
    except RecordError as e:
        return counted("invalid", str(e))
    except ReplayMismatch as e:
        # the record modules raise the mismatch "from None": the refusal is its context
        illegal = isinstance(e.__context__, IllegalMove)
        return counted("mismatch", str(e), illegal_moves=int(illegal), turn=e.turn)
    if last is None:
        return ReplaySummary(name, "ok", "the record has no moves; nothing to check")
    race = last.race
    order = tuple(race.finish_order)
    if not race.is_over():
        racing = [b for b in race.position.boat_ids if b not in order]
        message = (f"{last.turn} moves legal and consistent, but the record stops before the "
                   f"race is over (still racing: {', '.join(racing)}; finished: "
                   f"{', '.join(order) or 'nobody'})")
        return counted("ok" if partial else "unfinished", message, finish=order)
    return counted("ok", f"{last.turn} moves legal and consistent; finish: "
                   f"{', '.join(order) or 'nobody'}", finish=order)


def record_ruleset(lines: list[str]) -> str:
    """The ruleset a record's set-up line names; :class:`~rightofway.races.RecordError`
    for an empty record, a first line that is not a JSON object, or one that names no
    ruleset."""
    from rightofway.races import RecordError, read_record_line

    if not lines or not lines[0].strip():
        raise RecordError(1, "the record is empty; it starts with a set-up line")
    first = read_record_line(lines[0], 1)
    if not isinstance(first, dict):
        raise RecordError(1, f"a set-up line is a JSON object, not {type(first).__name__}")
    name = first.get("ruleset")
    if not isinstance(name, str):
        raise RecordError(1, "ruleset: required key is missing or not a name: the set-up "
                             "line names the game the record is of")
    return name


PROGRESS_DELAY = 1.0
"""Seconds one race's incidents take before :func:`incidents_of` draws its progress bar."""


def course_beside(path: str | Path) -> Path | None:
    """The course file beside the tracks file ``path``, as ``play --tracks`` writes it:
    ``NAME.course.yaml`` for ``NAME.csv``; for a name of several dotted parts
    (``race.W.gpx``, one boat's file) the shorter names too (``race.W.course.yaml``, then
    ``race.course.yaml``). ``None`` when there is none."""
    tracks = Path(path)
    stem = tracks.stem
    while stem:
        found = tracks.with_name(f"{stem}.course.yaml")
        if found.is_file():
            return found
        stem, dot, _ = stem.rpartition(".")
        if not dot:
            break
    return None


def incidents_of(tracks: Any, course: Any, *, step: float = 1.0, range: float = 3.0,
                 heading_window: float = 3.0, progress: IO[str] | None = None) -> list[Any]:
    """:func:`rightofway.rrs.tracks.incidents` of ``tracks`` sailing ``course``, with a
    progress bar on the terminal ``progress`` (drawn once the work has taken a second,
    so that a short file draws none): the samples pushed through a
    :class:`~rightofway.rrs.tracks.Tracker` one by one, the same incidents."""
    from rightofway.rrs.tracks import incidents

    if progress is None:
        return incidents(tracks, course, step=step, range=range,
                         heading_window=heading_window)
    total = int((tracks.end - tracks.start) / step + 1e-9) + 1
    bar = _Bar(progress, total, "samples", delay=PROGRESS_DELAY)

    def advance(n: int) -> None:
        if n % 64 == 0:
            bar.to(n)

    try:
        return incidents(tracks, course, step=step, range=range,
                         heading_window=heading_window, on_sample=advance)
    finally:
        bar.close()


@dataclass(frozen=True, slots=True)
class IncidentsSummary:
    """What the tracks of one race came to: ``status`` ``ok`` with the incident report
    (``incidents``, each as :meth:`rightofway.rrs.tracks.Incident.to_json` writes it), or
    ``invalid`` with what is wrong (``message``, one line naming the file, line and
    field)."""

    path: str
    status: Literal["ok", "invalid"]
    message: str
    """The verdict, or what is wrong, in words."""
    boats: int = 0
    """Boats in the tracks."""
    seconds: float = 0.0
    """From the first fix to the last."""
    incidents: tuple[dict[str, Any], ...] = field(default=(), repr=False)
    """The incident report: the spec's incident objects, sorted by start, then boats."""

    @property
    def contacts(self) -> int:
        """Incidents in which the hulls touched."""
        return sum(bool(i["contact"]) for i in self.incidents)

    @property
    def avoiding_actions(self) -> int:
        """Incidents in which the right-of-way boat took avoiding action."""
        return sum(i["avoiding_action"] is not None for i in self.incidents)

    @classmethod
    def of(cls, name: str, tracks: Any, found: Sequence[Any]) -> IncidentsSummary:
        """The ``ok`` summary of the incidents ``found``
        (:class:`~rightofway.rrs.tracks.Incident`) in ``tracks``
        (:class:`~rightofway.rrs.tracks.Tracks`) read from ``name``."""
        report = tuple(i.to_json() for i in found)
        seconds = tracks.end - tracks.start
        return cls(name, "ok", _incidents_words(report, len(tracks.boats), seconds),
                   len(tracks.boats), seconds, report)

    def line(self) -> str:
        """One line for people, starting with the file."""
        if self.status == "invalid":
            return self.message if self.message.startswith(self.path) \
                else f"{self.path}: {self.message}"
        return f"{self.path}: {self.message}"


def _incidents_words(found: Sequence[dict[str, Any]], boats: int, seconds: float) -> str:
    contacts = sum(bool(i["contact"]) for i in found)
    avoiding = sum(i["avoiding_action"] is not None for i in found)
    more = [f"{contacts} with contact"] if contacts else []
    if avoiding:
        more.append(f"{avoiding} with avoiding action")
    noted = f" ({', '.join(more)})" if more else ""
    return (f"{_plural(len(found), 'incident')}{noted} among {_plural(boats, 'boat')} "
            f"over {seconds:g} s")


def incidents_one(path: str | Path, *, step: float = 1.0, range: float = 3.0,
                  heading_window: float = 3.0) -> IncidentsSummary:
    """The incidents of one race: the tracks file ``path`` sailing the course beside it
    (:func:`course_beside`). Never raises for bad input: what is wrong is in the summary.

    ``step``, ``range`` and ``heading_window`` as for
    :func:`rightofway.rrs.tracks.incidents`.
    """
    read = _read_race(str(path))
    if isinstance(read, IncidentsSummary):
        return read
    return _incidents_read(read, step=step, range=range, heading_window=heading_window)


def _incidents_read(race: tuple[str, Any, Any], *, step: float, range: float,
                    heading_window: float) -> IncidentsSummary:
    """:func:`incidents_one` of tracks and a course already read."""
    from rightofway.errors import InputError

    name, tracks, course = race
    try:
        found = incidents_of(tracks, course, step=step, range=range,
                             heading_window=heading_window)
    except InputError as e:
        return IncidentsSummary(name, "invalid", f"{name}: {e}")
    return IncidentsSummary.of(name, tracks, found)


@dataclass(frozen=True, slots=True)
class IncidentsTotal:
    """The incident reports of many races, added up."""

    races: int
    incidents: int
    contacts: int
    avoiding_actions: int
    seconds: float
    """Time the work took."""
    invalid: int = 0
    """Races whose files cannot be read."""

    def line(self) -> str:
        """One line for people."""
        text = (f"{_plural(self.races, 'race')}, {_plural(self.incidents, 'incident')}, "
                f"{self.contacts} with contact, {self.avoiding_actions} with avoiding "
                f"action, {self.seconds:.1f} s")
        if self.invalid:
            text += f"; {self.invalid} invalid"
        return text


def summarize_incidents(results: Sequence[IncidentsSummary], seconds: float) -> IncidentsTotal:
    """Add up the results of :func:`incidents_many`."""
    return IncidentsTotal(
        races=len(results), incidents=sum(len(r.incidents) for r in results),
        contacts=sum(r.contacts for r in results),
        avoiding_actions=sum(r.avoiding_actions for r in results), seconds=seconds,
        invalid=sum(r.status == "invalid" for r in results))



# --- the runners ------------------------------------------------------------------------------


def play_games(ruleset: str, boats: int, seeds: Sequence[int], *, course: str | None = None,
               record: bool = False, jobs: int = 1, scheduler: str | None = None,
               progress: IO[str] | None = None) -> list[GameSummary]:
    """:func:`play_one` for each seed, in the order of ``seeds``.

    ``jobs`` above 1 plays them in that many worker processes; ``scheduler`` (the address
    of a Dask scheduler, ``tcp://host:8786``) on that cluster instead. ``progress`` is a
    terminal to draw a progress bar on. The result is the same whichever runs them.
    Raises what :func:`play_one` raises for a set-up the rules refuse, before any game
    starts.
    """
    if seeds:  # a set-up the rules refuse is refused here, not once per job on the workers
        start_game(ruleset, boats, seeds[0], course)
    job = functools.partial(play_one, ruleset, boats, course=course, record=record)
    return _run(job, list(seeds), jobs=jobs, scheduler=scheduler, progress=progress,
                noun="games")


def replay_records(paths: Sequence[str | Path], *, partial: bool = False, jobs: int = 1,
                   scheduler: str | None = None,
                   progress: IO[str] | None = None) -> list[ReplaySummary]:
    """:func:`replay_one` for each file, in the order of ``paths``.

    ``jobs`` and ``scheduler`` as for :func:`play_games`. On a cluster the files are read
    here and their text sent to the workers, which need not see this file system.
    """
    names = [str(p) for p in paths]
    if scheduler is None:
        return _run(functools.partial(replay_one, partial=partial), names, jobs=jobs,
                    scheduler=None, progress=progress, noun="records")
    texts = [_read(n) for n in names]
    todo = [(n, t) for n, t in zip(names, texts, strict=True) if isinstance(t, str)]
    done = iter(_run(functools.partial(_replay_pair, partial=partial), todo, jobs=jobs,
                     scheduler=scheduler, progress=progress, noun="records"))
    return [t if isinstance(t, ReplaySummary) else next(done) for t in texts]


def incidents_many(paths: Sequence[str | Path], *, step: float = 1.0, range: float = 3.0,
                   heading_window: float = 3.0, jobs: int = 1, scheduler: str | None = None,
                   progress: IO[str] | None = None) -> list[IncidentsSummary]:
    """:func:`incidents_one` for each tracks file, each a race of its own with its course
    file beside it, in the order of ``paths``.

    ``jobs`` and ``scheduler`` as for :func:`play_games`. On a cluster the files are read
    here and the tracks and courses sent to the workers, which need not see this file
    system.
    """
    names = [str(p) for p in paths]
    if scheduler is None:
        return _run(functools.partial(incidents_one, step=step, range=range,
                                      heading_window=heading_window), names, jobs=jobs,
                    scheduler=None, progress=progress, noun="races")
    read = [_read_race(n) for n in names]
    todo = [r for r in read if not isinstance(r, IncidentsSummary)]
    done = iter(_run(functools.partial(_incidents_read, step=step, range=range,
                                       heading_window=heading_window), todo, jobs=jobs,
                     scheduler=scheduler, progress=progress, noun="races"))
    return [r if isinstance(r, IncidentsSummary) else next(done) for r in read]


def _read_race(name: str) -> tuple[str, Any, Any] | IncidentsSummary:
    """A race's tracks and course as read here, or its ``invalid`` summary."""
    from rightofway.errors import InputError
    from rightofway.rrs.tracks import TrackError, read_course, read_tracks

    try:
        tracks = read_tracks([name])
        course_file = course_beside(name)
        if course_file is None:
            raise TrackError(name, None, "course", f"expected the course file beside the "
                             f"tracks ({Path(name).stem}.course.yaml, as play --tracks "
                             f"writes it), got none")
        return (name, tracks, read_course(course_file, tracks))
    except InputError as e:
        return IncidentsSummary(name, "invalid", str(e))


def _replay_pair(pair: tuple[str, str], *, partial: bool) -> ReplaySummary:
    return replay_text(pair[0], pair[1], partial=partial)


def _run(job: Callable[[Any], R], items: list[Any], *, jobs: int, scheduler: str | None,
         progress: IO[str] | None, noun: str) -> list[R]:
    bar = _Bar(progress, len(items), noun)
    try:
        if scheduler is not None:
            return _on_cluster(job, items, scheduler, bar)
        if jobs <= 1 or len(items) <= 1:
            results = []
            for item in items:
                results.append(job(item))
                bar.step()
            return results
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        # a fork server where there is one: forking a process that runs threads (a Dask
        # client, a test's local cluster) may copy a lock that is held
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
        with ProcessPoolExecutor(max_workers=min(jobs, len(items)), mp_context=context) as pool:
            futures: list[Future[R]] = [pool.submit(job, item) for item in items]
            for _ in as_completed(futures):
                bar.step()
            return [f.result() for f in futures]
    finally:
        bar.close()


def _on_cluster(job: Callable[[Any], R], items: list[Any], address: str, bar: _Bar) -> list[R]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterUnavailable(
            "a Dask cluster needs the optional extra 'cluster': "
            "pip install 'rightofway[cluster]'") from None
    try:
        client = distributed.Client(address, timeout="20s")
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {e}") from None
    with client:
        # pure=False: a job is run even when another has the same arguments
        futures = client.map(job, items, pure=False)
        for _ in distributed.as_completed(futures):
            bar.step()
        results: list[R] = client.gather(futures)
        return results


class _Bar:
    """A one-line progress bar on a terminal; nothing when ``out`` is ``None``. With a
    ``delay`` (seconds) it is drawn only once the work has taken that long."""

    WIDTH = 30

    def __init__(self, out: IO[str] | None, total: int, noun: str, delay: float = 0.0) -> None:
        self.out, self.total, self.noun, self.done = out, total, noun, 0
        self.started = time.monotonic()
        self.delay = delay
        self.drawn: tuple[int, int] | None = None
        self._draw()

    def _draw(self) -> None:
        if self.out is None or not self.total:
            return
        seconds = time.monotonic() - self.started
        if seconds < self.delay:
            return
        filled = self.WIDTH * min(self.done, self.total) // self.total
        if self.delay and self.drawn == (filled, int(seconds)):
            return  # nothing a reader would see changes: spare the terminal
        self.drawn = (filled, int(seconds))
        self.out.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] "
                       f"{min(self.done, self.total)}/{self.total} {self.noun} {seconds:.0f} s")
        self.out.flush()

    def step(self) -> None:
        self.done += 1
        self._draw()

    def to(self, done: int) -> None:
        """``done`` of the total are done."""
        self.done = done
        self._draw()

    def close(self) -> None:
        if self.out is not None and self.total and self.drawn is not None:
            self.out.write("\r" + " " * (self.WIDTH + 40) + "\r")
            self.out.flush()


def terminal() -> IO[str] | None:
    """Standard error when it is a terminal (where a progress bar belongs), else ``None``."""
    return sys.stderr if sys.stderr.isatty() else None
