#!/usr/bin/env bash
# What `kalends export` writes is read the same by another program: a
# calendar made by Scripts/generate-ics.py (series in two zones, UTC,
# floating and all-day, COUNT, UNTIL, EXDATEs, overrides) is exported over a
# window, whole series (`--from --to`) and expanded (`--expand`: one VEVENT
# per occurrence, no RRULE), and the Python `recurring-ical-events` package
# (through Scripts/agenda_reference.py) must read from each export the same
# occurrences (uid, start, end) that `kalends agenda --json` reads from the
# original over that window. Prints the count and the differences; exit 1 on
# a difference. `icalendar` and `recurring-ical-events` are installed from
# PyPI into a venv in a temporary folder; exits 0 with a message when pip
# cannot install them. Binary: $KALENDS (default .build/release/kalends).
# The default window avoids what recurring-ical-events reads otherwise than
# Kalends in the original calendar too (DURATION added as wall-clock time
# across DST changes, Tests/Fixtures/ICalendar/README.md): over any other
# window (FROM=, TO=) the script also prints how the reference reads the
# original, so that a difference of the reference's own can be told apart
# from one of the export.
set -u
cd "$(dirname "$0")/.."
KALENDS=${KALENDS:-.build/release/kalends}
SEED=${SEED:-7}
FROM=${FROM:-2024-04-01}
TO=${TO:-2024-09-01}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ ! -x "$KALENDS" ]; then echo "compare-export: no kalends binary at $KALENDS (swift build -c release, or set KALENDS); nothing compared."; exit 0; fi
venv="$work/venv"
if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    echo "compare-export: python3 -m venv is not available here; nothing compared."; exit 0
fi
if ! "$venv/bin/pip" install -q icalendar recurring-ical-events >"$work/pip.log" 2>&1; then
    echo "compare-export: pip could not install icalendar and recurring-ical-events (no network?); nothing compared."
    tail -n 3 "$work/pip.log"; exit 0
fi
echo "compare-export: $("$venv/bin/python" -c 'from importlib.metadata import version as v; print("icalendar", v("icalendar"), "recurring-ical-events", v("recurring-ical-events"))')"

cal="$work/generated.ics"
python3 Scripts/generate-ics.py --seed "$SEED" --events 800 --recurring 400 --overrides 80 --name Generated --out "$cal"
window=(--from "$FROM" --to "$TO" --tz UTC)
"$KALENDS" export "$cal" "${window[@]}" >"$work/series.ics" || { echo "compare-export: kalends export failed"; exit 1; }
"$KALENDS" export "$cal" "${window[@]}" --expand >"$work/expanded.ics" || { echo "compare-export: kalends export --expand failed"; exit 1; }

# (uid, start, end) of each row of an agenda in JSON, sorted.
rows() { "$venv/bin/python" -c '
import json, sys
rows = sorted((r["uid"], r["start"], r["end"]) for r in map(json.loads, filter(None, sys.stdin.read().splitlines())))
print("\n".join("\t".join(r) for r in rows))'; }

"$KALENDS" agenda "$cal" "${window[@]}" --json | rows >"$work/kalends"
count=$(wc -l <"$work/kalends")
status=0
"$venv/bin/python" Scripts/agenda_reference.py "$cal" "${window[@]}" --json | rows >"$work/original.rows"
echo "compare-export: recurring-ical-events reads $(wc -l <"$work/original.rows") occurrences from the original, $(diff "$work/kalends" "$work/original.rows" | grep -c '^[<>]') differences from kalends (the reference's own)"
for form in series expanded; do
    "$venv/bin/python" Scripts/agenda_reference.py "$work/$form.ics" "${window[@]}" --json | rows >"$work/$form.rows"
    differences=$(diff "$work/kalends" "$work/$form.rows" | grep -c '^[<>]')
    echo "compare-export: $form export, $FROM .. $TO: $count occurrences in kalends agenda, $(wc -l <"$work/$form.rows") read by recurring-ical-events, $differences differences"
    if [ "$differences" -ne 0 ]; then
        diff "$work/kalends" "$work/$form.rows" | grep '^[<>]' | head -n 20
        status=1
    fi
done
exit $status
