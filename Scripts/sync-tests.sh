#!/usr/bin/env bash
# Kalends beside vdirsyncer and a CalDAV/CardDAV server, end to end: Radicale
# (PyPI) on 127.0.0.1 with a temporary storage folder and htpasswd users,
# vdirsyncer (PyPI) keeping two machines' vdir folders ("laptop" and "phone")
# in step with each user's calendars and address books, and Python's caldav
# package asking the server for occurrences (a REPORT with a time range).
# The scenarios (Scripts/sync_scenarios.py, one unittest each): events,
# reminders and contacts added, edited (this event, this and future),
# removed and imported on one machine read the same on the other and on the
# server; conflicts end as vdirsyncer's rule says; kalends edits while
# `vdirsyncer sync` runs in a loop all land; and every command of
# Docs/Sync.md prints what it shows.
# Skips, saying so, where the packages cannot be installed (venv in
# ${XDG_CACHE_HOME:-~/.cache}/kalends-sync-venv). Binary: $KALENDS (default
# .build/release/kalends). Arguments go to unittest (e.g. -k conflict).
set -u
cd "$(dirname "$0")/.."
KALENDS=${KALENDS:-.build/release/kalends}
KALENDS=$(cd "$(dirname "$KALENDS")" && pwd)/$(basename "$KALENDS")
venv=${XDG_CACHE_HOME:-$HOME/.cache}/kalends-sync-venv
if [ ! -x "$KALENDS" ]; then echo "sync-tests: $KALENDS is missing (swift build -c release); nothing tested."; exit 0; fi
# The versions the scenarios and Docs/Sync.md's conflict table were checked with
# (vdirsyncer's conflict rules and caldav's search options change between versions).
pins="radicale==3.9.0 vdirsyncer==0.21.0 caldav==3.6.0"
if [ "$(cat "$venv/.kalends-pins" 2>/dev/null)" != "$pins" ]; then
    log=$(mktemp)
    if ! python3 -m venv "$venv" >/dev/null 2>&1; then
        echo "sync-tests: python3 -m venv is not available here; nothing tested."; exit 0
    fi
    # shellcheck disable=SC2086
    if ! "$venv/bin/pip" install -q $pins >"$log" 2>&1; then
        echo "sync-tests: pip could not install $pins (no network?); nothing tested."
        tail -n 3 "$log"; rm -f "$log"; exit 0
    fi
    rm -f "$log"
    echo "$pins" > "$venv/.kalends-pins"
fi
echo "sync-tests: Radicale $("$venv/bin/python" -c 'import radicale; print(radicale.VERSION)'), $("$venv/bin/vdirsyncer" --version 2>&1 | head -1), caldav $("$venv/bin/python" -c 'import caldav; print(caldav.__version__)'), $KALENDS"
KALENDS="$KALENDS" SYNC_BIN="$venv/bin" "$venv/bin/python" Scripts/sync_scenarios.py "$@"
