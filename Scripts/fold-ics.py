#!/usr/bin/env python3
"""Fold the content lines of an iCalendar file at 75 octets, in place.

Usage: Scripts/fold-ics.py [--crlf|--lf] FILE...

Unfolds what is already folded, then folds every content line longer than
75 octets (RFC 5545 section 3.1) with CRLF or LF line endings, never
splitting a UTF-8 sequence. Used to write the hand-made fixtures under
Tests/Fixtures/ICalendar in the line form their exporters use.
Standard library only.
"""
import sys


def fold(line: bytes, limit: int = 75) -> list:
    parts, first = [], True
    while True:
        room = limit if first else limit - 1
        if len(line) <= room:
            parts.append(line)
            return parts
        cut = room
        while cut > 0 and (line[cut] & 0xC0) == 0x80:  # not inside a UTF-8 sequence
            cut -= 1
        parts.append(line[:cut])
        line = line[cut:]
        first = False


def main() -> int:
    args = sys.argv[1:]
    eol = b"\r\n"
    if args and args[0] in ("--crlf", "--lf"):
        eol = b"\r\n" if args.pop(0) == "--crlf" else b"\n"
    for path in args:
        raw = open(path, "rb").read().replace(b"\r\n", b"\n").split(b"\n")
        lines = []
        for physical in raw:
            if physical[:1] in (b" ", b"\t") and lines:
                lines[-1] += physical[1:]
            elif physical:
                lines.append(physical)
        out = []
        for line in lines:
            for i, part in enumerate(fold(line)):
                out.append((b" " if i else b"") + part)
        open(path, "wb").write(eol.join(out) + eol)
    return 0


if __name__ == "__main__":
    sys.exit(main())
