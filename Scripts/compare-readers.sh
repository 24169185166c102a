#!/usr/bin/env bash
# How other readers read the calendar files where readers differ: the
# evidence of Docs/Conformance.md, "Calendar files". For each case of
# Scripts/reader-choices/cases (one defect or choice a file, written for
# this), prints what `kalends agenda` lists, what libical 3 lists
# (Scripts/reader-choices/libical_probe.c: its parse errors, DTSTART/DTEND,
# the rule's iterator and icalcomponent_foreach_recurrence) and what Python's
# icalendar and recurring-ical-events list (py_probe.py); then the VTIMEZONE
# Python's icalendar writes for America/New_York (py_vtimezone.py). Window:
# 2023-12-01 .. 2024-03-01 UTC.
#
# Usage: Scripts/compare-readers.sh [CASE-SUBSTRING]
# Needs: gcc and libical-dev (installed with apt-get when missing and the
# script runs as root), python3 with venv and network for pip the first time
# (the venv is shared with compare-real-files.sh). A peer that cannot be set
# up is skipped, saying so. Binary: $KALENDS (default .build/release/kalends).
set -u
cd "$(dirname "$0")/.."
KALENDS=${KALENDS:-.build/release/kalends}
REFERENCE="icalendar==7.3.2 recurring-ical-events==3.8.2 python-dateutil==2.9.0.post0"
cases=Scripts/reader-choices/cases
only=${1:-}
venv=${XDG_CACHE_HOME:-$HOME/.cache}/kalends-realfiles-venv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$KALENDS" ]; then
    echo "compare-readers: $KALENDS is missing: swift build -c release first" >&2; exit 2
fi

# libical.
libical=""
if ! echo '#include <libical/ical.h>' | gcc -E -x c - >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -qq libical-dev >"$work/apt.log" 2>&1 || (apt-get update -qq && apt-get install -y -qq libical-dev) >>"$work/apt.log" 2>&1
    fi
fi
if gcc -Wall -o "$work/libical_probe" Scripts/reader-choices/libical_probe.c -lical 2>"$work/gcc.log"; then
    libical="$work/libical_probe"
    echo "libical: $(dpkg-query -W -f '${Version}' libical-dev 2>/dev/null || echo 'version unknown')"
else
    echo "compare-readers: libical-dev is not installed and could not be; libical skipped."
fi

# Python icalendar and recurring-ical-events.
py=""
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import recurring_ical_events' 2>/dev/null; then
    py=$venv/bin/python
elif python3 -m venv "$venv" >/dev/null 2>&1 && "$venv/bin/pip" install -q $REFERENCE >"$work/pip.log" 2>&1; then
    py=$venv/bin/python
else
    echo "compare-readers: could not install $REFERENCE (no venv or no network); Python skipped."
fi

for file in "$cases"/*.ics; do
    name=$(basename "$file")
    case $name in *"$only"*) ;; *) continue ;; esac
    echo
    echo "######## $name"
    echo "--- kalends ($("$KALENDS" --version 2>/dev/null | head -n 1))"
    (cd "$cases" && "$OLDPWD/$KALENDS" agenda "$name" --from 2023-12-01 --to 2024-03-01 --tz UTC --json 2>&1
     "$OLDPWD/$KALENDS" alarms "$name" --from 2023-12-01 --to 2024-03-01 --tz UTC 2>&1 | sed 's/^/alarm: /')
    if [ -n "$libical" ]; then
        echo "--- libical"
        (cd "$cases" && timeout 20 "$libical" "$name" 2>&1)
    fi
    if [ -n "$py" ]; then
        echo "--- python"
        (cd "$cases" && timeout 60 "$py" "$OLDPWD/Scripts/reader-choices/py_probe.py" "$name" 2>&1)
    fi
done

if [ -n "$py" ] && [ -z "$only" ]; then
    echo
    echo "######## the VTIMEZONE Python's icalendar writes"
    timeout 60 "$py" Scripts/reader-choices/py_vtimezone.py 2>&1
fi
