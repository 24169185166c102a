#!/usr/bin/env bash
# Compares `kalends agenda --json` with a reference agenda built on the Python
# recurring-ical-events package (Scripts/agenda_reference.py), on calendars
# made by Scripts/generate-ics.py with several seeds, over several windows and
# zones, and prints every difference (normalized: JSON keys sorted, rows
# sorted). The venv lives in ${XDG_CACHE_HOME:-~/.cache}/kalends-compare-venv.
# The kalends binary: $KALENDS, default .build/release/kalends.
# Exits 0 with a message when pip/network is unavailable or the binary has
# no `agenda` yet; otherwise exits 1 when any difference was found.
# Known reference differences (see Tests/Fixtures/ICalendar/README.md):
# recurring-ical-events adds DURATION as wall-clock time across DST changes.
set -u
cd "$(dirname "$0")/.."
KALENDS=${KALENDS:-.build/release/kalends}
SEEDS=${SEEDS:-"1 2 3"}
venv=${XDG_CACHE_HOME:-$HOME/.cache}/kalends-compare-venv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import recurring_ical_events' 2>/dev/null; then
    if ! python3 -m venv "$venv" >/dev/null 2>&1; then
        echo "compare-agenda: python3 -m venv is not available here; nothing compared."; exit 0
    fi
    if ! "$venv/bin/pip" install -q icalendar recurring-ical-events python-dateutil >"$work/pip.log" 2>&1; then
        echo "compare-agenda: pip could not install recurring-ical-events (no network?); nothing compared."
        tail -n 3 "$work/pip.log"; exit 0
    fi
fi
if [ ! -x "$KALENDS" ]; then
    echo "compare-agenda: no kalends binary at $KALENDS (build with swift build -c release, or set KALENDS); nothing compared."; exit 0
fi
if ! "$KALENDS" agenda --help >/dev/null 2>&1; then
    echo "compare-agenda: $KALENDS has no 'agenda' subcommand yet; nothing compared."; exit 0
fi

normalize() { "$venv/bin/python" -c '
import json, sys
rows = [json.dumps(json.loads(l), sort_keys=True, ensure_ascii=False) for l in sys.stdin if l.strip()]
print("\n".join(sorted(rows)))'; }

differences=0
for seed in $SEEDS; do
    cal="$work/seed$seed.ics"
    python3 Scripts/generate-ics.py --seed "$seed" --events 3000 --recurring 1500 --overrides 300 --name "Seed $seed" --out "$cal"
    for window in "2024-03-08 2024-03-18 America/New_York" "2024-10-24 2024-11-05 Europe/Berlin" \
                  "2023-01-01 2023-01-08 UTC" "2025-06-01 2025-06-08 Asia/Tokyo"; do
        set -- $window
        args=(--from "$1" --to "$2" --tz "$3" --json)
        "$venv/bin/python" Scripts/agenda_reference.py "$cal" "${args[@]}" | normalize >"$work/ref"
        "$KALENDS" agenda "$cal" "${args[@]}" 2>"$work/err" | normalize >"$work/ours"
        if ! diff -u "$work/ref" "$work/ours" >"$work/diff"; then
            n=$(grep -c '^[-+][^-+]' "$work/diff")
            echo "== seed $seed, $1 .. $2 in $3: $n differing rows (- reference, + kalends)"
            grep '^[-+][^-+]' "$work/diff"
            differences=$((differences + n))
        else
            echo "== seed $seed, $1 .. $2 in $3: same ($(wc -l <"$work/ours") rows)"
        fi
        [ -s "$work/err" ] && sed 's/^/   stderr: /' "$work/err" | head -n 5
    done
done
echo "compare-agenda: $differences differing rows in all."
[ "$differences" -eq 0 ]
