"""The headings of the America's Cup rulebook the rules cite, in one place.

Every citation of the ruleset, in the API and in the book, is one of these: the
rulebook's own headings after the prefix ``AC`` (``AC Head Cover``). Scenario files
name them in ``expect.reason`` (:data:`Section`).
"""

from __future__ import annotations

from typing import Literal, get_args

from rightofway.explain import Citation

__all__ = [
    "BY_HEADING",
    "CARDS",
    "CODE",
    "CREW",
    "DOWNWIND",
    "END",
    "FORBIDDEN",
    "HEAD",
    "INTO",
    "POSITION",
    "PREPARATION",
    "REGATTA",
    "SECTIONS",
    "SEQUENCE",
    "START",
    "TOURNAMENT",
    "TURN",
    "Section",
]

CODE = "AC"
"""The prefix of every America's Cup citation."""

Section = Literal[
    "AC Preparation", "AC Boat Position and Movement", "AC Turn Sequence",
    "AC Forbidden Manoeuvres", "AC The Cards", "AC End of the Race", "AC The Crew",
    "AC Start Procedure", "AC Sequence", "AC Head Cover", "AC Downwind Cover",
    "AC Into the Wind", "AC Regatta", "AC Tournament",
]
"""A citation as files write it (``expect.reason``)."""

SECTIONS: tuple[str, ...] = get_args(Section)
"""The rulebook headings citations use, as written (``AC Head Cover``)."""

BY_HEADING: dict[str, Citation] = {
    s.removeprefix(f"{CODE} "): Citation(CODE, s.removeprefix(f"{CODE} ")) for s in SECTIONS
}
"""Each citation by its heading without the prefix (``Head Cover``)."""

PREPARATION = BY_HEADING["Preparation"]
"""Setting up: the board, the boats below the line, six cards each."""
POSITION = BY_HEADING["Boat Position and Movement"]
"""The actions, each a Movement Point, and the hulls they leave."""
TURN = BY_HEADING["Turn Sequence"]
"""A card of the boat's colour played from the hand, the skip and the exchange."""
FORBIDDEN = BY_HEADING["Forbidden Manoeuvres"]
"""No step into the wind, no end into it, no boat left without a move."""
CARDS = BY_HEADING["The Cards"]
"""The two halves of a card: upwind and downwind values."""
END = BY_HEADING["End of the Race"]
"""Legs, rounding and the finish."""
CREW = BY_HEADING["The Crew"]
"""Key positions, crew points and crew tacks about the bow."""
START = BY_HEADING["Start Procedure"]
"""Five manoeuvres below the line, the verdicts and who moves first."""
SEQUENCE = BY_HEADING["Sequence"]
"""Upwind cards in sequence from a 2, and the discard for 2 points."""
HEAD = BY_HEADING["Head Cover"]
"""A point lost under another boat's cover on an upwind leg."""
DOWNWIND = BY_HEADING["Downwind Cover"]
"""A point lost with the stern under another boat's cover on a downwind leg."""
INTO = BY_HEADING["Into the Wind"]
"""The move stops when the bow points into the wind; a boat into the wind plays a 2."""
REGATTA = BY_HEADING["Regatta"]
"""Up to six boats."""
TOURNAMENT = BY_HEADING["Tournament"]
"""A round robin of match races and a final."""
