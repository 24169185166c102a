"""Python icalendar 7.3.2 + recurring-ical-events 3.8.2 probe.
Usage: ~/.cache/kalends-realfiles-venv/bin/python py_probe.py FILE.ics [...]
Window: 2023-12-01T00:00:00Z .. 2024-03-01T00:00:00Z (UTC)."""
import sys, traceback
from datetime import datetime, timezone
import icalendar, recurring_ical_events
from importlib.metadata import version

WS = datetime(2023, 12, 1, tzinfo=timezone.utc)
WE = datetime(2024, 3, 1, tzinfo=timezone.utc)

def fmt(v):
    if v is None:
        return "None"
    if isinstance(v, datetime):
        tz = v.tzinfo
        s = f"{v.isoformat()} tz={tz!r}"
        if tz is not None:
            s += f" utc={v.astimezone(timezone.utc).isoformat()}"
        else:
            s += " (floating)"
        return s
    return f"{v!r}"

def attr(obj, name):
    try:
        return fmt(getattr(obj, name))
    except Exception as e:
        return f"raises {type(e).__name__}: {e}"

def err(e):
    return f"{type(e).__name__}: {e}"

def main(path):
    print(f"== {path} (icalendar {version('icalendar')}, recurring-ical-events {version('recurring-ical-events')})")
    data = open(path, "rb").read()
    try:
        cal = icalendar.Calendar.from_ical(data)
    except Exception as e:
        print("  Calendar.from_ical raised", err(e)); return
    print(f"  root: {type(cal).__name__} name={cal.name} errors={getattr(cal, 'errors', None)}")
    for ev in cal.walk("VEVENT"):
        print(f"  VEVENT uid={ev.get('UID')!r} summary={ev.get('SUMMARY')!r} seq={ev.get('SEQUENCE')!r}")
        if getattr(ev, "errors", None):
            print(f"    component.errors={ev.errors}")
        for k in ("RECURRENCE-ID", "DTSTART", "DTEND", "RRULE", "EXDATE", "DESCRIPTION"):
            if k in ev:
                v = ev[k]
                dt = getattr(v, "dt", None)
                print(f"    {k}: raw={ev[k].to_ical() if hasattr(ev[k],'to_ical') else v!r} params={dict(getattr(v,'params',{}) or {})} .dt={fmt(dt) if dt is not None else '-'}")
        for k in list(ev.keys()):
            if k not in ("UID","DTSTAMP","SUMMARY","SEQUENCE","RECURRENCE-ID","DTSTART","DTEND","RRULE","EXDATE","DESCRIPTION"):
                print(f"    other property {k}={ev[k]!r}")
        print(f"    .start={attr(ev,'start')}")
        print(f"    .end={attr(ev,'end')}")
        print(f"    .duration={attr(ev,'duration')}")
        valarms = ev.walk("VALARM")
        print(f"    VALARM subcomponents={len(valarms)} actions={[str(a.get('ACTION')) for a in valarms]}")
        try:
            print(f"    .alarms.times={[(t.trigger, str(t.alarm.get('ACTION'))) for t in ev.alarms.times]}")
        except Exception as e:
            print(f"    .alarms raised {err(e)}")
    for comps in (("VEVENT",), ("VALARM",)):
        try:
            occ = recurring_ical_events.of(cal, components=comps).between(WS, WE)
            print(f"  recurring_ical_events.of(components={comps}).between(2023-12-01Z, 2024-03-01Z): {len(occ)} item(s)")
            for o in occ:
                line = f"    uid={o.get('UID')!r} summary={o.get('SUMMARY')!r} DTSTART={fmt(o.get('DTSTART').dt if o.get('DTSTART') else None)}"
                if o.get("DTEND") is not None:
                    line += f" DTEND={fmt(o['DTEND'].dt)}"
                if o.get("RECURRENCE-ID") is not None:
                    line += f" RECURRENCE-ID={fmt(o['RECURRENCE-ID'].dt)}"
                if comps == ("VALARM",):
                    line += f" alarms-in-occurrence={[(str(a.get('ACTION')), a['TRIGGER'].to_ical().decode()) for a in o.walk('VALARM')]}"
                if o.name == "VALARM":
                    line += f" ACTION={o.get('ACTION')!r} TRIGGER={o.get('TRIGGER').dt if o.get('TRIGGER') else None!r}"
                print(line)
        except Exception as e:
            print(f"  recurring_ical_events.of(components={comps}).between raised {err(e)}")
    try:
        occ = recurring_ical_events.of(cal, skip_bad_series=True).between(WS, WE)
        print(f"  of(skip_bad_series=True).between: {len(occ)} item(s) {[str(o['DTSTART'].dt) for o in occ]}")
    except Exception as e:
        print(f"  of(skip_bad_series=True).between raised {err(e)}")
    print()

if __name__ == "__main__":
    for p in sys.argv[1:]:
        main(p)
