#!/usr/bin/env python3
"""Umm al-Qura months 1420-1500 AH from the calendar's own rule, against the
published table (PyPI `hijridate`) and Kalends (`islamic-umalqura`, ICU's data).

Rule (in use since 1420 AH / 1999): on the evening of the 29th day of a month,
at Mecca (21.4225 N, 39.8262 E), if the geocentric conjunction occurs before
sunset AND the moon sets after the sun, the next day begins the new month;
otherwise the month has 30 days.

What it computes (PyEphem; sunset and moonset of the upper limb with standard
refraction at sea level; conjunction = new moon in apparent ecliptic longitude,
to 0.01 s; Mecca civil days in UTC+3):
  1. For every month 1420-02 ... 1500-12, starting from each source's own
     previous month start (hijridate's, Kalends'), the month start the rule
     gives, and whether that source agrees ("conditional" check: each month
     judged on the 29th that source itself has).
  2. The rule's own chain, anchored at 1 Muharram 1420 = 1999-04-17 (all
     agree), and its agreement with each source.
  3. Every disagreement with the conjunction time, sunset, moonset (UTC and
     Mecca time) and the margins in minutes.

Run (from the repository root, after `swift build -c release --product kalends`):
  pip install ephem hijridate
  python3 Scripts/disputed-months/umalqura_rule.py [path/to/kalends] \
      > Scripts/disputed-months/results-umalqura.txt
Takes well under a minute. Every loop is bounded.
"""
import datetime as dt
import json
import os
import subprocess
import sys

import ephem
from hijridate import Hijri

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lunarcore import new_moon_after  # noqa: E402

MECCA = dict(lat='21.4225', lon='39.8262', elevation=0)
AST = dt.timedelta(hours=3)
FIRST_YEAR, LAST_YEAR = 1420, 1500


def to_datetime(d):
    y, mo, da, h, mi, s = ephem.Date(d).tuple()
    return dt.datetime(y, mo, da, h, mi) + dt.timedelta(seconds=s)


def observer():
    o = ephem.Observer()
    o.lat, o.lon, o.elevation = MECCA['lat'], MECCA['lon'], MECCA['elevation']
    return o


_cache = {}


def evening(day):
    """(conjunction, sunset, moonset) as UTC datetimes for the evening of the
    Mecca civil day `day`; the conjunction is the one nearest that evening."""
    if day in _cache:
        return _cache[day]
    o = observer()
    noon = ephem.Date(dt.datetime(day.year, day.month, day.day, 9, 0))   # 12:00 Mecca
    o.date = noon
    sunset = o.next_setting(ephem.Sun())
    o.date = ephem.Date(noon - 0.25)                                       # 06:00 Mecca
    moonset = o.next_setting(ephem.Moon())
    conj = new_moon_after(ephem.Date(noon - 15))
    if conj < noon - 14.8:                      # take the conjunction nearest the evening
        conj = new_moon_after(ephem.Date(conj + 1))
    res = (to_datetime(conj), to_datetime(sunset), to_datetime(moonset))
    _cache[day] = res
    return res


def rule_next_start(start):
    """Given a month's first day, the next month's first day by the rule."""
    day29 = start + dt.timedelta(days=28)
    conj, sunset, moonset = evening(day29)
    ok = conj < sunset and moonset > sunset
    return start + dt.timedelta(days=29 if ok else 30)


def months():
    for y in range(FIRST_YEAR, LAST_YEAR + 1):
        for m in range(1, 13):
            yield y, m


def hijridate_starts():
    return {(y, m): Hijri(y, m, 1).to_gregorian() for y, m in months()}


def kalends_starts(binary):
    out = subprocess.run([binary, 'days', '1999-03-01', '2078-01-01', '--unit', 'month',
                          '--calendar', 'islamic-umalqura', '--tz', 'UTC', '--json'],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    res = {}
    for line in out.splitlines():
        j = json.loads(line)
        y, m, _ = j['date'].split('-')
        res[(int(y), int(m))] = dt.date.fromisoformat(j['iso'])
    return res


def fmt(t):
    return f"{t:%Y-%m-%d %H:%M:%S}Z ({t + AST:%H:%M} Mecca)"


def detail(key, prev_start, rule_start):
    day29 = prev_start + dt.timedelta(days=28)
    conj, sunset, moonset = evening(day29)
    return (f"29th = {day29}: conjunction {fmt(conj)}, sunset {fmt(sunset)}, moonset {fmt(moonset)}; "
            f"conj-sunset {(conj - sunset).total_seconds() / 60:+.1f} min, "
            f"moonset-sunset {(moonset - sunset).total_seconds() / 60:+.1f} min -> rule: {rule_start}")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', '..', '.build', 'release', 'kalends')
    hd, kal = hijridate_starts(), kalends_starts(binary)
    keys = list(months())
    print("# Umm al-Qura months 1420-1500 AH: rule vs hijridate (published table) vs Kalends")
    print(f"# PyEphem {ephem.__version__}; Mecca {MECCA['lat']} N {MECCA['lon']} E, sea level; upper limb, standard refraction")
    print()
    # 1. conditional: each source's own previous start
    for name, src in (('hijridate', hd), ('Kalends', kal)):
        agree, bad = 0, []
        for prev, key in zip(keys, keys[1:]):
            r = rule_next_start(src[prev])
            if r == src[key]:
                agree += 1
            else:
                bad.append((key, src[prev], r, src[key]))
        print(f"## {name}: rule applied to {name}'s own 29th: {agree} of {len(keys) - 1} month starts agree "
              f"(1420-02 ... 1500-12)")
        for y0, y1 in ((1420, 1450), (1451, 1500)):
            n = sum(1 for k in keys[1:] if y0 <= k[0] <= y1)
            b = sum(1 for k, *_ in bad if y0 <= k[0] <= y1)
            print(f"   {y0}-{y1}: {n - b} of {n} agree")
        for key, prev, r, s in bad:
            print(f"   {key[0]}-{key[1]:02d}: {name} {s}, {detail(key, prev, r)}")
        print()
    # 2. the rule's own chain
    chain = {keys[0]: hd[keys[0]]}
    for prev, key in zip(keys, keys[1:]):
        chain[key] = rule_next_start(chain[prev])
    print(f"## The rule's own chain from 1 Muharram 1420 = {chain[keys[0]]}")
    for name, src in (('hijridate', hd), ('Kalends', kal)):
        for y0, y1 in ((1420, 1450), (1451, 1500), (1420, 1500)):
            ks = [k for k in keys if y0 <= k[0] <= y1]
            print(f"   {name} {y0}-{y1}: {sum(chain[k] == src[k] for k in ks)} of {len(ks)} month starts agree")
    ks = [k for k in keys if k[0] >= 1451]
    print(f"   hijridate vs Kalends 1451-1500: {sum(hd[k] == kal[k] for k in ks)} of {len(ks)} agree")
    print()
    print("## Every month where chain, hijridate and Kalends do not all agree")
    print("month    | rule     | hijridate | Kalends  | rule agrees with | evening of the rule's 29th")
    for prev, key in zip(keys, keys[1:]):
        r, h, k = chain[key], hd[key], kal[key]
        if r == h == k:
            continue
        who = 'hijridate' if r == h else 'Kalends' if r == k else 'neither'
        print(f"{key[0]}-{key[1]:02d}  | {r} | {h} | {k} | {who:9} | {detail(key, chain[prev], r)}")
    print()
    print("## Fragile evenings: rule months whose margin is under 1 minute")
    for prev, key in zip(keys, keys[1:]):
        day29 = chain[prev] + dt.timedelta(days=28)
        conj, sunset, moonset = evening(day29)
        a, b = (conj - sunset).total_seconds() / 60, (moonset - sunset).total_seconds() / 60
        if abs(a) < 1 or abs(b) < 1:
            print(f"{key[0]}-{key[1]:02d}: {detail(key, chain[prev], chain[key])}")


if __name__ == '__main__':
    main()
