#!/usr/bin/env bash
# Interoperability of what Kalends writes: a file built by `kalends event
# add/remove/edit` and `kalends reminder add/done` (series in three zones,
# all-day and floating events, one occurrence removed, moved, a series split
# this-and-future, one ended), and a vdir folder likewise, are read by the
# Python `icalendar` package and expanded by `recurring-ical-events`
# (Scripts/agenda_reference.py); the agendas must be equal to Kalends' own.
# The file must also keep RFC 5545's rules, checked with `icalendar`: one
# VERSION and PRODID, UID and DTSTAMP on every VEVENT and VTODO, not both
# DTEND and DURATION, DTEND after DTSTART, a VTIMEZONE for every TZID used,
# one UID a vdir item. Then khal 0.14.1 lists the vdir folder: the same
# occurrences as Kalends (in UTC), and no warning (khal skips an item file
# holding two UIDs, as a split used to write).
# The venv is Scripts/compare-agenda.sh's; the binary $KALENDS (default
# .build/release/kalends). Exits 0 with a message when pip is unavailable
# (khal alone: skipped, saying so); 1 when anything differs.
set -u
cd "$(dirname "$0")/.."
KALENDS=${KALENDS:-.build/release/kalends}
venv=${XDG_CACHE_HOME:-$HOME/.cache}/kalends-compare-venv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import recurring_ical_events' 2>/dev/null; then
    if ! python3 -m venv "$venv" >/dev/null 2>&1 || ! "$venv/bin/pip" install -q icalendar recurring-ical-events >"$work/pip.log" 2>&1; then
        echo "compare-edits: recurring-ical-events cannot be installed here; nothing compared."; exit 0
    fi
fi
[ -x "$KALENDS" ] || { echo "compare-edits: no kalends binary at $KALENDS; nothing compared."; exit 0; }

build() {   # build TARGET: the same edits on a file or a vdir folder
    local t=$1 k=$KALENDS a b c
    a=$($k event add "$t" --title "Standup" --start 2024-03-18T09:00 --duration PT15M --rrule "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=20" --tz Europe/Berlin --alarm -PT10M) || return 1
    b=$($k event add "$t" --title "Sync, NY" --start 2024-03-05T10:30 --end 2024-03-05T11:30 --rrule "FREQ=DAILY;INTERVAL=2" --tz America/New_York --location "Room 5; east") || return 1
    c=$($k event add "$t" --title "Tokyo call" --start 2024-03-07T08:00:00Z --duration PT1H --rrule "FREQ=WEEKLY;UNTIL=20240530T000000Z") || return 1
    $k event add "$t" --title "Holiday" --start 2024-03-29 --end 2024-04-02 --all-day >/dev/null || return 1
    $k event add "$t" --title "Floating lunch" --start 2024-03-20T12:00 --duration PT1H >/dev/null || return 1
    $k event remove "$t" "$a" --occurrence 2024-03-20T09:00 --tz Europe/Berlin || return 1
    $k event edit "$t" "$a" --occurrence 2024-03-22T09:00 --start 2024-03-22T11:00 --title "Standup (late)" --tz Europe/Berlin || return 1
    # An override after the split below: it must move to the new series.
    $k event edit "$t" "$a" --occurrence 2024-04-12T09:00 --start 2024-04-12T11:30 --title "Standup (moved, later)" --tz Europe/Berlin || return 1
    # An override in another zone: its VTIMEZONE must be written.
    $k event edit "$t" "$a" --occurrence 2024-03-25T08:00:00Z --start 2024-03-25T14:00 --tz Asia/Kolkata || return 1
    $k event edit "$t" "$a" --occurrence 2024-04-03T09:00 --future --title "Standup, room 4" --tz Europe/Berlin >/dev/null || return 1
    $k event remove "$t" "$b" --occurrence 2024-04-10T10:30 --future --tz America/New_York || return 1
    $k event edit "$t" "$c" --start 2024-03-07T09:00:00Z || return 1
    r=$($k reminder add "$t" --title "Rent" --due 2024-04-01 --rrule "FREQ=MONTHLY;COUNT=6") || return 1
    $k reminder done "$t" "$r" || return 1
}
normalize() { "$venv/bin/python" -c '
import json, sys
rows = [json.dumps(json.loads(l), sort_keys=True, ensure_ascii=False) for l in sys.stdin if l.strip()]
print("\n".join(sorted(rows)))'; }

failed=0
mkdir -p "$work/vdir"
for target in "$work/edited.ics" "$work/vdir"; do
    build "$target" || { echo "compare-edits: the edits failed on $target"; exit 1; }
    for window in "2024-03-01 2024-06-01 Europe/Berlin" "2024-03-01 2024-06-01 America/New_York" "2024-03-25 2024-04-15 UTC"; do
        set -- $window
        args=(--from "$1" --to "$2" --tz "$3" --json)
        "$venv/bin/python" Scripts/agenda_reference.py "$target" "${args[@]}" | normalize | sed 's/"calendar": "[^"]*", //' >"$work/ref"
        "$KALENDS" agenda "$target" "${args[@]}" | normalize | sed 's/"calendar": "[^"]*", //' >"$work/ours"
        if diff -u "$work/ref" "$work/ours" >"$work/diff"; then
            echo "== $(basename "$target"), $1 .. $2 in $3: same ($(wc -l <"$work/ours") occurrences)"
        else
            echo "== $(basename "$target"), $1 .. $2 in $3: differs (- recurring-ical-events, + kalends)"; grep '^[-+][^-+]' "$work/diff"; failed=1
        fi
    done
done
"$venv/bin/python" - "$work/edited.ics" "$work"/vdir/*.ics <<'PY' || failed=1
import sys, icalendar
bad = 0
for path in sys.argv[1:]:
    cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
    for name in ("VERSION", "PRODID"):
        if len(cal.get(name) if isinstance(cal.get(name), list) else [cal.get(name)] if cal.get(name) else []) != 1:
            print(f"{path}: not one {name}"); bad += 1
    for c in cal.walk():
        if c.name not in ("VEVENT", "VTODO"):
            continue
        for name in ("UID", "DTSTAMP"):
            if c.get(name) is None:
                print(f"{path}: a {c.name} without {name}"); bad += 1
        if c.get("DTEND") is not None and c.get("DURATION") is not None:
            print(f"{path}: {c.get('UID')} has DTEND and DURATION"); bad += 1
        if c.get("DTEND") is not None and c.get("DTSTART") is not None and not c.decoded("DTEND") > c.decoded("DTSTART"):
            print(f"{path}: {c.get('UID')} ends before it starts"); bad += 1
    defined = {str(z.get("TZID")) for z in cal.walk("VTIMEZONE")}
    for c in cal.walk():
        if c.name == "VTIMEZONE":
            continue
        for name, value in c.property_items(recursive=False):
            tzid = value.params.get("TZID") if hasattr(value, "params") else None
            if tzid and tzid not in defined:
                print(f"{path}: TZID {tzid} has no VTIMEZONE"); bad += 1
    if "/vdir/" in path:
        uids = {str(c.get("UID")) for c in cal.walk() if c.name in ("VEVENT", "VTODO")}
        if len(uids) != 1:
            print(f"{path}: a vdir item with {len(uids)} UIDs"); bad += 1
print(f"RFC 5545 checks: {len(sys.argv) - 1} files, {bad} problems")
sys.exit(1 if bad else 0)
PY

# khal reads the vdir folder.
if "$venv/bin/python" -c 'import khal' 2>/dev/null || "$venv/bin/pip" install -q khal==0.14.1 >"$work/pip-khal.log" 2>&1; then
    mkdir -p "$work/khal/config/khal" "$work/khal/data"
    cat >"$work/khal/config/khal/config" <<EOF
[calendars]
[[edited]]
path = $work/vdir
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%dT%H:%M
longdatetimeformat = %Y-%m-%dT%H:%M
local_timezone = UTC
default_timezone = UTC
EOF
    XDG_CONFIG_HOME=$work/khal/config XDG_DATA_HOME=$work/khal/data "$venv/bin/khal" list \
        --format "{start} {end} {title}" --day-format "" 2024-03-01 2024-06-01 2>"$work/khal.err" | sort -u >"$work/khal.rows"   # khal lists a several-day event on each day
    "$KALENDS" agenda "$work/vdir" --from 2024-03-01 --to 2024-06-01 --tz UTC --json | "$venv/bin/python" -c '
import json, sys, datetime as dt
for line in sys.stdin:
    r = json.loads(line)
    if r["allDay"]:   # khal shows the last day, not the exclusive end
        last = dt.date.fromisoformat(r["end"]) - dt.timedelta(days=1)
        print(r["start"], last.isoformat(), r["title"])
    else:
        print(r["start"][:16], r["end"][:16], r["title"])' | sort >"$work/kalends.rows"
    if [ -s "$work/khal.err" ]; then
        echo "== khal warned:"; cat "$work/khal.err"; failed=1
    fi
    if diff -u "$work/khal.rows" "$work/kalends.rows" >"$work/khal.diff"; then
        echo "== khal 0.14.1, the vdir folder, 2024-03-01 .. 2024-06-01 in UTC: same ($(wc -l <"$work/kalends.rows") occurrences)"
    else
        echo "== khal 0.14.1, the vdir folder: differs (- khal, + kalends)"; grep '^[-+][^-+]' "$work/khal.diff"; failed=1
    fi
else
    echo "compare-edits: khal cannot be installed here; khal skipped."
fi
exit $failed
