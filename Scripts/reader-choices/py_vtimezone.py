"""Case n: what DTSTART does icalendar 7.3.2 write for the DAYLIGHT observance?
Usage: ~/.cache/kalends-realfiles-venv/bin/python py_vtimezone.py"""
from datetime import date
from zoneinfo import ZoneInfo
from importlib.metadata import version
import icalendar

print("icalendar", version("icalendar"))
print("--- Timezone.from_tzid('America/New_York', first_date=2024-01-01, last_date=2025-01-01)")
tz = icalendar.Timezone.from_tzid("America/New_York", first_date=date(2024, 1, 1), last_date=date(2025, 1, 1))
print(tz.to_ical().decode())
print("--- Timezone.from_tzinfo(ZoneInfo('America/New_York'), first_date=2024-01-01, last_date=2025-01-01)")
tz2 = icalendar.Timezone.from_tzinfo(ZoneInfo("America/New_York"), first_date=date(2024, 1, 1), last_date=date(2025, 1, 1))
print(tz2.to_ical().decode())
print("--- Timezone.from_tzid('America/New_York') defaults (1970..2038): first DAYLIGHT/STANDARD blocks")
tz3 = icalendar.Timezone.from_tzid("America/New_York")
for sub in tz3.subcomponents[:4]:
    print(sub.name, sub["DTSTART"].to_ical().decode(), sub.get("RRULE").to_ical().decode() if sub.get("RRULE") else "", [r.to_ical().decode() for r in (sub.get("RDATE") if isinstance(sub.get("RDATE"), list) else [sub.get("RDATE")] if sub.get("RDATE") else [])][:3])
