# Sourced by the libical comparisons (from the repository root, with
# `name` set): installs libical-dev when root and missing (else exits 0
# with a note), builds Benchmarks/libical/recur.c as "$work/recur" and the
# release kalends as "$kalends". Nothing in the library or `swift test` uses it.
if ! pkg-config --exists libical 2>/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libical-dev >/dev/null
    else
        echo "$name: libical-dev is not installed (apt-get install libical-dev); skipped" >&2
        exit 0
    fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/recur" Benchmarks/libical/recur.c $(pkg-config --cflags --libs libical)
swift build -c release --product kalends >/dev/null
kalends=.build/release/kalends
