#!/usr/bin/env bash
# RSCALE/SKIP (RFC 7529) rules expanded by `kalends recur` and by libical
# (built with ICU; Benchmarks/libical/recur.c), compared date by date on
# generated rules in every calendar both know. For comparison only: nothing
# in the library or `swift test` uses libical. Docs/Conformance.md explains
# the kinds of difference this prints.
#   bash Benchmarks/rscale-vs-libical.sh [SEED] [RULES]
set -euo pipefail
cd "$(dirname "$0")/.."
name=rscale-vs-libical
source Benchmarks/libical/prepare.sh
python3 Benchmarks/rscale_compare.py "$kalends" "$work/recur" "${1:-1}" "${2:-300}"
