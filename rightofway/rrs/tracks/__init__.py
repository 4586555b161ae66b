"""Incidents from tracks: the Racing Rules over time, for recorded or simulated boats.

Boats on the water leave tracks (GPS units, trackers, games that move boats every tick).
:func:`read_tracks` reads CSV and GPX fixes, :func:`read_course` the course they sail
(hull length, wind, start, marks, obstructions, lines); :func:`incidents` samples the
boats at a fixed step and reports every incident: two boats whose hulls come within
``range`` hull lengths, with their closest approach, the ruling there and its changes,
contact, avoiding action, and the closest approach as an rrs scenario file. A game pushes
its boats into a :class:`Tracker` instead, one sample at a time, and hears of incidents as
they open, change and close.

>>> from rightofway.rrs.tracks import Course, Tracker
>>> tracker = Tracker(Course(hull_length=10.0))
>>> for t in range(0, 21):   # A on port, B on starboard, crossing ahead of A's bow
...     events = tracker.push(t, {"A": (-100.0 + 5 * t, -100.0 + 5 * t, 45.0),
...                               "B": (100.0 - 5 * t, -100.0 + 5 * t + 3, 315.0)})
>>> [(e.kind, e.incident.boats) for e in tracker.close()]
[('closed', ('A', 'B'))]
>>> r = tracker.incidents[0].ruling
>>> r.keep_clear, r.right_of_way, r.rules
('A', 'B', ('10',))
"""

from rightofway.rrs.tracks.derive import (
    ACQUIRED_SECONDS,
    AVOIDING_DEGREES,
    AVOIDING_SECONDS,
    CHANGING_COURSE,
    STILL_KNOTS,
    TRAIL,
)
from rightofway.rrs.tracks.read import (
    KNOT,
    MAX_TRACK_BYTES,
    Course,
    Projection,
    Track,
    TrackError,
    Tracks,
    read_course,
    read_tracks,
    samples,
)
from rightofway.rrs.tracks.report import Change, Incident, IncidentEvent, IncidentRuling
from rightofway.rrs.tracks.tracker import Tracker, incidents

__all__ = [
    "ACQUIRED_SECONDS",
    "AVOIDING_DEGREES",
    "AVOIDING_SECONDS",
    "CHANGING_COURSE",
    "KNOT",
    "MAX_TRACK_BYTES",
    "STILL_KNOTS",
    "TRAIL",
    "Change",
    "Course",
    "Incident",
    "IncidentEvent",
    "IncidentRuling",
    "Projection",
    "Track",
    "TrackError",
    "Tracker",
    "Tracks",
    "incidents",
    "read_course",
    "read_tracks",
    "samples",
]
