#!/usr/bin/env bash
# RSCALE/SKIP (RFC 7529) rules expanded by `kalends recur` and by libical
# (built with ICU; Benchmarks/libical/recur.c), compared date by date on
# generated rules in every calendar both know. For comparison only: nothing
# in the library or `swift test` uses libical. Docs/Conformance.md explains
# the kinds of difference this prints.
#   bash Benchmarks/rscale-vs-libical.sh [SEED] [RULES]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! pkg-config --exists libical 2>/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libical-dev >/dev/null
    else
        echo "rscale-vs-libical: libical-dev is not installed (apt-get install libical-dev); skipped" >&2
        exit 0
    fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/recur" Benchmarks/libical/recur.c $(pkg-config --cflags --libs libical)
swift build -c release --product kalends >/dev/null
python3 Benchmarks/rscale_compare.py .build/release/kalends "$work/recur" "${1:-1}" "${2:-300}"
