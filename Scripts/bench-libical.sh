#!/usr/bin/env bash
# Kalends' reader against libical's (C, libical 3 from Debian's libical-dev)
# on the same file, in process, as a ratio: libical's icalparser_parse_string
# into its component tree, against Kalends' ICalendarReader (the tree, its
# values checked), CalendarFileReader (the tree and the events decoded) and
# its read over all of time (the events, made from their bytes where they
# can be: what the commands without a window read) and its span tree (every
# component and line found, nothing decoded), from `kalends-bench store`. The file: $1, else the 10,000-event
# calendar Scripts/generate-ics.py makes (seed 1, as bench-ics.sh). Needs
# gcc and libical-dev (installed with apt-get where missing and allowed);
# skips, saying so, otherwise. Figures are for the closing notes, not a test.
set -u
cd "$(dirname "$0")/.."
BENCH=${KALENDS_BENCH:-.build/release/kalends-bench}
file=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$file" ]; then
    file="$work/events-10000.ics"
    python3 Scripts/generate-ics.py --seed 1 --events 10000 --recurring 5000 --overrides 1000 --out "$file"
fi
if [ ! -f /usr/include/libical/ical.h ] && command -v apt-get >/dev/null; then
    apt-get install -y -qq libical-dev >/dev/null 2>&1 || true
fi
if ! command -v gcc >/dev/null || [ ! -f /usr/include/libical/ical.h ]; then
    echo "bench-libical: gcc or libical-dev is missing and could not be installed; nothing compared."; exit 0
fi
gcc -O2 -o "$work/libical_parse" Scripts/bench/libical_parse.c -lical || { echo "bench-libical: the probe did not build; nothing compared."; exit 0; }
if [ ! -x "$BENCH" ]; then echo "bench-libical: no $BENCH (swift build -c release); nothing compared."; exit 0; fi
read -r libical events < <("$work/libical_parse" "$file" 3)
kalends=$(KALENDS_BENCH_ICS="$file" "$BENCH" store --json 2>/dev/null)
tree=$(printf '%s\n' "$kalends" | python3 -c 'import json,sys
rows=[json.loads(l) for l in sys.stdin if l.strip()]
print(" ".join(str(1000*r["n"]/r["ours_per_s"]) for r in rows[:2] + rows[7:9]))')
read -r ktree kdecode kall kspan <<<"$tree"
size=$(stat -c %s "$file")
printf 'bench-libical: %s, %d bytes, %s VEVENTs\n' "$(basename "$file")" "$size" "$events"
awk -v l="$libical" -v t="$ktree" -v d="$kdecode" -v a="${kall:-0}" -v p="${kspan:-0}" -v s="$size" 'BEGIN {
    printf "libical 3 icalparser_parse_string:      %7.2f ms  %6.1f MB/s\n", l, s / l / 1000
    printf "kalends tree (ICalendarReader):          %7.2f ms  %6.1f MB/s  %.2fx libical\n", t, s / t / 1000, l / t
    printf "kalends tree + events (CalendarFileReader): %5.2f ms  %6.1f MB/s  %.2fx libical\n", d, s / d / 1000, l / d
    if (a > 0) printf "kalends events read over all of time:    %7.2f ms  %6.1f MB/s  %.2fx libical\n", a, s / a / 1000, l / a
    if (p > 0) printf "kalends span tree (ICalendarSpanTree):   %7.2f ms  %6.1f MB/s  %.2fx libical\n", p, s / p / 1000, l / p
}'
