#!/usr/bin/env bash
# What Kalends writes in an address book is read the same by Python's vobject
# and by khard (both from PyPI, installed into a venv here): contacts added
# with `kalends contacts add` (vCard 3.0 and 4.0, types, labels, birthdays
# with and without a year, in the Hebrew and Chinese calendars, notes with
# commas and line breaks) and edited with `kalends contacts edit` (a list
# added to and removed from, a 2.1 card upgraded), in a vdir folder and in
# one .vcf file. For every card, the name, phones, emails, cities, Gregorian
# birthday and note that vobject reads, and the phones, emails and
# birthdays khard lists, are compared with `kalends contacts show --json`.
# Prints one line per difference and a summary; exit 1 on a difference.
# Exits 0 with a message when pip/network is unavailable.
# Binary: $KALENDS (default .build/release/kalends). The venv lives in
# ${XDG_CACHE_HOME:-~/.cache}/kalends-contacts-venv.
set -u
cd "$(dirname "$0")/.."
KALENDS=${KALENDS:-.build/release/kalends}
KALENDS=$(cd "$(dirname "$KALENDS")" && pwd)/$(basename "$KALENDS")
venv=${XDG_CACHE_HOME:-$HOME/.cache}/kalends-contacts-venv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ ! -x "$KALENDS" ]; then echo "compare-contacts: $KALENDS is missing (swift build -c release); nothing compared."; exit 0; fi
if [ ! -x "$venv/bin/khard" ] || ! "$venv/bin/python" -c 'import vobject' 2>/dev/null; then
    if ! python3 -m venv "$venv" >/dev/null 2>&1; then
        echo "compare-contacts: python3 -m venv is not available here; nothing compared."; exit 0
    fi
    if ! "$venv/bin/pip" install -q vobject khard >"$work/pip.log" 2>&1; then
        echo "compare-contacts: pip could not install vobject and khard (no network?); nothing compared."
        tail -n 3 "$work/pip.log"; exit 0
    fi
fi
echo "compare-contacts: $("$venv/bin/python" -c 'import vobject; print("vobject", vobject.VERSION)' 2>/dev/null || echo vobject), $("$venv/bin/khard" --version)"

book="$work/book"; file="$work/friends.vcf"
mkdir -p "$book"
add() { "$KALENDS" contacts add "$@" || { echo "compare-contacts: kalends contacts add $* failed"; exit 1; }; }
for target in "$book" "$file"; do
    anna=$(add "$target" --name "Anna Levi" --phone cell:+972501234567 --phone "work,voice:+972 4 829 0000" \
        --email home:anna@example.com --address "home:12 Herzl St;Haifa;;3200000;Israel" --birthday 1984-03-18 \
        --birthday-calendar gregorian --organization "Technion, Haifa" --note "Met at the conference, 2019.
Call before visiting.")
    add "$target" --name "Mei Chen" --vcard 4.0 --phone +861012345678 --email work:mei@example.cn \
        --address "work:1 Chang'an Ave;Beijing;;100000;China" --birthday-calendar chinese --birthday 1984-M10L-15 >/dev/null
    add "$target" --name "Yael Cohen" --given Yael --family Cohen --birthday --02-14 --email yael@example.org \
        --anniversary 2010-06-21 >/dev/null
    add "$target" --name "Jürgen Müller" --vcard 4.0 --phone "home:+49 30 1234567" --birthday 1975-07-04 \
        --address "home:Hauptstraße 1;Berlin;;10115;Deutschland" >/dev/null
    moshe=$(add "$target" --name "Moshe Cohen" --birthday-calendar hebrew --birthday 5690-M06-15 --email moshe@example.org)
    "$KALENDS" contacts edit "$target" "$anna" --add-email work:anna@technion.example --remove-phone "+972 4 829 0000" || exit 1
    "$KALENDS" contacts edit "$target" "$moshe" --add-phone cell:+972521111111 --note "Grandfather" || exit 1
done
# A 2.1 card, edited: written as 3.0.
printf 'BEGIN:VCARD\r\nVERSION:2.1\r\nUID:old-21\r\nN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Weber;J=F6rg\r\nFN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:J=F6rg Weber\r\nTEL;WORK;VOICE:+49 30 7654321\r\nEND:VCARD\r\n' > "$book/old-21.vcf"
"$KALENDS" contacts edit "$book" old-21 --add-email work:j@example.de 2>/dev/null || exit 1

cat > "$work/khard.conf" <<EOF
[addressbooks]
[[book]]
path = $book
[general]
debug = no
default_action = list
editor = /bin/true
merge_editor = /bin/true
EOF

"$venv/bin/python" - "$KALENDS" "$book" "$file" "$work/khard.conf" "$venv/bin/khard" <<'PY'
import json, subprocess, sys, os, re
import vobject
kalends, book, file, config, khard = sys.argv[1:6]

def kalends_contacts(path):
    out = subprocess.run([kalends, "contacts", "list", path, "--json"], capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        brief = json.loads(line)
        full = subprocess.run([kalends, "contacts", "show", path, brief["uid"], "--json"], capture_output=True, text=True, check=True).stdout
        found[brief["uid"]] = json.loads(full.splitlines()[0])
    return found

def digits(text):
    return re.sub(r"[^0-9+]", "", text)

def vobject_cards(paths):
    cards = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for card in vobject.readComponents(handle.read()):
                cards[card.uid.value] = card
    return cards

def bday(card):
    # vobject keeps the value as written: 1984-03-18, --02-14, 19750704, --0214.
    if not hasattr(card, "bday"):
        return None
    for b in card.contents.get("bday", []):
        if "CALSCALE" in b.params and b.params["CALSCALE"][0].lower() != "gregorian":
            continue
        value = b.value.replace("-", "")
        if len(value) == 8:
            return value[:4] + "-" + value[4:6] + "-" + value[6:]
        if len(value) == 4:
            return "--" + value[:2] + "-" + value[2:]
    return None

differences = 0
def differ(where, what, ours, theirs):
    global differences
    differences += 1
    print(f"DIFF {where}: {what}: kalends {ours!r}, other {theirs!r}")

checked = 0
for label, path, files in [("vdir", book, [os.path.join(book, n) for n in sorted(os.listdir(book)) if n.endswith(".vcf")]), (".vcf", file, [file])]:
    ours = kalends_contacts(path)
    theirs = vobject_cards(files)
    if set(ours) != set(theirs):
        differ(label, "UIDs", sorted(ours), sorted(theirs))
    for uid, contact in ours.items():
        card = theirs.get(uid)
        if card is None:
            continue
        checked += 1
        where = f"vobject {label} {contact['name']}"
        if card.fn.value != contact["name"]:
            differ(where, "name", contact["name"], card.fn.value)
        if hasattr(card, "n"):
            if (card.n.value.given or None) != contact["given"]:
                differ(where, "given", contact["given"], card.n.value.given)
            if (card.n.value.family or None) != contact["family"]:
                differ(where, "family", contact["family"], card.n.value.family)
        phones = sorted(digits(t.value) for t in card.contents.get("tel", []))
        if phones != sorted(digits(p["value"]) for p in contact["phones"]):
            differ(where, "phones", [p["value"] for p in contact["phones"]], phones)
        emails = sorted(e.value for e in card.contents.get("email", []))
        if emails != sorted(e["value"] for e in contact["emails"]):
            differ(where, "emails", [e["value"] for e in contact["emails"]], emails)
        cities = sorted(a.value.city for a in card.contents.get("adr", []))
        if cities != sorted((a["locality"] or "") for a in contact["addresses"]):
            differ(where, "cities", contact["addresses"], cities)
        if bday(card) != contact["birthday"]:
            differ(where, "birthday", contact["birthday"], bday(card))
        note = card.note.value if hasattr(card, "note") else None
        if note != contact["note"]:
            differ(where, "note", contact["note"], note)
        organization = card.org.value[0] if hasattr(card, "org") else None
        if organization != contact["organization"]:
            differ(where, "organization", contact["organization"], organization)

    if label != "vdir":
        continue
    # khard on the folder: its phones, emails and birthdays, by name.
    def khard_lines(*arguments):
        run = subprocess.run([khard, "-c", config, *arguments, "--parsable"], capture_output=True, text=True)
        if run.returncode != 0:
            differ("khard", " ".join(arguments), "exit 0", f"exit {run.returncode}: {run.stderr.strip()[:200]}")
            return []
        # (Its "searching for 'ALL' ..." line has no tab.)
        return [line.split("\t") for line in run.stdout.splitlines() if "\t" in line]
    by_name = {c["name"]: c for c in ours.values()}
    khard_phones = sorted((fields[1], digits(fields[0])) for fields in khard_lines("phone"))
    our_phones = sorted((c["name"], digits(p["value"])) for c in ours.values() for p in c["phones"])
    if khard_phones != our_phones:
        differ("khard", "phones", our_phones, khard_phones)
    khard_emails = sorted((fields[1], fields[0]) for fields in khard_lines("email"))
    our_emails = sorted((c["name"], e["value"]) for c in ours.values() for e in c["emails"])
    if khard_emails != our_emails:
        differ("khard", "emails", our_emails, khard_emails)
    # khard lists Gregorian birthdays as YYYY.MM.DD, a year-less one in the year 1900; other calendars it does not read.
    khard_birthdays = {}
    for fields in khard_lines("birthdays"):
        date = fields[0].replace(".", "-")
        khard_birthdays[fields[1]] = "--" + date[5:] if date.startswith("1900-") else date
    for name, contact in by_name.items():
        if contact["birthday"] != khard_birthdays.get(name):
            differ(f"khard {name}", "birthday", contact["birthday"], khard_birthdays.get(name))
    checked += len(by_name)

print(f"compare-contacts: {checked} contacts compared (vobject: vdir and .vcf; khard: vdir), {differences} differences")
sys.exit(1 if differences else 0)
PY
