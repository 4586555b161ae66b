"""The hearing: a protest between two boats decided as a protest committee writes it.

:func:`hearing` takes a position, the protest (who protests whom) and the facts found about
the incident beyond the position (contact, damage, who had to act to avoid whom, room not
given, a penalty taken). It rules the pair under Part 2 (:func:`~rightofway.rrs.ruling`)
and decides, as RRS 64 asks: the facts found, the conclusions and the rules that apply
(which rules each boat broke, and the exonerations of RRS 43.1), and the decision (the boats
penalised, or the protest dismissed). Every step cites its rule.

>>> from rightofway.rrs import Boat, Incident, Position, Protest, hearing
>>> pos = Position(0, (Boat("P", (0.0, 0.0), 45), Boat("S", (1.2, 0.3), 315)))
>>> d = hearing(pos, Protest("S", "P"), Incident(contact=True))
>>> d.broke, d.exonerated, d.penalised
({'P': ('10', '14'), 'S': ('14',)}, {'S': ('43.1(c)',)}, ('P',))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rightofway.errors import InputError, shown
from rightofway.explain import Step, render_steps, steps_json
from rightofway.rrs.position import Position
from rightofway.rrs.rules import PairRuling, cite, ruling, sorted_rules

__all__ = ["Decision", "Incident", "Protest", "hearing"]


@dataclass(frozen=True, slots=True)
class Protest:
    """A protest: boat ``by`` protests boat ``against``; the decision covers both."""

    by: str
    against: str

    def __post_init__(self) -> None:
        for name in ("by", "against"):
            if not isinstance(getattr(self, name), str):
                raise TypeError(f"{name}: expected a boat id, got "
                                f"{shown(getattr(self, name))}")
        if self.by == self.against:
            raise InputError(f"against: a boat cannot protest herself ({shown(self.by)})")


@dataclass(frozen=True, slots=True)
class Incident:
    """The facts found about the incident beyond the position, each optional.

    ``contact``: the boats touched; ``damage``: the contact caused damage or injury;
    ``avoiding_action``: the right-of-way boat had to act to avoid the other (her id);
    ``room_to_keep_clear``: false when the keep-clear boat had no room to keep clear as the
    other acquired right of way or changed course; ``room_not_given``: the boat not given the
    room or mark-room owed her; ``avoidable``: the boats for whom avoiding contact was
    reasonably possible (default both); ``penalty_taken``: a boat that took a penalty for
    the incident (RRS 44.1).
    """

    contact: bool = False
    damage: bool = False
    avoiding_action: str | None = None
    room_to_keep_clear: bool = True
    room_not_given: str | None = None
    avoidable: tuple[str, ...] | None = None
    penalty_taken: str | None = None

    def __post_init__(self) -> None:
        for name in ("contact", "damage", "room_to_keep_clear"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name}: expected true or false, got "
                                f"{shown(getattr(self, name))}")
        for name in ("avoiding_action", "room_not_given", "penalty_taken"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name}: expected a boat id, got {shown(value)}")
        if self.avoidable is not None:
            if not isinstance(self.avoidable, (tuple, list)) or not all(
                    isinstance(b, str) for b in self.avoidable):
                raise TypeError(f"avoidable: expected a list of boat ids, got "
                                f"{shown(self.avoidable)}")
            object.__setattr__(self, "avoidable", tuple(self.avoidable))

    def boats_named(self) -> list[tuple[str, str]]:
        """``(field, boat id)`` of every boat the incident names."""
        out = [(name, getattr(self, name)) for name in
               ("avoiding_action", "room_not_given", "penalty_taken")
               if getattr(self, name) is not None]
        out += [(f"avoidable[{i}]", b) for i, b in enumerate(self.avoidable or ())]
        return out


@dataclass(frozen=True, slots=True)
class Decision:
    """What the protest committee decides: the rules each boat broke, the exonerations
    applied to each, and the boats penalised, with the facts found, the conclusions and the
    decision as cited steps."""

    protest: Protest
    incident: Incident
    ruling: PairRuling
    """Part 2 between the parties, as the position shows it."""
    broke: dict[str, tuple[str, ...]]
    """Every rule each boat broke (boats that broke none are left out)."""
    exonerated: dict[str, tuple[str, ...]]
    """The exoneration rules applied to each boat (``"43.1(c)"``)."""
    penalised: tuple[str, ...]
    """The boats penalised (disqualified), sorted; empty when the protest is dismissed."""
    facts_found: tuple[Step, ...]
    conclusions: tuple[Step, ...]
    decision: tuple[Step, ...]
    excused: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """For each boat, the rules she broke and is exonerated for."""

    @property
    def dismissed(self) -> bool:
        """Whether no boat broke a rule."""
        return not self.broke

    @property
    def steps(self) -> tuple[Step, ...]:
        """The facts found, the conclusions and the decision, in that order."""
        return self.facts_found + self.conclusions + self.decision

    def sections(self) -> tuple[tuple[str, tuple[Step, ...]], ...]:
        """The decision's parts under their headings, as a protest committee writes them."""
        who = f"protest by {self.protest.by} against {self.protest.against}"
        return ((f"Hearing, {who}: facts found", self.facts_found),
                ("Conclusions and rules that apply", self.conclusions),
                ("Decision", self.decision))

    def summary(self) -> str:
        """One line: who is penalised for what, or the protest dismissed."""
        if self.dismissed:
            return "decision: protest dismissed, no rule broken"
        parts = [f"{b} broke {', '.join(rules)}"
                 + (f" (exonerated: {', '.join(self.exonerated[b])})" if b in self.exonerated
                    else "") for b, rules in self.broke.items()]
        pen = ", ".join(self.penalised) or "nobody"
        return f"decision: {'; '.join(parts)}; penalised: {pen}"

    def explain(self) -> str:
        """The decision for people."""
        out = [self.summary()]
        for title, steps in self.sections():
            out.append(f"{title}:")
            out.append(render_steps(steps))
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs, in the form of a scenario's ``expect.decision`` with the
        steps."""
        return {"protest": {"by": self.protest.by, "against": self.protest.against},
                "broke": {b: list(r) for b, r in self.broke.items()},
                "exonerated": {b: list(r) for b, r in self.exonerated.items()},
                "penalised": list(self.penalised),
                "facts_found": steps_json(self.facts_found),
                "conclusions": steps_json(self.conclusions),
                "decision": steps_json(self.decision)}


HEARING = cite("63.6")
"""Facts found are the protest committee's (RRS 63.6)."""
DECIDE = cite("64.1")
"""Penalties follow from the rules a boat broke (RRS 64.1)."""

SECTION_A = frozenset({"10", "11", "12", "13"})
_EXONERABLE_B = SECTION_A | {"15", "16.1", "16.2"}
"""What a boat sailing within the room or mark-room owed her is exonerated for (43.1(b)):
a rule of Section A, rule 15 or rule 16."""


def hearing(position: Position, protest: Protest, incident: Incident | None = None
            ) -> Decision:
    """Decide ``protest`` on ``position`` with the facts found in ``incident``.

    The parties are ruled as a pair (:func:`~rightofway.rrs.ruling`). The keep-clear boat
    breaks the rule that makes her keep clear when the boats touched or the right-of-way
    boat had to act to avoid her; with no room to keep clear, the right-of-way boat breaks
    rule 15 or 16.1 (whichever bound her) and the other is exonerated for the breach it
    compelled (43.1(a)); a boat not given the room or mark-room owed her is exonerated for
    a rule of Section A, 15 or 16 (43.1(b)), and the boat that owed it breaks the rule that
    required it; contact breaks rule 14 for each boat that could reasonably have avoided it,
    the right-of-way boat and one within room owed her exonerated when nothing was damaged
    (43.1(c)). A boat is penalised for a breach she is not exonerated for, unless she took
    a penalty for an incident that caused no damage; a boat not racing only for rule 23.1,
    or rule 14 with damage (Part 2 preamble).

    :class:`ValueError` naming the field when a boat named is not in the position or not a
    party.
    """
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    if not isinstance(protest, Protest):
        raise TypeError(f"protest: expected a Protest (by, against), got {shown(protest)}")
    incident = Incident() if incident is None else incident
    if not isinstance(incident, Incident):
        raise TypeError(f"incident: expected an Incident, got {shown(incident)}")
    for name in ("by", "against"):
        bid = getattr(protest, name)
        if not position.has_boat(bid):
            raise InputError(f"protest.{name}: no boat {shown(bid)} in the position (its "
                             f"boats: {shown(', '.join(position.boat_ids), 200)})")
    parties = (protest.by, protest.against)
    for name, bid in incident.boats_named():
        if bid not in parties:
            raise InputError(f"incident.{name}: {shown(bid)} is not a party to the protest "
                             f"({shown(parties[0], 30)}, {shown(parties[1], 30)})")
    return _Hearing(position, protest, incident, ruling(position, *parties)).decide()


class _Hearing:
    """One protest being decided: the breaches and exonerations as they are concluded."""

    def __init__(self, position: Position, protest: Protest, incident: Incident,
                 r: PairRuling) -> None:
        self.position, self.protest, self.incident, self.r = position, protest, incident, r
        self.broke: dict[str, list[str]] = {}
        self.excused: dict[str, dict[str, str]] = {}
        """Per boat: each rule she is exonerated for, and the exoneration rule."""
        self.conclusions: list[Step] = []

    def other(self, boat: str) -> str:
        return self.r.b if boat == self.r.a else self.r.a

    def breaks(self, boat: str, rule: str, why: str) -> None:
        if rule not in self.broke.setdefault(boat, []):
            self.broke[boat].append(rule)
        self.conclusions.append(Step("conclusion", f"{why}: {boat} broke rule {rule}",
                                     cite(rule)))

    def exonerate(self, boat: str, rules: Sequence[str], by: str, why: str) -> None:
        found = [rule for rule in rules if rule in self.broke.get(boat, ())
                 and rule not in self.excused.get(boat, {})]
        if not found:
            return
        for rule in found:
            self.excused.setdefault(boat, {})[rule] = by
        self.conclusions.append(Step("conclusion", f"{why}: {boat} is exonerated for breaking "
                                     f"{_rules(found)}", cite(by)))

    def decide(self) -> Decision:
        r, inc = self.r, self.incident
        facts = self.facts_found()
        self.conclusions = [s for s in r.steps if s.kind in ("rule", "conclusion")]
        holder, giver = r.right_of_way, r.keep_clear
        not_racing = self.position.facts.not_racing
        # the keep-clear boat's duty
        if inc.contact or inc.avoiding_action == holder:
            how = "they touched" if inc.contact else f"{holder} had to act to avoid her"
            self.breaks(giver, r.basis, f"{giver} did not keep clear of {holder} ({how})")
            if "23.1" in r.rules and giver == not_racing:
                self.breaks(giver, "23.1", f"{giver}, not racing, interfered with {holder}")
        # the breaches the snapshot itself shows (a hail that broke 20.1)
        for boat, rule in r.breaches:
            self.breaks(boat, rule, f"{boat}'s hail for room to tack was one rule 20.1 forbids")
        # no room to keep clear: rules 15 and 16.1, and 43.1(a)
        if not inc.room_to_keep_clear:
            limits = [rule for rule in ("15", "16.1") if rule in r.rules]
            for rule in limits:
                what = "acquired right of way" if rule == "15" else "changed course"
                self.breaks(holder, rule, f"{holder} {what} without giving {giver} room to "
                            "keep clear")
            if limits:
                self.exonerate(giver, [r.basis], "43.1(a)",
                               f"{holder}'s breach of rule {' and '.join(limits)} compelled "
                               f"{giver}'s")
            else:
                self.conclusions.append(Step(
                    "conclusion", f"{holder} neither acquired right of way by her own action "
                    "nor changed course: no rule required her to give room to keep clear",
                    cite("15")))
        # room or mark-room not given
        owed = self.owed()
        if inc.room_not_given is not None:
            x = inc.room_not_given
            if x not in owed:
                self.conclusions.append(Step(
                    "conclusion", f"{x} was owed neither room nor mark-room by "
                    f"{self.other(x)}: not giving it broke no rule", cite("43.1(b)")))
            else:
                rule = "20.2(c)" if owed[x] == "20.3" else owed[x]
                self.breaks(self.other(x), rule, f"{self.other(x)} did not give {x} the "
                            f"{'mark-room' if x == r.mark_room else 'room'} owed her")
        # contact: rule 14 and 43.1(c)
        if inc.contact:
            avoidable = inc.avoidable if inc.avoidable is not None else (r.a, r.b)
            for boat in avoidable:
                self.breaks(boat, "14", f"they touched and {boat} could reasonably have "
                            "avoided it")
        # exonerations: 43.1(b) for the boat owed room not given, 43.1(c) for rule 14
        lacked = inc.room_not_given
        if lacked is not None and lacked in owed:
            self.exonerate(lacked, sorted(_EXONERABLE_B), "43.1(b)",
                           f"{lacked} was sailing within the room or mark-room owed her")
        if inc.contact and not inc.damage:
            for boat in (r.a, r.b):
                if boat == holder or boat in owed:
                    why = ("the right-of-way boat" if boat == holder
                           else "sailing within the room or mark-room owed her")
                    self.exonerate(boat, ["14"], "43.1(c)", f"{boat}, {why}, broke rule 14 "
                                   "in contact that caused no damage or injury")
        return self.decision(facts)

    def owed(self) -> dict[str, str]:
        """The boats owed room or mark-room, with the rule that owes it."""
        out: dict[str, str] = {}
        if self.r.mark_room is not None and self.r.mark_room_rule is not None:
            out[self.r.mark_room] = self.r.mark_room_rule
        if self.r.room is not None and self.r.room_rule is not None:
            out.setdefault(self.r.room, self.r.room_rule)
        return out

    def facts_found(self) -> list[Step]:
        p, inc = self.protest, self.incident
        steps = [Step("fact", f"{p.by} protests {p.against}", HEARING)]
        steps += [s for s in self.r.steps if s.kind == "fact"]
        if inc.contact:
            steps.append(Step("fact", "the boats touched" + (
                ", causing damage or injury" if inc.damage else ", with no damage or injury"),
                HEARING))
        else:
            steps.append(Step("fact", "the boats did not touch", HEARING))
        if inc.avoiding_action is not None:
            steps.append(Step("fact", f"{inc.avoiding_action} had to act to avoid "
                              f"{self.other(inc.avoiding_action)}", HEARING))
        if not inc.room_to_keep_clear:
            steps.append(Step("fact", f"{self.r.keep_clear} had no room to keep clear",
                              HEARING))
        if inc.room_not_given is not None:
            what = "mark-room" if inc.room_not_given == self.r.mark_room else "room"
            steps.append(Step("fact", f"{inc.room_not_given} was not given {what} by "
                              f"{self.other(inc.room_not_given)}", HEARING))
        if inc.contact and inc.avoidable is not None:
            could = ", ".join(inc.avoidable) or "neither boat"
            steps.append(Step("fact", f"avoiding contact was reasonably possible for {could}",
                              HEARING))
        if inc.penalty_taken is not None:
            steps.append(Step("fact", f"{inc.penalty_taken} took a penalty for the incident",
                              cite("44.1")))
        return steps

    def decision(self, facts: list[Step]) -> Decision:
        inc = self.incident
        not_racing = self.position.facts.not_racing
        steps: list[Step] = []
        penalised: list[str] = []
        for boat in sorted(self.broke):
            excused = self.excused.get(boat, {})
            left = [rule for rule in self.broke[boat] if rule not in excused]
            if boat == not_racing:
                left = [rule for rule in left if rule == "23.1"
                        or (rule == "14" and inc.damage)]
                if not left:
                    steps.append(Step("rule", f"{boat} is not racing: she is penalised only for "
                                      "rule 23.1, or for rule 14 where there was damage or "
                                      "injury, and is not penalised", cite("23.1")))
                    continue
            if not left:
                steps.append(Step("rule", f"{boat} is exonerated for every rule she broke: "
                                  "she is not penalised", cite("43.1")))
                continue
            if inc.penalty_taken == boat and not inc.damage:
                steps.append(Step("rule", f"{boat} took a penalty for the incident, which "
                                  "caused no damage or injury: she is not penalised further",
                                  cite("44.1")))
                continue
            if inc.penalty_taken == boat:
                steps.append(Step("rule", f"{boat} took a penalty, but the incident caused "
                                  "damage or injury: the penalty does not excuse her",
                                  cite("44.1(b)")))
            penalised.append(boat)
            steps.append(Step("conclusion", f"{boat} broke {_rules(left)} and is not "
                              f"exonerated: she is disqualified", DECIDE))
        if not self.broke:
            steps.append(Step("conclusion", "no boat broke a rule: the protest is dismissed",
                              DECIDE))
        elif not penalised:
            steps.append(Step("conclusion", "no boat is penalised", DECIDE))
        return Decision(
            self.protest, inc, self.r,
            {b: sorted_rules(set(rules)) for b, rules in sorted(self.broke.items())},
            {b: tuple(sorted(set(ex.values()))) for b, ex in sorted(self.excused.items())},
            tuple(penalised), tuple(facts), tuple(self.conclusions), tuple(steps),
            {b: sorted_rules(set(ex)) for b, ex in sorted(self.excused.items())})


def _rules(numbers: Sequence[str]) -> str:
    """``rule 10``, ``rules 10 and 14``, ``rules 10, 14 and 23.1``."""
    ordered = sorted_rules(set(numbers))
    if len(ordered) == 1:
        return f"rule {ordered[0]}"
    return f"rules {', '.join(ordered[:-1])} and {ordered[-1]}"
