#!/usr/bin/env python3
"""Helpers for Scripts/compare-real-files.sh (standard library only).

  real_files_reference.py extract CORPUS SDIST.tar.gz...
      Copies every *.ics under a `test` or `tests` folder of each sdist into
      CORPUS/<sdist folder>/<path inside the sdist>, replacing what an
      earlier run put in CORPUS/<sdist folder>. Prints how many per sdist.

  real_files_reference.py windows FILE.ics
      Prints up to two windows, `FROM TO` a line (dates, TO exclusive, 31
      days each): the month of the earliest DTSTART of a VEVENT, and the
      month of the latest one when that is another month, else the first
      window a year later. A file without a usable VEVENT DTSTART gets one
      window, 2024-01-01 2024-02-01, and `# no DTSTART` on stderr.

  real_files_reference.py normalize [--exact]
      Reads JSON lines on stdin and prints them with keys sorted, lines
      sorted; a line that is not JSON is printed as `NOT JSON: ...`.
      agenda_reference.py prints a missing SUMMARY as "" and a missing UID
      as "None" (str(None)); kalends prints null and "". Unless --exact,
      a null title and a "None" uid are printed as "" on both sides.

The reference agenda itself is Scripts/agenda_reference.py.
"""
import datetime as dt
import json
import os
import re
import shutil
import sys
import tarfile

TEST_DIRS = {"test", "tests"}


def extract(corpus, sdists):
    os.makedirs(corpus, exist_ok=True)
    for sdist in sdists:
        with tarfile.open(sdist) as tar:
            members = [m for m in tar.getmembers() if m.isfile() and m.name.endswith(".ics")]
            tops = {m.name.split("/", 1)[0] for m in tar.getmembers()}
            for top in tops:
                if top and top not in (".", ".."):
                    shutil.rmtree(os.path.join(corpus, top), ignore_errors=True)
            count = 0
            for m in members:
                parts = m.name.split("/")
                if ".." in parts or m.name.startswith("/"):
                    continue
                if not TEST_DIRS.intersection(parts[1:-1]):
                    continue
                target = os.path.join(corpus, *parts)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with tar.extractfile(m) as src, open(target, "wb") as dst:
                    shutil.copyfileobj(src, dst)
                count += 1
            print(f"{count:5d} .ics files from {os.path.basename(sdist)}")


DTSTART = re.compile(r"^DTSTART(?:;.*)?:(\d{4})(\d{2})\d{2}", re.IGNORECASE)


def month_window(year, month):
    first = dt.date(year, month, 1)
    return first, first + dt.timedelta(days=31)


def windows(path):
    data = open(path, "rb").read().decode("utf-8", "replace")
    data = re.sub(r"\r?\n[ \t]", "", data)  # unfold
    stack, months = [], []
    for line in re.split(r"\r?\n|\r", data):
        upper = line.upper()
        if upper.startswith("BEGIN:"):
            stack.append(upper[6:].strip())
        elif upper.startswith("END:"):
            if stack:
                stack.pop()
        elif stack and stack[-1] == "VEVENT":
            m = DTSTART.match(line)
            if m:
                y, mo = int(m.group(1)), int(m.group(2))
                if 1 <= y <= 9998 and 1 <= mo <= 12:
                    months.append((y, mo))
    if not months:
        print("# no DTSTART", file=sys.stderr)
        return [month_window(2024, 1)]
    first, last = min(months), max(months)
    result = [month_window(*first)]
    if last != first:
        result.append(month_window(*last))
    elif first[0] + 1 <= 9998:
        result.append(month_window(first[0] + 1, first[1]))
    return result


def normalize(exact):
    rows = []
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if not exact and isinstance(row, dict):
                if "title" in row and row["title"] is None:
                    row["title"] = ""
                if row.get("uid") == "None":
                    row["uid"] = ""
            rows.append(json.dumps(row, sort_keys=True, ensure_ascii=False))
        except ValueError:
            rows.append("NOT JSON: " + line.rstrip("\n"))
    for row in sorted(rows):
        print(row)


def main(argv):
    if len(argv) >= 3 and argv[1] == "extract":
        extract(argv[2], argv[3:])
    elif len(argv) == 3 and argv[1] == "windows":
        for lo, hi in windows(argv[2]):
            print(lo.isoformat(), hi.isoformat())
    elif len(argv) in (2, 3) and argv[1] == "normalize" and argv[2:] in ([], ["--exact"]):
        normalize(argv[2:] == ["--exact"])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
