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
if [ ! -x "$venv/bin/vdirsyncer" ] || [ ! -x "$venv/bin/radicale" ] || ! "$venv/bin/python" -c 'import caldav' 2>/dev/null; then
    log=$(mktemp)
    if ! python3 -m venv "$venv" >/dev/null 2>&1; then
        echo "sync-tests: python3 -m venv is not available here; nothing tested."; exit 0
    fi
    if ! "$venv/bin/pip" install -q radicale vdirsyncer caldav >"$log" 2>&1; then
        echo "sync-tests: pip could not install radicale, vdirsyncer and caldav (no network?); nothing tested."
        tail -n 3 "$log"; rm -f "$log"; exit 0
    fi
    rm -f "$log"
fi
echo "sync-tests: Radicale $("$venv/bin/python" -c 'import radicale; print(radicale.VERSION)'), $("$venv/bin/vdirsyncer" --version 2>&1 | head -1), caldav $("$venv/bin/python" -c 'import caldav; print(caldav.__version__)'), $KALENDS"
KALENDS="$KALENDS" SYNC_BIN="$venv/bin" "$venv/bin/python" Scripts/sync_scenarios.py "$@"
