#!/usr/bin/env bash
# Whole-process timings of `kalends agenda` on generated calendars, against
# the targets of the speed issue ("calendar files at the speed of the disk"):
#   week agenda on 10,000 events < 25 ms, and >= 150x faster than the Python
#   recurring-ical-events on the same file and window;
#   the same week in 2090 within 1.5x of 2024;
#   the vdir folder of the same events < 80 ms;
#   the 100 MB file: peak memory < 1.5x the file size;
#   search over the 10,000 events < 100 ms (issue 34);
#   `event add` on the 10,000-event file < 30 ms.
# Medians of RUNS runs (default 5). Binary: $KALENDS (default
# .build/release/kalends). Uses /usr/bin/time -v for peak memory when
# present; the recurring-ical-events timing needs the venv made by
# Scripts/compare-agenda.sh (skipped when absent). Files are generated into
# ${BENCH_DIR:-a temp dir} by Scripts/generate-ics.py (seed 1).
set -u
cd "$(dirname "$0")/.."
KALENDS=${KALENDS:-.build/release/kalends}
RUNS=${RUNS:-5}
venv=${XDG_CACHE_HOME:-$HOME/.cache}/kalends-compare-venv
dir=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$dir"
if [ ! -x "$KALENDS" ] || ! "$KALENDS" agenda --help >/dev/null 2>&1; then
    echo "bench-ics: $KALENDS is missing or has no 'agenda' subcommand yet; nothing measured."; exit 0
fi
big="$dir/events-10000.ics"; vdir="$dir/events-10000.vdir"; huge="$dir/events-100mb.ics"
[ -f "$big" ] || python3 Scripts/generate-ics.py --seed 1 --events 10000 --recurring 5000 --overrides 1000 --out "$big"
[ -d "$vdir" ] || python3 Scripts/generate-ics.py --seed 1 --events 10000 --recurring 5000 --overrides 1000 --vdir "$vdir"
[ -f "$huge" ] || python3 Scripts/generate-ics.py --seed 1 --events 10000 --recurring 5000 --overrides 1000 --size-mb 100 --out "$huge"

# median_ms CMD...: median wall time of RUNS runs, in milliseconds (read from bash 5's EPOCHREALTIME:
# no process is started to read the clock, which would add milliseconds to each run).
median_ms() {
    local times=() i s e
    for ((i = 0; i < RUNS; i++)); do
        if [ -n "${EPOCHREALTIME:-}" ]; then
            s=${EPOCHREALTIME/[.,]/}; "$@" >/dev/null 2>&1; e=${EPOCHREALTIME/[.,]/}
        else
            s=$(( $(date +%s%N) / 1000 )); "$@" >/dev/null 2>&1; e=$(( $(date +%s%N) / 1000 ))
        fi
        times+=($(( (e - s) / 1000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "inf"; else printf "%.2f", a / b }'; }
verdict() { if awk -v v="$1" -v t="$2" 'BEGIN { exit !(v '"$3"' t) }'; then echo PASS; else echo FAIL; fi; }

week=(--from 2024-03-11 --days 7 --tz America/New_York --json)
far=(--from 2090-03-13 --days 7 --tz America/New_York --json)
# The three agendas in turns (2024, 2090, the vdir, again RUNS times): a shared machine's speed
# changes within seconds, and each figure, and the 2090/2024 ratio, then meets the same changes.
# Medians are the verdicts; the fastest run is shown beside them.
now_us() { if [ -n "${EPOCHREALTIME:-}" ]; then echo "${EPOCHREALTIME/[.,]/}"; else echo $(( $(date +%s%N) / 1000 )); fi; }
a2024=(); a2090=(); avdir=()
for ((i = 0; i < RUNS; i++)); do
    s=$(now_us); "$KALENDS" agenda "$big" "${week[@]}" >/dev/null 2>&1; e=$(now_us); a2024+=($(( (e - s) / 1000 )))
    s=$(now_us); "$KALENDS" agenda "$big" "${far[@]}" >/dev/null 2>&1; e=$(now_us); a2090+=($(( (e - s) / 1000 )))
    s=$(now_us); "$KALENDS" agenda "$vdir" "${week[@]}" >/dev/null 2>&1; e=$(now_us); avdir+=($(( (e - s) / 1000 )))
done
median_of() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
fastest_of() { printf '%s\n' "$@" | sort -n | head -1; }
t2024=$(median_of "${a2024[@]}"); t2090=$(median_of "${a2090[@]}"); tvdir=$(median_of "${avdir[@]}")
echo "machine: $(nproc) processors, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown); medians of $RUNS runs"
echo "week agenda, 10,000 events (2024): ${t2024} ms (fastest $(fastest_of "${a2024[@]}"))   target < 25 ms: $(verdict "$t2024" 25 '<')"
echo "same week in 2090:                 ${t2090} ms (fastest $(fastest_of "${a2090[@]}"))   ratio $(ratio "$t2090" "$t2024")x, target <= 1.5x: $(verdict "$(ratio "$t2090" "$t2024")" 1.5 '<=')"
echo "vdir folder, 10,000 files:         ${tvdir} ms (fastest $(fastest_of "${avdir[@]}"))   target < 80 ms: $(verdict "$tvdir" 80 '<')"
# Daily use (issue 34): search over every series, and a whole export.
tsearch=$(median_ms "$KALENDS" search standup "$big" --tz America/New_York)
texport=$(median_ms "$KALENDS" export "$big" --tz America/New_York)
echo "search, 10,000 events:             ${tsearch} ms   target < 100 ms: $(verdict "$tsearch" 100 '<')"
echo "export, 10,000 events (whole):     ${texport} ms"
# An edit: `event add` on a copy of the 10,000-event file (each run adds one event).
cp "$big" "$dir/add-10000.ics"
tadd=$(median_ms "$KALENDS" event add "$dir/add-10000.ics" --title Bench --start 2024-03-12T10:00 --duration PT1H --tz America/New_York)
echo "event add, 10,000 events:          ${tadd} ms   target < 30 ms: $(verdict "$tadd" 30 '<')"

if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import recurring_ical_events' 2>/dev/null; then
    RUNS_SAVED=$RUNS; RUNS=1
    tref=$(median_ms "$venv/bin/python" Scripts/agenda_reference.py "$big" "${week[@]}")
    RUNS=$RUNS_SAVED
    echo "recurring-ical-events, same week:  ${tref} ms   speed-up $(ratio "$tref" "$t2024")x, target >= 150x: $(verdict "$(ratio "$tref" "$t2024")" 150 '>=')"
else
    echo "recurring-ical-events: no venv at $venv (run Scripts/compare-agenda.sh once); skipped."
fi

size=$(stat -c %s "$huge")
if [ -x /usr/bin/time ]; then
    peak_kb=$(/usr/bin/time -v "$KALENDS" agenda "$huge" "${week[@]}" 2>&1 >/dev/null | sed -n 's/.*Maximum resident set size (kbytes): //p')
else
    # No GNU time: sample VmHWM from /proc while the process runs.
    "$KALENDS" agenda "$huge" "${week[@]}" >/dev/null 2>&1 & pid=$!; peak_kb=0
    while kill -0 "$pid" 2>/dev/null; do
        v=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null); [ -n "$v" ] && peak_kb=$v
        sleep 0.05
    done
fi
peak=$((peak_kb * 1024))
echo "100 MB file ($((size / 1048576)) MiB): peak memory $((peak / 1048576)) MiB, $(ratio "$peak" "$size")x the file, target < 1.5x: $(verdict "$(ratio "$peak" "$size")" 1.5 '<')"
