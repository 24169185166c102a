#!/usr/bin/env python3
"""Chinese lunar months 1900-2099 from the calendar's own rule, against the
Hong Kong Observatory table (PyPI `lunardate`) and Kalends.

Rule (GB/T 33661-2017, "Calculation and promulgation of the Chinese
calendar"): a month begins on the civil day that contains the astronomical
new moon (geocentric conjunction in apparent ecliptic longitude), reckoned in
Beijing time: UTC+8 from 1929 on, Beijing local mean time (UTC+7:45:40, 116°25' E)
before 1929.

What it computes:
  1. PyEphem's accuracy for new moons (see lunarcore.accuracy_report).
  2. Every new moon from 1900-01 to 2100-02 (UT, 0.01 s), its civil date by
     the rule, and whether a month of lunardate (HKO) and of Kalends begins
     that day; every new moon where any two of rule / HKO / Kalends disagree,
     with the new moon's time, its distance from local midnight, and the
     verdict under three Delta T models (PyEphem's; Espenak & Meeus 2006;
     Delta T held at 69.2 s after 2024, its measured value, since it has
     barely grown since 2016).
  3. The near-midnight new moons (within 10 minutes) on which all agree.

Run (from the repository root, after `swift build -c release --product kalends`):
  pip install ephem lunardate
  python3 Scripts/disputed-months/chinese_new_moons.py [path/to/kalends] \
      > Scripts/disputed-months/results-chinese.txt
Takes about 10 s. Every loop is bounded.
"""
import datetime as dt
import json
import os
import subprocess
import sys

import ephem
from lunardate import LunarDate

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lunarcore import (accuracy_report, new_moon_after, delta_t_espenak_meeus,  # noqa: E402
                       decimal_year, ut_with_delta_t, SECOND)

BMT = dt.timedelta(hours=7, minutes=45, seconds=40)
CST = dt.timedelta(hours=8)
FIRST, LAST = dt.date(1900, 1, 31), dt.date(2100, 2, 8)   # lunardate's span


def to_datetime(d):
    y, mo, da, h, mi, s = ephem.Date(d).tuple()
    return dt.datetime(y, mo, da, h, mi) + dt.timedelta(seconds=s)


def offset_for(utc):
    return CST if (utc + CST).year >= 1929 else BMT


def local(utc, offset=None):
    return utc + (offset if offset is not None else offset_for(utc))


def minutes_from_midnight(t):
    """Signed minutes to the nearest local midnight (+ after, - before)."""
    m = t.hour * 60 + t.minute + t.second / 60
    return m if m < 720 else m - 1440


def hko_month_starts():
    starts, day = {}, FIRST
    for _ in range(80000):                     # bound: 73,000 days in the span
        if day > LAST:
            break
        ld = LunarDate.from_solar_date(day.year, day.month, day.day)
        if ld.day == 1:
            starts[day] = f"{ld.year}-M{ld.month:02d}{'L' if ld.is_leap_month else ''}"
        day += dt.timedelta(days=1)
    return starts


def kalends_month_starts(binary, start='1899-12-01', end='2100-03-01'):
    out = subprocess.run([binary, 'days', start, end, '--unit', 'month',
                          '--calendar', 'chinese', '--tz', 'UTC', '--json'],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    starts = {}
    for line in out.splitlines():
        j = json.loads(line)
        starts[dt.date.fromisoformat(j['iso'])] = j['date'][:-3]
    return starts


def kalends_label(binary, day):
    out = subprocess.run([binary, 'convert', day.isoformat(), '--to', 'chinese'],
                         capture_output=True, text=True, timeout=60).stdout.strip()
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', '..', '.build', 'release', 'kalends')
    print("# Chinese new moons 1900-2099: rule (GB/T 33661-2017) vs HKO (lunardate) vs Kalends")
    print(f"# PyEphem {ephem.__version__}, lunardate {LunarDate.__module__ and __import__('lunardate').__version__}")
    print()
    print("## PyEphem accuracy")
    for line in accuracy_report():
        print(line)
    print()
    hko, kal = hko_month_starts(), kalends_month_starts(binary)
    moons, d = [], ephem.Date('1900/1/1')
    for _ in range(2600):                      # bound: ~2480 lunations
        d = new_moon_after(d)
        utc = to_datetime(d)
        if local(utc).date() > LAST:
            break
        moons.append((d, utc))
        d = ephem.Date(d + 1)
    moons = [(d, u) for d, u in moons if local(u).date() >= FIRST]
    rule_days = {local(u).date() for _, u in moons}
    print(f"## New moons whose rule day is in lunardate's span, {moons[0][1]:%Y-%m-%d} ... {moons[-1][1]:%Y-%m-%d}: {len(moons)}")
    print(f"HKO (lunardate) month starts in {FIRST} ... {LAST}: {len(hko)}")
    agree_h = sum(1 for _, u in moons if local(u).date() in hko)
    agree_k = sum(1 for _, u in moons if local(u).date() in kal)
    print(f"rule day is a HKO month start: {agree_h} of {len(moons)}")
    print(f"rule day is a Kalends month start: {agree_k} of {len(moons)}")
    extra_h = sorted(x for x in hko if x not in rule_days)
    extra_k = sorted(x for x in kal if FIRST <= x <= LAST and x not in rule_days)
    print(f"HKO month starts on no rule day: {len(extra_h)}; Kalends: {len(extra_k)}")
    print()
    print("## Every new moon where rule, HKO and Kalends do not all agree")
    print("new moon UT (PyEphem)  | local time (zone)         | min from midnight | rule day   | HKO start  | Kalends start | rule agrees with | dT alt verdicts")
    disputed, near = [], []
    for d, utc in moons:
        t = local(utc)
        rd = t.date()
        near_h = [x for x in (rd - dt.timedelta(days=1), rd, rd + dt.timedelta(days=1)) if x in hko]
        near_k = [x for x in (rd - dt.timedelta(days=1), rd, rd + dt.timedelta(days=1)) if x in kal]
        if not (FIRST <= rd <= LAST):
            continue
        h, k = (near_h or [None])[0], (near_k or [None])[0]
        mfm = minutes_from_midnight(t)
        if h == rd and k == rd:
            if abs(mfm) < 10:
                near.append((utc, t, mfm))
            continue
        # Delta T sensitivity: same TT instant, other Delta T models
        alts = []
        for name, sec in (('EM2006', delta_t_espenak_meeus(decimal_year(d))),
                          ('flat69', 69.2 if decimal_year(d) > 2024 else ephem.delta_t(d))):
            alt = local(to_datetime(ut_with_delta_t(d, sec)))
            alts.append(f"{name}:{alt:%m-%d %H:%M:%S}")
        who = 'HKO' if h == rd else ('Kalends' if k == rd else 'neither')
        zone = 'UTC+8' if offset_for(utc) == CST else 'UTC+7:45:40'
        print(f"{utc:%Y-%m-%d %H:%M:%S}    | {t:%Y-%m-%d %H:%M:%S} {zone:11} | {mfm:+8.2f}          | {rd} | {h} | {k}    | {who:7} | {' '.join(alts)}")
        disputed.append((utc, t, rd, h, k, who, mfm))
    print()
    print("## The same months with each source's labels")
    for utc, t, rd, h, k, who, mfm in disputed:
        days = sorted({x for x in (h, k) if x})
        labels = []
        for x in days:
            labels.append(f"{x}: HKO {hko.get(x, '(not a month start)')}, Kalends {kal.get(x, '(not a month start)')}")
        print(f"new moon {t:%Y-%m-%d %H:%M:%S} local: rule starts the month on {rd}; " + '; '.join(labels))
    print()
    print("## Pre-1929 check: the same disputes if Beijing time were UTC+8 throughout")
    for utc, t, rd, h, k, who, mfm in disputed:
        if offset_for(utc) == BMT:
            t8 = local(utc, CST)
            print(f"{utc:%Y-%m-%d %H:%M:%S} UT: UTC+8 day {t8.date()} ({t8:%H:%M:%S}), BMT day {rd} -> "
                  f"UTC+8 would agree with {'HKO' if t8.date() == h else ('Kalends' if t8.date() == k else 'neither')}")
    print()
    print("## New moons within 10 minutes of local midnight on which all three agree")
    for utc, t, mfm in near:
        print(f"{utc:%Y-%m-%d %H:%M:%S} UT  local {t:%Y-%m-%d %H:%M:%S}  {mfm:+.2f} min")

    print()
    outside(binary)


def outside(binary):
    """Rule vs Kalends in the rest of Kalends' baked range (1600-1899, 2100-2600),
    where no published table is used: where following the rule would change
    Kalends. Delta T is PyEphem's; its uncertainty grows to minutes before
    1700 and after 2100, hours by 2600, so near-midnight cases there are
    the rule's best estimate, not a certainty."""
    print("## Outside 1900-2099: rule vs Kalends (where following the rule would change Kalends)")
    for a, b in (('1600/1/1', '1900/1/1'), ('2100/2/9', '2600/12/1')):
        kal = kalends_month_starts(binary, a.replace('/', '-').replace('-1-1', '-01-01').replace('-2-9', '-02-01').replace('-12-1', '-12-01'),
                                   b.replace('/', '-').replace('-1-1', '-01-31').replace('-12-1', '-12-31'))
        d, n, bad = ephem.Date(a), 0, []
        for _ in range(7000):                  # bound: 6200 lunations in 500 years
            d = new_moon_after(d)
            if d > ephem.Date(b):
                break
            utc = to_datetime(d)
            t = local(utc)
            n += 1
            if t.date() not in kal:
                bad.append((utc, t, minutes_from_midnight(t), utc + CST))
            d = ephem.Date(d + 1)
        print(f"{a} ... {b}: {n} new moons, rule day is not a Kalends month start in {len(bad)}")
        for utc, t, mfm, t8 in bad:
            zone = 'UTC+8' if offset_for(utc) == CST else 'BMT'
            print(f"   new moon {utc:%Y-%m-%d %H:%M:%S} UT (Delta T {ephem.delta_t(ephem.Date(utc)):.0f} s): "
                  f"{t:%Y-%m-%d %H:%M:%S} {zone}, {mfm:+.2f} min from midnight; UTC+8 day {t8.date()}")


if __name__ == '__main__':
    main()
