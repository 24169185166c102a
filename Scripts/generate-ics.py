#!/usr/bin/env python3
"""Deterministic generator of large iCalendar calendars, for tests and benchmarks.

Usage:
  generate-ics.py [--seed S] [--events N] [--recurring M] [--overrides K]
                  [--out FILE.ics | --vdir DIR] [--size-mb MB]

Writes N VEVENTs (M of them recurring, with K RECURRENCE-ID overrides spread
over the recurring ones) to FILE.ics (default stdout), or as a vdir folder
(one .ics per UID, overrides in their master's file, a `displayname` file).
Events mix America/New_York, Europe/Berlin (with their VTIMEZONEs), UTC,
floating and all-day times between 2023 and 2025; rules are
DAILY/WEEKLY/MONTHLY/YEARLY with COUNT, UNTIL or no end, some with EXDATEs;
about one override in ten has RANGE=THISANDFUTURE. `--size-mb MB` keeps
adding events (with long descriptions) until the file is about MB
megabytes. The same arguments always give the same bytes. Standard library
only; CRLF line endings, lines folded at 75 octets.
"""
import argparse
import datetime as dt
import os
import random
import sys

ZONES = {
    "America/New_York": ("-0500", "-0400", "EST", "EDT", "19700308T020000", "2SU", 3,
                         "19701101T020000", "1SU", 11),
    "Europe/Berlin": ("+0100", "+0200", "CET", "CEST", "19700329T020000", "-1SU", 3,
                      "19701025T030000", "-1SU", 10),
}
WORDS = ("review planning sync standup lunch call demo retro budget design interview "
         "onboarding workshop dentist yoga piano soccer dinner flight train report").split()


def vtimezone(tzid):
    std, dst, sname, dname, dstart, dday, dmon, sstart, sday, smon = ZONES[tzid]
    return ["BEGIN:VTIMEZONE", f"TZID:{tzid}",
            "BEGIN:DAYLIGHT", f"TZOFFSETFROM:{std}", f"TZOFFSETTO:{dst}", f"TZNAME:{dname}",
            f"DTSTART:{dstart}", f"RRULE:FREQ=YEARLY;BYMONTH={dmon};BYDAY={dday}", "END:DAYLIGHT",
            "BEGIN:STANDARD", f"TZOFFSETFROM:{dst}", f"TZOFFSETTO:{std}", f"TZNAME:{sname}",
            f"DTSTART:{sstart}", f"RRULE:FREQ=YEARLY;BYMONTH={smon};BYDAY={sday}", "END:STANDARD",
            "END:VTIMEZONE"]


def fold(line):
    raw = line.encode("utf-8")
    if len(raw) <= 75:
        return line
    parts, first = [], True
    while raw:
        room = 75 if first else 74
        cut = min(room, len(raw))
        while cut < len(raw) and cut > 0 and (raw[cut] & 0xC0) == 0x80:
            cut -= 1
        parts.append(raw[:cut].decode("utf-8"))
        raw, first = raw[cut:], False
    return "\r\n ".join(parts)


def stamp(t):
    return t.strftime("%Y%m%dT%H%M%S")


def prop(name, kind, t):
    """DTSTART-like property for a time kind: zone name, 'utc', 'floating' or 'date'."""
    if kind == "date":
        return f"{name};VALUE=DATE:{t.strftime('%Y%m%d')}"
    if kind == "utc":
        return f"{name}:{stamp(t)}Z"
    if kind == "floating":
        return f"{name}:{stamp(t)}"
    return f"{name};TZID={kind}:{stamp(t)}"


class Generator:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.zones_used = set()

    def kind(self):
        k = self.r.choices(["America/New_York", "Europe/Berlin", "utc", "floating", "date"],
                           weights=[35, 30, 15, 10, 10])[0]
        if k in ZONES:
            self.zones_used.add(k)
        return k

    def event(self, i, recurring, overrides, pad=0):
        r = self.r
        uid = f"gen-{i:07d}@kalends.example"
        k = self.kind()
        day = dt.datetime(2023, 1, 1) + dt.timedelta(days=r.randrange(3 * 365))
        if k == "date":
            start = day
            end = day + dt.timedelta(days=r.choice((1, 1, 1, 2, 3)))
        else:
            start = day + dt.timedelta(minutes=15 * r.randrange(24 * 4))
            end = start + dt.timedelta(minutes=r.choice((15, 30, 45, 60, 90, 120, 180)))
        title = " ".join(r.choice(WORDS) for _ in range(r.randint(1, 4))).capitalize()
        lines = ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20240101T000000Z",
                 prop("DTSTART", k, start), prop("DTEND", k, end), f"SUMMARY:{title} #{i}"]
        if r.random() < 0.3:
            lines.append(f"LOCATION:Room {r.randint(1, 40)}\\, building {r.choice('ABCD')}")
        if pad:
            lines.append("DESCRIPTION:" + " ".join(r.choice(WORDS) for _ in range(pad)))
        components = [lines]
        if recurring:
            freq = r.choice(("DAILY", "WEEKLY", "WEEKLY", "MONTHLY", "YEARLY"))
            rule = f"FREQ={freq}"
            if freq == "DAILY" and r.random() < 0.5:
                rule += ";INTERVAL=" + str(r.randint(2, 5))
            if freq == "WEEKLY" and r.random() < 0.5:
                rule += ";BYDAY=" + ",".join(sorted(r.sample(["MO", "TU", "WE", "TH", "FR"], r.randint(1, 3))))
            end_kind = r.choice(("count", "until", "open"))
            if end_kind == "count":
                rule += f";COUNT={r.randint(2, 200)}"
            elif end_kind == "until":
                until = start + dt.timedelta(days=r.randint(7, 900))
                rule += f";UNTIL={until.strftime('%Y%m%d')}" if k == "date" else \
                    f";UNTIL={stamp(until)}" + ("" if k == "floating" else "Z")
            lines.insert(5, f"RRULE:{rule}")
            step = {"DAILY": dt.timedelta(days=1), "WEEKLY": dt.timedelta(weeks=1)}.get(freq)
            if step and not ("BYDAY" in rule or "INTERVAL" in rule):
                if r.random() < 0.4:
                    ex = start + step * r.randint(1, 3)
                    lines.insert(6, prop("EXDATE", k, ex))
                for n in range(overrides):
                    rid = start + step * (4 + n * 2)
                    moved = rid + dt.timedelta(hours=r.choice((-2, -1, 1, 2))) if k != "date" else rid
                    rng = ";RANGE=THISANDFUTURE" if r.random() < 0.1 else ""
                    ov = ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20240101T000000Z",
                          prop("RECURRENCE-ID", k, rid).replace("RECURRENCE-ID", "RECURRENCE-ID" + rng, 1),
                          prop("DTSTART", k, moved), prop("DTEND", k, moved + (end - start)),
                          f"SUMMARY:{title} #{i} (moved)", "SEQUENCE:1", "END:VEVENT"]
                    components.append(ov)
        lines.append("END:VEVENT")
        return uid, components


def calendar(name, tz_lines, bodies):
    head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Kalends//generate-ics.py//EN",
            f"X-WR-CALNAME:{name}"]
    return head + tz_lines + [l for comps in bodies for c in comps for l in c] + ["END:VCALENDAR"]


def emit(lines, out):
    out.write("".join(fold(l) + "\r\n" for l in lines).encode("utf-8"))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--events", type=int, default=10000)
    p.add_argument("--recurring", type=int, default=5000)
    p.add_argument("--overrides", type=int, default=500)
    p.add_argument("--out")
    p.add_argument("--vdir")
    p.add_argument("--size-mb", type=float)
    p.add_argument("--name", default="Generated")
    a = p.parse_args()
    g = Generator(a.seed)
    recurring_ids = set(g.r.sample(range(a.events), min(a.recurring, a.events)))
    ordered = sorted(recurring_ids)
    per = {}
    for n in range(a.overrides):  # spread overrides round-robin over recurring events
        if ordered:
            per[ordered[n % len(ordered)]] = per.get(ordered[n % len(ordered)], 0) + 1
    items, size, i = [], 0, 0
    target = int(a.size_mb * 1024 * 1024) if a.size_mb else None
    while i < a.events or (target and size < target):
        pad = 60 if target else 0
        uid, comps = g.event(i, i in recurring_ids, per.get(i, 0), pad)
        items.append((uid, comps))
        size += sum(len(l) + 2 for c in comps for l in c)
        i += 1
    if a.vdir:
        os.makedirs(a.vdir, exist_ok=True)
        with open(os.path.join(a.vdir, "displayname"), "w") as f:
            f.write(a.name)
        for uid, comps in items:
            tz = [l for z in sorted(g.zones_used) for l in vtimezone(z)
                  if any(f"TZID={z}" in line for c in comps for line in c)]
            with open(os.path.join(a.vdir, uid.split("@")[0] + ".ics"), "wb") as f:
                emit(calendar(a.name, tz, [comps]), f)
        return 0
    tz = [l for z in sorted(g.zones_used) for l in vtimezone(z)]
    lines = calendar(a.name, tz, [c for _, c in items])
    if a.out:
        with open(a.out, "wb") as f:
            emit(lines, f)
    else:
        emit(lines, sys.stdout.buffer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
