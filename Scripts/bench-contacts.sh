#!/usr/bin/env bash
# The address-book figures of the contacts issue in one run: `kalends-bench
# contacts` (10,000 generated contacts as one .vcf and as a vdir folder of
# 10,000 cards; whole-process `contacts list`, `contacts list --search` and a
# year of `birthdays`, each against khard on the same folder, and the
# in-process phases). khard comes from PyPI, installed into the venv
# ${XDG_CACHE_HOME:-~/.cache}/kalends-contacts-venv (shared with
# Scripts/compare-contacts.sh); without pip or network, the khard columns are
# skipped, saying so. Build first: swift build -c release.
set -u
cd "$(dirname "$0")/.."
BENCH=${BENCH:-.build/release/kalends-bench}
venv=${XDG_CACHE_HOME:-$HOME/.cache}/kalends-contacts-venv
if [ ! -x "$BENCH" ]; then echo "bench-contacts: $BENCH is missing (swift build -c release); nothing measured."; exit 0; fi
if [ ! -x "$venv/bin/khard" ]; then
    if python3 -m venv "$venv" >/dev/null 2>&1 && "$venv/bin/pip" install -q vobject khard >/dev/null 2>&1; then
        :
    else
        echo "bench-contacts: khard could not be installed from PyPI (no network?); kalends alone is measured."
    fi
fi
echo "bench-contacts: load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
if [ -x "$venv/bin/khard" ]; then export KHARD="$venv/bin/khard"; fi
exec "$BENCH" contacts
