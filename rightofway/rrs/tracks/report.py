"""The incident report: what Part 2 said of two boats while they were near each other
(:class:`Incident`), its changes, the events a :class:`~rightofway.rrs.tracks.Tracker`
reports as samples arrive, and the closest approach written as a scenario file."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from rightofway.rrs.position import Position

__all__ = ["Change", "Incident", "IncidentEvent", "IncidentRuling"]


@dataclass(frozen=True, slots=True)
class IncidentRuling:
    """What Part 2 says of a pair: the spec's five keys."""

    right_of_way: str
    keep_clear: str
    mark_room: str | None
    room: str | None
    rules: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"right_of_way", "keep_clear", "mark_room", "room", "rules"}``."""
        return {"right_of_way": self.right_of_way, "keep_clear": self.keep_clear,
                "mark_room": self.mark_room, "room": self.room, "rules": list(self.rules)}


@dataclass(frozen=True, slots=True)
class Change:
    """The pair's ruling from ``time`` on."""

    time: float
    ruling: IncidentRuling

    def to_json(self) -> dict[str, Any]:
        """``{"time", "ruling"}``."""
        return {"time": self.time, "ruling": self.ruling.to_json()}


@dataclass(frozen=True, slots=True)
class Incident:
    """Two boats within range of each other, from ``start`` to ``end`` (seconds from the
    first fix): their closest approach (``closest_time``, ``closest_distance`` between the
    hulls in hull lengths), the ruling there, whether they touched (``contact``), the
    right-of-way boat that took avoiding action (or ``None``), and each change of the
    ruling after ``start``.

    ``position`` is the :class:`~rightofway.rrs.Position` ruled (the pair re-centred on
    whole hull lengths, with the facts and the trail), taken at ``ruled_time``: the closest
    approach, or, where the hulls touched there, the nearest sample of the incident at
    which they did not (``None`` when they touched at every sample). :attr:`scenario`
    writes it as an rrs scenario file."""

    boats: tuple[str, str]
    """The pair, ids sorted."""
    start: float
    """The first sample within range (seconds from the first fix)."""
    end: float
    """The last sample within range."""
    closest_time: float
    """When the hulls came closest (the earliest of equals)."""
    closest_distance: float
    """The distance between the hulls then, in hull lengths."""
    ruling: IncidentRuling | None
    """The ruling of :attr:`position` (``None`` when the hulls touched at every sample)."""
    contact: bool
    """The hulls came within the course's ``beam`` of each other."""
    avoiding_action: str | None
    """The right-of-way boat that took avoiding action, or ``None``."""
    changes: tuple[Change, ...]
    """Each change of the ruling after ``start``."""
    position: Position | None = field(default=None, compare=False, repr=False)
    """The position ruled: the pair re-centred on whole hull lengths, with the facts and
    the trail (``None`` when the hulls touched at every sample)."""
    ruled_time: float | None = None
    """The sample :attr:`position` is of: the closest approach, or the nearest sample at
    which the hulls did not touch."""

    @property
    def scenario(self) -> str:
        """The ruled sample as an rrs scenario file (YAML): the position, its facts and
        trail, and the ruling as its ``expect``, which ``rightofway check`` passes; empty
        when there is no ruling."""
        if self.position is None or self.ruling is None or self.ruled_time is None:
            return ""
        return _scenario(self.boats[0], self.boats[1], self.ruled_time, self.position,
                         self.ruling)

    def to_json(self) -> dict[str, Any]:
        """The incident as the spec writes it."""
        return {"boats": list(self.boats), "start": self.start, "end": self.end,
                "closest": {"time": self.closest_time, "distance": self.closest_distance},
                "ruling": self.ruling.to_json() if self.ruling is not None else None,
                "contact": self.contact, "avoiding_action": self.avoiding_action,
                "changes": [c.to_json() for c in self.changes], "scenario": self.scenario}


class IncidentEvent:
    """What a sample did to an incident: ``opened`` it, ``changed`` its ruling, or
    ``closed`` it, between ``boats``; :attr:`incident` as it stood then. An open incident
    ends at the sample and is ruled at its closest approach so far on the facts alone; a
    closed one is ruled with the trail as well, as its scenario file writes it (the facts
    carry what the trail shows, so the two agree but for the rare reading only a trail
    gives). An open incident's ruling is worked out when first asked for."""

    __slots__ = ("_incident", "_make", "boats", "kind")

    def __init__(self, kind: Literal["opened", "changed", "closed"],
                 incident: Incident | Callable[[], Incident],
                 boats: tuple[str, str] | None = None) -> None:
        self.kind = kind
        if isinstance(incident, Incident):
            self._incident: Incident | None = incident
            self._make: Callable[[], Incident] | None = None
            self.boats = incident.boats
        else:
            if boats is None:
                raise TypeError("boats: name the pair of an incident made when asked for")
            self._incident, self._make, self.boats = None, incident, boats

    @property
    def incident(self) -> Incident:
        """The incident as it stood at the sample."""
        if self._incident is None:
            assert self._make is not None
            self._incident, self._make = self._make(), None
        return self._incident

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IncidentEvent):
            return NotImplemented
        return (self.kind, self.incident) == (other.kind, other.incident)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"IncidentEvent(kind={self.kind!r}, boats={self.boats!r})"


# --- the scenario file ---------------------------------------------------------------------


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "boat"


def _scenario(a: str, b: str, t: float, pos: Position, r: IncidentRuling) -> str:
    """The closest approach as an rrs scenario file: the position ruled, its facts and
    trail, and the ruling as its expectations."""
    from rightofway.room import yaml_text

    stamp = f"{t:.3f}".rstrip("0").rstrip(".").replace(".", "-")
    data = pos.to_json()
    options = data.pop("options")
    doc: dict[str, Any] = {
        "id": f"track-{_slug(a)}-{_slug(b)}-at-{stamp}s",
        "title": f"{a} and {b} at their closest approach, {t:g} s from the first fix",
        "ruleset": "rrs",
        "source": "Tracks: the sample nearest the closest approach, ruled by rightofway",
        "options": options,
        "position": data,
        "pair": [a, b],
        "expect": r.to_json(),
    }
    return yaml_text(doc)
