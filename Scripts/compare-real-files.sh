#!/usr/bin/env bash
# Compares `kalends agenda --json` with the reference agenda built on the
# Python recurring-ical-events package (Scripts/agenda_reference.py) on REAL
# calendar files: the .ics files under the test folders of the sdists of
# icalendar, recurring-ical-events and khal (versions pinned below),
# downloaded from PyPI at run time into a cache, never committed.
#
# Usage: Scripts/compare-real-files.sh [--list] [--strict] [--exact] [--only TEXT]
#   --list       only list the corpus (downloading it if needed)
#   --strict     exit 1 when any window differs (default: always exit 0)
#   --exact      keep the reference's "" for a missing SUMMARY and "None" for
#                a missing UID (default: kalends' null title and "None" uid
#                are compared as "", so those artifacts are not differences)
#   --only TEXT  only the files whose corpus path contains TEXT
#
# Each file gets up to two windows of 31 days in UTC (Scripts/
# real_files_reference.py windows): the month of its earliest VEVENT DTSTART,
# and the month of the latest one (or, when that is the same month, a year
# later); a file without a DTSTART gets 2024-01-01 .. 2024-02-01. Rows are
# normalized (JSON keys sorted, rows sorted) and compared. A window where the
# reference raises is counted as "reference failed", not as a difference; one
# where kalends fails (exit status not 0, or the timeout) while the reference
# reads the file is a difference. Files over 5 MB are skipped.
#
# Cache: ${XDG_CACHE_HOME:-~/.cache}/kalends-realfiles/{sdists,corpus}; venv:
# ${XDG_CACHE_HOME:-~/.cache}/kalends-realfiles-venv. Binary: $KALENDS
# (default .build/release/kalends); TIMEOUT seconds per run (default 20).
# Exits 0 with a message when pip/network is unavailable.
set -u
cd "$(dirname "$0")/.."
KALENDS=${KALENDS:-.build/release/kalends}
TIMEOUT=${TIMEOUT:-20}
PINNED="icalendar==7.3.2 recurring-ical-events==3.8.2 khal==0.14.1"          # the sdists of the corpus
REFERENCE="icalendar==7.3.2 recurring-ical-events==3.8.2 python-dateutil==2.9.0.post0"  # the venv
MAX_BYTES=$((5 * 1024 * 1024))
cache=${XDG_CACHE_HOME:-$HOME/.cache}
venv=$cache/kalends-realfiles-venv
sdists=$cache/kalends-realfiles/sdists
corpus=$cache/kalends-realfiles/corpus
helper=Scripts/real_files_reference.py

list=0; strict=0; exact=""; only=""
while [ $# -gt 0 ]; do
    case $1 in
        --list) list=1 ;;
        --strict) strict=1 ;;
        --exact) exact=--exact ;;
        --only) only=${2:-}; shift ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "compare-real-files: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The venv with the reference's packages.
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import recurring_ical_events, dateutil' 2>/dev/null; then
    if ! python3 -m venv "$venv" >/dev/null 2>&1; then
        echo "compare-real-files: python3 -m venv is not available here; nothing compared."; exit 0
    fi
    if ! "$venv/bin/pip" install -q $REFERENCE >"$work/pip.log" 2>&1; then
        echo "compare-real-files: pip could not install recurring-ical-events (no network?); nothing compared."
        tail -n 3 "$work/pip.log"; exit 0
    fi
fi
py=$venv/bin/python

# The sdists, downloaded once (a pinned version never changes), and the corpus.
mkdir -p "$sdists"
for spec in $PINNED; do
    name=${spec%%==*}; version=${spec#*==}
    if ! ls "$sdists" 2>/dev/null | grep -qiE "^${name//-/[-_]}-${version}\.(tar\.gz|zip)$"; then
        if ! "$venv/bin/pip" download -q --no-deps --no-binary :all: "$spec" -d "$sdists" >"$work/dl.log" 2>&1; then
            echo "compare-real-files: pip could not download the sdist of $spec (no network?); nothing compared."
            tail -n 3 "$work/dl.log"; exit 0
        fi
    fi
done
archives=()
for spec in $PINNED; do
    name=${spec%%==*}; version=${spec#*==}
    f=$(ls "$sdists" | grep -iE "^${name//-/[-_]}-${version}\.tar\.gz$" | head -n 1)
    [ -n "$f" ] && archives+=("$sdists/$f")
done
"$py" "$helper" extract "$corpus" "${archives[@]}" >"$work/extract.log" || { cat "$work/extract.log"; exit 0; }

files=()
while IFS= read -r -d '' f; do
    rel=${f#"$corpus"/}
    [ -n "$only" ] && [[ "$rel" != *"$only"* ]] && continue
    files+=("$rel")
done < <(find "$corpus" -type f -name '*.ics' -print0 | LC_ALL=C sort -z)

if [ "$list" -eq 1 ]; then
    sed 's/^ */compare-real-files: /' "$work/extract.log"
    echo "compare-real-files: corpus in $corpus"
    for rel in "${files[@]}"; do
        printf '%9d  %s\n' "$(stat -c %s "$corpus/$rel")" "$rel"
    done
    echo "compare-real-files: ${#files[@]} files."
    exit 0
fi

if [ ! -x "$KALENDS" ]; then
    echo "compare-real-files: no kalends binary at $KALENDS (build with swift build -c release, or set KALENDS); nothing compared."; exit 0
fi
if ! "$KALENDS" agenda --help >/dev/null 2>&1; then
    echo "compare-real-files: $KALENDS has no 'agenda' subcommand yet; nothing compared."; exit 0
fi
KALENDS=$(cd "$(dirname "$KALENDS")" && pwd)/$(basename "$KALENDS")
repo=$(pwd)

normalize() { "$py" "$repo/$helper" normalize $exact; }

windows=0; same=0; not_ical=0; ref_failed=0; ours_failed=0; differing=0; skipped=0
ref_failed_files=(); ours_failed_files=(); diff_files=(); skipped_files=()
note() { # note ARRAY-NAME VALUE: appends VALUE unless it is already the last one
    local -n arr=$1
    if [ ${#arr[@]} -eq 0 ] || [ "${arr[-1]}" != "$2" ]; then arr+=("$2"); fi
}

# Run from the corpus folder with the relative path, so `calendar` (the file
# name when there is no X-WR-CALNAME) is the same for both.
cd "$corpus" || exit 0
for rel in "${files[@]}"; do
    size=$(stat -c %s "$rel")
    if [ "$size" -gt "$MAX_BYTES" ]; then
        echo "== $rel: skipped ($size bytes > 5 MB)"
        skipped=$((skipped + 1)); skipped_files+=("$rel"); continue
    fi
    "$py" "$repo/$helper" windows "$rel" </dev/null >"$work/windows" 2>"$work/windows.err"
    nodt=""; grep -q 'no DTSTART' "$work/windows.err" && nodt=" (no DTSTART)"
    while read -r from to; do
        [ -n "$from" ] || continue
        windows=$((windows + 1))
        args=(--from "$from" --to "$to" --tz UTC --json)
        head="== $rel  $from .. $to$nodt:"
        timeout "$TIMEOUT" "$py" "$repo/Scripts/agenda_reference.py" "$rel" "${args[@]}" </dev/null >"$work/ref.raw" 2>"$work/ref.err"
        rs=$?
        timeout "$TIMEOUT" "$KALENDS" agenda "$rel" "${args[@]}" </dev/null >"$work/ours.raw" 2>"$work/ours.err"
        os=$?
        if [ "$rs" -ne 0 ]; then
            ref_failed=$((ref_failed + 1)); note ref_failed_files "$rel"
            why=$(grep -v '^ ' "$work/ref.err" | tail -n 1 | cut -c1-160)
            [ "$rs" -eq 124 ] && why="timeout after ${TIMEOUT}s"
            echo "$head reference failed: $why (kalends: exit $os, $(normalize <"$work/ours.raw" | wc -l) rows)"
            continue
        fi
        normalize <"$work/ref.raw" >"$work/ref"
        if [ "$os" -ne 0 ]; then
            ours_failed=$((ours_failed + 1)); differing=$((differing + 1))
            grep -q 'not iCalendar' "$work/ours.err" && not_ical=$((not_ical + 1))
            note ours_failed_files "$rel"; note diff_files "$rel"
            why=$(head -n 1 "$work/ours.err" | cut -c1-200)
            [ "$os" -eq 124 ] && why="timeout after ${TIMEOUT}s"
            echo "$head DIFF: kalends failed (exit $os): $why; reference: $(wc -l <"$work/ref") rows"
            head -n 5 "$work/ref" | sed 's/^/   - /'
            continue
        fi
        normalize <"$work/ours.raw" >"$work/ours"
        nwarn=$(grep -c . "$work/ours.err")
        warn=""; [ "$nwarn" -gt 0 ] && warn=" (kalends: $nwarn warning lines)"
        if diff -u "$work/ref" "$work/ours" >"$work/diff"; then
            same=$((same + 1))
            echo "$head same $(wc -l <"$work/ours") rows$warn"
        else
            differing=$((differing + 1)); note diff_files "$rel"
            n=$(grep -c '^[-+][^-+]' "$work/diff")
            echo "$head DIFF: $n differing rows, reference $(wc -l <"$work/ref") rows, kalends $(wc -l <"$work/ours") rows (- reference, + kalends)$warn"
            grep '^[-+][^-+]' "$work/diff" | head -n 10 | sed 's/^/   /'
            [ "$n" -gt 10 ] && echo "   ... $((n - 10)) more"
            [ "$nwarn" -gt 0 ] && head -n 3 "$work/ours.err" | cut -c1-220 | sed 's/^/   stderr: /'
        fi
    done <"$work/windows"
done

echo
echo "compare-real-files: corpus $corpus ($PINNED)"
echo "  files:                ${#files[@]} ($skipped skipped, over 5 MB)"
echo "  windows compared:     $windows"
echo "  windows agreeing:     $same"
echo "  windows differing:    $differing (of which kalends failed: $ours_failed)"
echo "  reference failed:     $ref_failed windows in ${#ref_failed_files[@]} files (not counted as differences)"
echo "  kalends failures:     $ours_failed windows in ${#ours_failed_files[@]} files ($not_ical windows 'not iCalendar': no BEGIN:VCALENDAR first)"
if [ ${#diff_files[@]} -gt 0 ]; then
    echo "  files with differences (${#diff_files[@]}):"
    printf '    %s\n' "${diff_files[@]}"
fi
if [ ${#ref_failed_files[@]} -gt 0 ]; then
    echo "  files the reference cannot read (${#ref_failed_files[@]}):"
    printf '    %s\n' "${ref_failed_files[@]}"
fi
echo "  reproduce one window (FILE as listed above, FROM and TO from its line):"
echo "    cd $(printf %q "$corpus") && $(printf %q "$KALENDS") agenda FILE --from FROM --to TO --tz UTC --json"
echo "    cd $(printf %q "$corpus") && $(printf %q "$py") $(printf %q "$repo/Scripts/agenda_reference.py") FILE --from FROM --to TO --tz UTC --json"
if [ "$strict" -eq 1 ] && [ "$differing" -gt 0 ]; then exit 1; fi
exit 0
