#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (the iCalendar reader and writer; the
# text parsers: RRULE, durations, date-times, JSON; TZif zone data and POSIX
# TZ strings; the HTTP request parser of kalends serve) and runs each. Docs/Reliability.md says what each checks.
#
#   bash Scripts/fuzz.sh [SECONDS]   fuzz each target SECONDS (default 60), print executions
#   bash Scripts/fuzz.sh --replay    run each target once over its corpus only (CI)
#
# The library is built with coverage for the fuzzer in .build/fuzz (release,
# -sanitize=fuzzer, -enable-testing); each target links its objects. Seeds:
# Fuzz/Corpus/<target>, plus the iCalendar fixtures and Examples (ical) and the
# system's zone files (zone). What a run finds is written to .build/fuzz/findings.
set -eu
cd "$(dirname "$0")/.."
mode=${1:-60}
build=.build/fuzz
swift build -c release --scratch-path "$build" --target KalendsICalendar -Xswiftc -sanitize=fuzzer -Xswiftc -enable-testing >"$build.log" 2>&1 \
    || { tail -n 20 "$build.log"; exit 1; }
release=$build/release
link() {   # link NAME SOURCE MODULES...
    local name=$1 source=$2; shift 2
    local objects=()
    for module in "$@" CICU; do objects+=("$release/$module.build/"*.o); done
    swiftc -sanitize=fuzzer -parse-as-library -O -I "$release/Modules" \
        -Xcc -fmodule-map-file="$release/CICU.build/module.modulemap" \
        "$source" "${objects[@]}" -licui18n -licuuc -licudata -lstdc++ -lm -o "$build/$name"
}
link ical-fuzz Fuzz/ICalendarFuzz.swift Kalends KalendsICalendar
link text-fuzz Fuzz/TextFuzz.swift Kalends
link zone-fuzz Fuzz/ZoneFuzz.swift Kalends
# The HTTP parser stands alone: its source is compiled in with the target.
swiftc -sanitize=fuzzer -parse-as-library -O Fuzz/HTTPFuzz.swift Sources/KalendsServer/HTTPMessage.swift -o "$build/http-fuzz"

# Corpora: the committed seeds, and files that are seeds by nature.
corpus=$build/corpus
mkdir -p "$corpus/ical" "$corpus/text" "$corpus/zone" "$corpus/http" "$build/findings"
cp Fuzz/Corpus/ical/* "$corpus/ical/"
find Tests/Fixtures/ICalendar Examples -name '*.ics' | while read -r file; do cp "$file" "$corpus/ical/$(echo "$file" | tr '/' '_')"; done
cp Fuzz/Corpus/text/* "$corpus/text/"
cp Fuzz/Corpus/zone/* "$corpus/zone/"
cp Fuzz/Corpus/http/* "$corpus/http/"
for zone in America/New_York Europe/Berlin Australia/Lord_Howe Asia/Kolkata Pacific/Kiritimati America/Sao_Paulo UTC; do
    [ -f "/usr/share/zoneinfo/$zone" ] && cp "/usr/share/zoneinfo/$zone" "$corpus/zone/$(echo "$zone" | tr '/' '_')"
done

status=0
for target in ical text zone http; do
    if [ "$mode" = "--replay" ]; then
        options=(-runs=0)
    else
        options=(-max_total_time="$mode" -print_final_stats=1)
    fi
    # No Swift backtracer: libFuzzer writes the input that failed.
    if SWIFT_BACKTRACE=enable=no "$build/$target-fuzz" "${options[@]}" -max_len=8192 -artifact_prefix="$build/findings/$target-" \
        "$corpus/$target" >"$build/$target.log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/$target.log")
        if [ -n "$runs" ]; then echo "$target: ok, $runs executions"; else echo "$target: ok, $(ls "$corpus/$target" | wc -l) inputs replayed"; fi
    else
        echo "$target: FAILED"; grep -E 'Fatal error|ERROR|Test unit written' "$build/$target.log" | head -n 5; status=1
    fi
done
exit $status
