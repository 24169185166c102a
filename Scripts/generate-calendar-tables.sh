#!/bin/sh
# Regenerates the baked year tables of the table calendars (chinese, dangi,
# islamic, islamic-umalqura, islamic-rgsa) in
# Sources/Kalends/Calendars/Tables/Baked/ from the reference engine (the
# system ICU or Foundation's bundled ICU, per calendar: Docs/Conformance.md),
# with the published month starts of Scripts/published-tables/ laid over them,
# then checks the result. Run from anywhere; takes a minute or two.
set -eu
cd "$(dirname "$0")/.."

toolchain=$(swift --version 2>/dev/null | head -n 1 | sed 's/"/\\"/g')
# Foundation's ICU is bundled under renamed symbols; its data file names its version.
foundation_icu=unknown
swift_lib=$(dirname "$(dirname "$(command -v swift)")")/lib/swift/linux/lib_FoundationICU.so
if [ -f "$swift_lib" ]; then
    found=$(strings "$swift_lib" | sed -n 's/^icudt\([0-9][0-9]*\)l.*/\1/p' | head -n 1)
    [ -n "$found" ] && foundation_icu=$found
fi

KALENDS_GENERATE_TABLES=1 KALENDS_TOOLCHAIN="$toolchain" KALENDS_FOUNDATION_ICU="$foundation_icu" \
    swift test --filter BakedTableGeneration
# The new tables against the reference: every year, and random days.
swift test --filter BakedYearTableTests
git status --short Sources/Kalends/Calendars/Tables/Baked/
