#!/usr/bin/env python3
"""Fuzzes the `kalends` command line: argument vectors mutated from real
commands (every subcommand, dates in many calendars and forms, rules,
durations, zones, calendar files) are run through the binary users run,
the static release build, and each run must end as the contract says:
exit 0, 1 or 2, never a signal (a trap), within the time limit, and a
non-zero exit with one `kalends: error:` line on stderr.

Usage: python3 Scripts/fuzz-cli.py [SECONDS] [--binary PATH] [--seed N]
(default: 60 seconds, .build/release/kalends, seed 1). Prints the count of
runs and every failure (the argument vector, reproducible with --seed).
Docs/Reliability.md records the counts reached.
"""
import os
import random
import subprocess
import sys
import tempfile
import time

SEEDS = [
    ["convert", "2024-03-15", "--to", "hebrew"], ["convert", "5784-M05L-30", "--from", "hebrew", "--to", "chinese", "--json"],
    ["convert", "2024-03-15T09:30-04:00", "--to", "islamic-umalqura"], ["add", "2024-01-31", "P1M"],
    ["add", "5784-M05L-30", "P1Y", "--calendar", "hebrew"], ["diff", "2024-01-01", "2025-03-15", "--largest-unit", "months"],
    ["days", "2024-03-01", "2024-04-01", "--tz", "America/New_York", "--unit", "week"], ["month", "2024-02", "--calendar", "persian"],
    ["easter", "2025", "--orthodox"], ["recur", "--dtstart", "2024-01-01T09:00", "--rrule", "FREQ=MONTHLY;BYDAY=-1FR", "--limit", "5"],
    ["recur", "--dtstart", "20240101", "--rrule", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=30;SKIP=FORWARD", "--limit", "3"],
    ["anniversary", "5784-M05L-30", "--from", "hebrew", "--kind", "yahrzeit", "--years", "3"],
    ["layout", "Examples/day.json", "--mode", "packed"], ["agenda", "Examples/team.ics", "--from", "2024-03-10", "--days", "7", "--tz", "UTC"],
    ["reminders", "Examples/team.ics", "--json"], ["alarms", "Examples/team.ics", "--from", "2024-03-11", "--days", "2"],
    ["month", "2024-03", "--ics", "Examples/team.ics", "--counts"], ["calendars", "--json"],
    ["recur", "--describe", "--rrule", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10"],
]
TOKENS = ["--json", "--tz", "--calendar", "--from", "--to", "--limit", "--between", "--after", "--days", "--rrule", "--dtstart",
          "--exdate", "--rdate", "--locale", "--format", "--overflow", "--largest-unit", "--unit", "--first-weekday", "--strict",
          "-", "--", "now", "today", "@-99999999999", "99999999999999999999", "-0044-03-15", "9999-12-31", "0000-01-01",
          "2024-02-30", "5784-M13-01", "M05L", "P9999999Y", "-P1M", "PT0S", "P1W1D", "FREQ=SECONDLY", "COUNT=2147483648",
          "INTERVAL=0", "BYSETPOS=-367", "America/New_York", "Etc/GMT+5", "GMT+5", "+14:00", "UTC-12", "Europe/Nowhere",
          "hebrew", "chinese", "dangi", "islamic", "ethiopic-amete-alem", "japanese", "reiwa:6-01-01", "\u0000", "é", "\U0001F600",
          "'", '"', "\\", ";", ",", "=", "x" * 70_000, "1" * 400]


def mutate(rng, argv):
    argv = list(argv)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        if kind == 0 and argv:
            del argv[rng.randrange(len(argv))]
        elif kind == 1:
            argv.insert(rng.randint(0, len(argv)), rng.choice(TOKENS))
        elif kind == 2 and argv:
            i = rng.randrange(len(argv))
            text = argv[i]
            if text:
                j = rng.randrange(len(text))
                argv[i] = text[:j] + rng.choice("0123456789-:TZ+MLP,;=/ x\u00e9") + text[j + 1:]
        elif kind == 3 and argv:
            i = rng.randrange(len(argv))
            argv[i] = argv[i] * rng.randint(2, 5)
        elif kind == 4 and len(argv) > 1:
            i, j = rng.randrange(len(argv)), rng.randrange(len(argv))
            argv[i], argv[j] = argv[j], argv[i]
        else:
            argv.append(rng.choice(TOKENS))
    return [a.replace("\u0000", "") for a in argv]


def main():
    args = sys.argv[1:]
    seconds = float(args[0]) if args and not args[0].startswith("--") else 60
    binary = args[args.index("--binary") + 1] if "--binary" in args else ".build/release/kalends"
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    binary = os.path.abspath(os.path.join(root, binary)) if not os.path.isabs(binary) else binary
    rng = random.Random(seed)
    runs = failures = 0
    deadline = time.time() + seconds
    with tempfile.TemporaryDirectory() as scratch:
        os.symlink(os.path.join(os.path.abspath(root), "Examples"), os.path.join(scratch, "Examples"))
        while time.time() < deadline:
            argv = mutate(rng, rng.choice(SEEDS))
            try:
                done = subprocess.run([binary] + argv, cwd=scratch, input=b"2024-03-15\n", capture_output=True, timeout=10,
                                      env={"TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"})
            except subprocess.TimeoutExpired:
                failures += 1
                print(f"HANG (10 s): {argv!r}")
                continue
            except OSError:
                # An argument longer than the kernel passes (128 KiB): no process to test.
                continue
            runs += 1
            errors = [line for line in done.stderr.decode("utf-8", "replace").splitlines() if line.startswith("kalends: error:")]
            if done.returncode < 0 or done.returncode not in (0, 1, 2):
                failures += 1
                print(f"EXIT {done.returncode}: {argv!r}\n  {done.stderr[-400:]!r}")
            elif done.returncode != 0 and len(errors) != 1:
                failures += 1
                print(f"NO ONE ERROR LINE (exit {done.returncode}): {argv!r}\n  {done.stderr[-400:]!r}")
    print(f"fuzz-cli: {runs} runs of {binary}, {failures} failures (seed {seed}, {seconds:.0f} s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
