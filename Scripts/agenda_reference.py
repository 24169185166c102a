#!/usr/bin/env python3
"""A reference agenda, for comparing with `kalends agenda --json`.

Usage: agenda_reference.py FILE.ics|VDIR... [--from DATE] [--to DATE | --days N]
                           [--tz ZONE] [--json]

Reads calendar files or vdir folders with the Python `icalendar` package,
expands them with `recurring-ical-events` over the half-open window
[FROM, TO) (dates read at midnight in --tz), and prints one JSON object a
line in the form of `kalends agenda --json` (Docs/CLI.md):
uid, title, start, end, allDay, recurrenceId (instances of recurring events
only), calendar (X-WR-CALNAME, a vdir's `displayname`, else the file or
folder name) and location (when not empty). Sorted by start, all-day first
within a day. Needs: pip install icalendar recurring-ical-events.
Used by Scripts/compare-agenda.sh and Scripts/bench-ics.sh; it is a
reference, not an oracle: see Tests/Fixtures/ICalendar/README.md for where
it disagrees with RFC 5545.
"""
import argparse
import datetime as dt
import json
import os
import sys
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events


def read_source(path):
    """Returns (calendar, name) for a file or a vdir folder."""
    if os.path.isdir(path):
        merged = icalendar.Calendar()
        name = os.path.basename(os.path.normpath(path))
        dn = os.path.join(path, "displayname")
        if os.path.exists(dn):
            name = open(dn, encoding="utf-8").read().strip() or name
        seen_tz = set()
        for entry in sorted(os.listdir(path)):
            if not entry.endswith(".ics"):
                continue
            cal = icalendar.Calendar.from_ical(open(os.path.join(path, entry), "rb").read())
            for sub in cal.subcomponents:
                if sub.name == "VTIMEZONE":
                    if str(sub.get("TZID")) in seen_tz:
                        continue
                    seen_tz.add(str(sub.get("TZID")))
                merged.add_component(sub)
        return merged, name
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    name = str(cal.get("X-WR-CALNAME") or "") or os.path.basename(path)
    return cal, name


def to_zone(value, zone):
    """A date stays a date; a floating time is read in zone; others converted."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=zone)
        return value.astimezone(zone)
    return value


def render(value, zone_name):
    if isinstance(value, dt.datetime):
        text = value.replace(microsecond=0).isoformat()
        if zone_name == "UTC" and text.endswith("+00:00"):
            text = text[:-6] + "Z"
        return text
    return value.isoformat()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("sources", nargs="+")
    p.add_argument("--from", dest="start")
    p.add_argument("--to", dest="end")
    p.add_argument("--days", type=int)
    p.add_argument("--tz", default=os.environ.get("TZ") or "UTC")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    zone = ZoneInfo(a.tz)
    first = dt.date.fromisoformat(a.start) if a.start else dt.datetime.now(zone).date()
    last = dt.date.fromisoformat(a.end) if a.end else first + dt.timedelta(days=a.days or 7)
    lo = dt.datetime.combine(first, dt.time(), zone)
    hi = dt.datetime.combine(last, dt.time(), zone)
    rows = []
    for source in a.sources:
        cal, name = read_source(source)
        # recurring-ical-events puts a RECURRENCE-ID on every occurrence, so
        # which events recur is read from the source components.
        recurring = {str(c.get("UID")) for c in cal.walk("VEVENT")
                     if "RRULE" in c or "RDATE" in c or "RECURRENCE-ID" in c}
        for ev in recurring_ical_events.of(cal).between(lo, hi):
            if str(ev.get("STATUS") or "").upper() == "CANCELLED":
                continue  # the contract leaves cancelled instances out
            start = ev.get("DTSTART").dt
            if "DTEND" in ev:
                end = ev.get("DTEND").dt
            elif "DURATION" in ev:
                d = ev.get("DURATION").dt
                if isinstance(start, dt.datetime) and start.tzinfo is not None and d.seconds:
                    # RFC 5545 3.3.6: hours, minutes, seconds are exact time.
                    end = (start.astimezone(dt.timezone.utc) + d).astimezone(start.tzinfo)
                else:
                    end = start + d
            elif isinstance(start, dt.datetime):
                end = start
            else:
                end = start + dt.timedelta(days=1)
            all_day = not isinstance(start, dt.datetime)
            s, e = to_zone(start, zone), to_zone(end, zone)
            row = {"uid": str(ev.get("UID")), "title": str(ev.get("SUMMARY") or ""),
                   "start": render(s, a.tz), "end": render(e, a.tz), "allDay": all_day}
            if row["uid"] in recurring:
                rid = ev.get("RECURRENCE-ID")
                row["recurrenceId"] = render(to_zone(rid.dt if rid else start, zone), a.tz)
            row["calendar"] = name
            location = str(ev.get("LOCATION") or "")
            if location:
                row["location"] = location
            day = s if all_day else s.date()
            key = (day, 0 if all_day else 1, s if not all_day else dt.datetime.combine(s, dt.time(), zone), row["uid"])
            rows.append((key, row))
    rows.sort(key=lambda kr: kr[0])
    for _, row in rows:
        if a.json:
            print(json.dumps(row, ensure_ascii=False, separators=(",", ":")))
        else:
            print(row["start"], row["end"], row["title"], sep="  ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
