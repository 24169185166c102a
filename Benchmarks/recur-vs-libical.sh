#!/usr/bin/env bash
# Whole process: `kalends recur` against libical (a small C program over
# Debian's libical-dev, Benchmarks/libical/recur.c) printing the same
# occurrences in the same form, stdout to /dev/null. Median of 7 runs each,
# interleaved. For measuring only: nothing in the library or `swift test`
# uses libical. Run from the repository root:  bash Benchmarks/recur-vs-libical.sh
set -euo pipefail
cd "$(dirname "$0")/.."
name=recur-vs-libical
source Benchmarks/libical/prepare.sh

# name | DTSTART | RRULE | zone (or -)
workloads=(
    "100,000 daily, floating|19700101T090000|FREQ=DAILY;COUNT=100000|-"
    "100,000 daily, America/New_York|19700101T090000|FREQ=DAILY;COUNT=100000|America/New_York"
    "5,000 last weekday of the month|19700130T090000|FREQ=MONTHLY;COUNT=5000;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1|-"
    "5,000 last weekday of the month, America/New_York|19700130T090000|FREQ=MONTHLY;COUNT=5000;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1|America/New_York"
)

milliseconds() {   # command... -> wall milliseconds of one run
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-52s %10s %10s %8s  %s\n' "workload" "kalends" "libical" "ratio" "same output"
for workload in "${workloads[@]}"; do
    IFS='|' read -r name start rule zone <<<"$workload"
    ours=("$kalends" recur --dtstart "$start" --rrule "$rule")
    theirs=("$work/recur" "$start" "$rule")
    if [ "$zone" != "-" ]; then ours+=(--tz "$zone"); theirs+=("$zone"); fi
    same=yes
    cmp -s <("${ours[@]}") <("${theirs[@]}") || same=NO
    : >"$work/a"; : >"$work/b"
    for _ in 1 2 3 4 5 6 7; do
        milliseconds "${ours[@]}" >>"$work/a"
        milliseconds "${theirs[@]}" >>"$work/b"
    done
    a=$(median <"$work/a"); b=$(median <"$work/b")
    ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1fx", (a > 0 ? b / a : 0) }')
    printf '%-52s %8s ms %8s ms %8s  %s\n' "$name" "$a" "$b" "$ratio" "$same"
done
