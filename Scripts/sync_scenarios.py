#!/usr/bin/env python3
"""Kalends beside vdirsyncer and a CalDAV/CardDAV server, end to end.

Run by Scripts/sync-tests.sh, which installs Radicale, vdirsyncer and caldav
(PyPI) in a venv. Each test is a scenario on an account of its own: a user of
one Radicale server (127.0.0.1, a temporary storage folder), and two machines,
"laptop" and "phone", each a pair of vdir folders (calendars, contacts) that
vdirsyncer keeps in step with that user's collections. What `kalends` does on
one machine, synced, must read the same on the other (`kalends agenda`,
`reminders`, `contacts` print the same rows) and on the server (a CalDAV
REPORT with a time range, from the caldav package, gives the same
occurrences). The last test runs every command of Docs/Sync.md.

Environment: KALENDS (the binary), SYNC_BIN (the venv's bin folder).
"""
import datetime
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

import caldav

KALENDS = os.environ["KALENDS"]
SYNC_BIN = os.environ["SYNC_BIN"]
VDIRSYNCER = os.path.join(SYNC_BIN, "vdirsyncer")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UTC = datetime.timezone.utc
WINDOW_START = datetime.datetime(2024, 3, 11, tzinfo=UTC)
WINDOW_DAYS = 21


def run(args, *, env=None, input=None, check=True, cwd=None):
    """A process run to its end; a failure (when checked) shows what it printed."""
    done = subprocess.run(args, env=env, input=input, cwd=cwd, capture_output=True, text=True, timeout=300)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return done


class Server:
    """Radicale on a free port of 127.0.0.1, with users u0, u1... (and anna, the guide's), plain htpasswd."""

    def __init__(self, users=40):
        self.folder = tempfile.mkdtemp(prefix="kalends-radicale-")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.passwords = {f"u{n}": f"secret-{n}" for n in range(users)}
        self.passwords["anna"] = "correct horse"
        with open(os.path.join(self.folder, "users"), "w") as file:
            file.writelines(f"{user}:{password}\n" for user, password in self.passwords.items())
        config = os.path.join(self.folder, "config")
        with open(config, "w") as file:
            file.write(f"[server]\nhosts = 127.0.0.1:{self.port}\n"
                       f"[auth]\ntype = htpasswd\nhtpasswd_filename = {self.folder}/users\nhtpasswd_encryption = plain\n"
                       f"[storage]\nfilesystem_folder = {self.folder}/storage\n[logging]\nlevel = warning\n")
        self.log = open(os.path.join(self.folder, "log"), "w")
        self.process = subprocess.Popen([os.path.join(SYNC_BIN, "radicale"), "--config", config],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        self.next_user = 0
        # Ready when it answers HTTP (a 401 without credentials); a Radicale that exited (the port taken) is an error.
        for _ in range(150):
            if self.process.poll() is not None:
                break
            try:
                urllib.request.urlopen(self.url, timeout=1)
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"Radicale did not start on port {self.port}: {read(self.log.name)}")

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    def new_user(self):
        user = f"u{self.next_user}"
        self.next_user += 1
        return user, self.passwords[user]

    def stop(self):
        self.process.terminate()
        self.process.wait(10)
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


SERVER = None


def setUpModule():
    global SERVER
    SERVER = Server()


def tearDownModule():
    SERVER.stop()


class Account:
    """One user of the server and its two machines, laptop and phone.

    The laptop starts with a calendar "personal" (displayname Personal, a
    color) and an address book "friends"; discovery creates them on the
    server, and on the phone from the server. `conflict` is the pairs'
    conflict_resolution on both machines (None: vdirsyncer stops on a conflict).
    """

    def __init__(self, conflict='"a wins"', phone_conflict=None):
        self.user, self.password = SERVER.new_user()
        self.root = tempfile.mkdtemp(prefix=f"kalends-sync-{self.user}-")
        for side in ("laptop", "phone"):
            os.makedirs(os.path.join(self.root, side, "calendars"))
            os.makedirs(os.path.join(self.root, side, "contacts"))
            rule = conflict if side == "laptop" or phone_conflict is None else phone_conflict
            with open(self.config(side), "w") as file:
                file.write(self.vdirsyncer_config(side, rule))
        os.makedirs(self.calendar("laptop"))
        os.makedirs(self.addressbook("laptop"))
        self.write(os.path.join(self.calendar("laptop"), "displayname"), "Personal")
        self.write(os.path.join(self.calendar("laptop"), "color"), "#3a87ad")
        self.write(os.path.join(self.addressbook("laptop"), "displayname"), "Friends")
        # The first metasync meets the server's own displayname: the laptop's wins, once.
        self.sync("laptop", rule='"a wins"')
        self.sync("phone", rule='"b wins"')

    @staticmethod
    def write(path, text):
        with open(path, "w") as file:
            file.write(text)

    def config(self, side):
        return os.path.join(self.root, side, "vdirsyncer.conf")

    def calendar(self, side):
        return os.path.join(self.root, side, "calendars", "personal")

    def addressbook(self, side):
        return os.path.join(self.root, side, "contacts", "friends")

    def vdirsyncer_config(self, side, rule):
        base = os.path.join(self.root, side)
        resolution = f"conflict_resolution = {rule}\n" if rule else ""
        return (f'[general]\nstatus_path = "{base}/status/"\n\n'
                f'[pair calendars]\na = "{side}_calendars"\nb = "server_calendars"\ncollections = ["from a", "from b"]\nimplicit = "create"\n'
                f'metadata = ["displayname", "color"]\n{resolution}\n'
                f'[storage {side}_calendars]\ntype = "filesystem"\npath = "{base}/calendars/"\nfileext = ".ics"\n\n'
                f'[storage server_calendars]\ntype = "caldav"\nurl = "{SERVER.url}"\nusername = "{self.user}"\n'
                f'password = "{self.password}"\n\n'
                f'[pair contacts]\na = "{side}_contacts"\nb = "server_contacts"\ncollections = ["from a", "from b"]\nimplicit = "create"\n'
                f'metadata = ["displayname"]\n{resolution}\n'
                f'[storage {side}_contacts]\ntype = "filesystem"\npath = "{base}/contacts/"\nfileext = ".vcf"\n\n'
                f'[storage server_contacts]\ntype = "carddav"\nurl = "{SERVER.url}"\nusername = "{self.user}"\n'
                f'password = "{self.password}"\n')

    def vdirsyncer(self, side, *args, check=True, rule=None):
        config = self.config(side)
        if rule is not None:
            config = os.path.join(self.root, side, "once.conf")
            self.write(config, self.vdirsyncer_config(side, rule))
        return run([VDIRSYNCER, "-c", config, *args], check=check)

    def sync(self, side, rule=None):
        """discover (new collections), sync and metasync of one machine."""
        self.vdirsyncer(side, "discover", rule=rule)
        self.vdirsyncer(side, "sync", rule=rule)
        self.vdirsyncer(side, "metasync", rule=rule)

    def settle(self):
        """Both machines synced until each has what the other wrote."""
        self.sync("laptop")
        self.sync("phone")
        self.sync("laptop")

    def items(self, side, folder=None):
        """The item files of a machine's calendar (or address book), sorted."""
        folder = folder or self.calendar(side)
        return sorted(name for name in os.listdir(folder) if name.endswith((".ics", ".vcf")))

    # What each side shows.

    def agenda(self, side):
        out = run([KALENDS, "agenda", os.path.join(self.root, side, "calendars"), "--from", "2024-03-11",
                   "--days", str(WINDOW_DAYS), "--tz", "UTC", "--json"]).stdout
        return [json.loads(line) for line in out.splitlines()]

    def reminders(self, side):
        out = run([KALENDS, "reminders", self.calendar(side), "--all", "--tz", "UTC", "--json"]).stdout
        return sorted(out.splitlines())

    def contacts(self, side):
        """The address book's rows, without the file each came from (the machines name files apart)."""
        out = run([KALENDS, "contacts", "list", self.addressbook(side), "--json"]).stdout
        return sorted(json.dumps(without_place(json.loads(line)), sort_keys=True) for line in out.splitlines())

    def contact(self, side, uid):
        return without_place(json.loads(run([KALENDS, "contacts", "show", self.addressbook(side), uid, "--json"]).stdout))

    def server_occurrences(self, server_expand=True):
        """(uid, start, end, title) of every occurrence the server's time-range REPORT gives, sorted:
        expanded by the server (Radicale, from the items' VTIMEZONEs), or by caldav from what the server sent."""
        client = caldav.DAVClient(url=SERVER.url, username=self.user, password=self.password)
        calendar = client.calendar(url=f"{SERVER.url}{self.user}/personal/")
        end = WINDOW_START + datetime.timedelta(days=WINDOW_DAYS)
        rows = []
        for found in calendar.search(start=WINDOW_START, end=end, event=True, expand=True, server_expand=server_expand):
            for event in found.icalendar_instance.walk("VEVENT"):
                start = event.decoded("DTSTART")
                if "DTEND" in event:
                    finish = event.decoded("DTEND")
                elif "DURATION" in event:
                    # Days are nominal (the wall clock's), hours and less exact (RFC 5545, 3.3.6):
                    # Python's aware arithmetic is the wall clock's only.
                    length = event.decoded("DURATION")
                    finish = start + datetime.timedelta(days=length.days)
                    if isinstance(finish, datetime.datetime):
                        finish = finish.astimezone(UTC) + datetime.timedelta(seconds=length.seconds)
                else:
                    finish = start + datetime.timedelta(days=1) if not isinstance(start, datetime.datetime) else start
                rows.append((str(event["UID"]), moment(start), moment(finish), str(event.get("SUMMARY", ""))))
        return sorted(rows)

    def server_item_count(self):
        client = caldav.DAVClient(url=SERVER.url, username=self.user, password=self.password)
        calendar = client.calendar(url=f"{SERVER.url}{self.user}/personal/")
        # Not objects(): its sync-collection REPORT lists removed items too.
        return len(calendar.events()) + len(calendar.todos(include_completed=True))

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)


def without_place(row):
    """A contact's JSON without where it is kept (its file, line)."""
    return {key: value for key, value in row.items() if key not in ("file", "line", "path")}


def moment(value):
    """A DTSTART/DTEND as the agenda's JSON writes it in UTC: a date, or an instant."""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")
    return value.isoformat()


def agenda_occurrences(rows):
    """The agenda's rows as the server's occurrences are compared."""
    def plain(text):
        return text[:19] if "T" in text else text
    return sorted((row["uid"], plain(row["start"]), plain(row["end"]), row["title"]) for row in rows)


def read(path, binary=False):
    """A file's text (or bytes)."""
    with open(path, "rb" if binary else "r") as file:
        return file.read()


def kalends(*args):
    """`kalends ARGS`, which must succeed; its stdout stripped."""
    return run([KALENDS, *args]).stdout.strip()


class Scenarios(unittest.TestCase):
    def setUp(self):
        self.account = None

    def tearDown(self):
        if self.account is not None:
            self.account.cleanup()

    def new_account(self, **options):
        self.account = Account(**options)
        return self.account

    def assertSame(self, account, server=True):
        """laptop and phone print the same agenda, and the server gives its occurrences."""
        laptop, phone = account.agenda("laptop"), account.agenda("phone")
        self.assertEqual(laptop, phone)
        self.assertTrue(laptop, "the window shows no event")
        if server:
            self.assertEqual(agenda_occurrences(laptop), account.server_occurrences(server_expand=True), "expanded by Radicale")
            self.assertEqual(agenda_occurrences(laptop), account.server_occurrences(server_expand=False), "expanded by caldav")
        self.assertEqual(len(account.items("laptop")), len(account.items("phone")))
        if server:
            self.assertEqual(len(account.items("laptop")), account.server_item_count())
        self.assertEqual({row["calendar"] for row in phone}, {"Personal"})
        self.assertEqual({row.get("color") for row in phone}, {"#3a87ad"})

    def test_events_added_on_the_laptop_read_the_same_on_the_phone_and_the_server(self):
        a = self.new_account()
        cal = a.calendar("laptop")
        kalends("event", "add", cal, "--title", "Standup", "--start", "2024-03-11T09:00", "--duration", "PT15M",
                "--rrule", "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=9", "--tz", "Europe/Berlin", "--alarm", "-PT10M")
        kalends("event", "add", cal, "--title", "Sabbath dinner", "--start", "2024-03-15T18:30", "--end", "2024-03-15T21:00",
                "--rrule", "FREQ=WEEKLY", "--tz", "Asia/Jerusalem")
        kalends("event", "add", cal, "--title", "Holiday", "--start", "2024-03-20", "--end", "2024-03-22", "--all-day")
        kalends("event", "add", cal, "--title", "Flight over the DST change", "--start", "2024-03-30T23:30",
                "--duration", "PT9H", "--tz", "Europe/London")
        kalends("event", "add", cal, "--title", "Call with Zoë, café “Müller”; agenda: a, b", "--start", "2024-03-12T15:00",
                "--duration", "PT1H", "--tz", "America/New_York")
        self.assertEqual(len(a.items("laptop")), 5)
        a.settle()
        self.assertSame(a)
        alarms = [run([KALENDS, "alarms", a.calendar(side), "--from", "2024-03-11T00:00", "--days", "21", "--tz", "UTC", "--json"]).stdout
                  for side in ("laptop", "phone")]
        self.assertEqual(alarms[0], alarms[1])
        self.assertEqual(len(alarms[0].splitlines()), 9, "the standup's alarm, once for each of its 9 occurrences")

    def test_reminders_added_imported_and_done_read_the_same_everywhere(self):
        # (Kalends edits a reminder by marking it done; it has no other reminder edit, and no reminder remove.)
        a = self.new_account()
        cal = a.calendar("laptop")
        kalends("event", "add", cal, "--title", "Anchor", "--start", "2024-03-11T08:00", "--duration", "PT1H", "--tz", "UTC")
        imported = os.path.join(a.root, "todo.ics")
        Account.write(imported, "\r\n".join([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example Corp//Tasks//EN", "BEGIN:VTODO", "UID:todo-from-work@example.com",
            "DTSTAMP:20240301T090000Z", "DUE;TZID=America/Chicago:20240318T170000", "SUMMARY:Send the report", "PRIORITY:5",
            "END:VTODO", "END:VCALENDAR", ""]))
        kalends("import", imported, "--into", cal)
        once = kalends("reminder", "add", cal, "--title", "File taxes", "--due", "2024-03-15T18:00", "--priority", "1",
                       "--tz", "America/New_York", "--alarm", "-P1D")
        weekly = kalends("reminder", "add", cal, "--title", "Water the plants", "--due", "2024-03-12T08:00",
                         "--rrule", "FREQ=WEEKLY", "--tz", "Europe/Berlin")
        kalends("reminder", "add", cal, "--title", "Someday")
        a.settle()
        self.assertSame(a)
        self.assertEqual(a.reminders("laptop"), a.reminders("phone"))
        self.assertEqual(len(a.reminders("phone")), 4)
        # Done on the phone: the one-off is completed, the weekly one moves to its next due time.
        kalends("reminder", "done", a.calendar("phone"), once)
        kalends("reminder", "done", a.calendar("phone"), weekly)
        a.settle()
        laptop = a.reminders("laptop")
        self.assertEqual(laptop, a.reminders("phone"))
        rows = {json.loads(row)["uid"]: json.loads(row) for row in laptop}
        self.assertIsNotNone(rows[once]["completed"])
        self.assertIsNone(rows[weekly]["completed"])
        self.assertTrue(rows[weekly]["due"].startswith("2024-03-19"), rows[weekly])
        client = caldav.DAVClient(url=SERVER.url, username=a.user, password=a.password)
        todos = client.calendar(url=f"{SERVER.url}{a.user}/personal/").todos(include_completed=True)
        statuses = {str(t.icalendar_component["UID"]): str(t.icalendar_component.get("STATUS", "")) for t in todos}
        self.assertEqual(statuses.get(once), "COMPLETED")
        self.assertEqual(len(statuses), 4)
        # The due times the server has are the ones kalends lists.
        dues = {str(t.icalendar_component["UID"]): moment(t.icalendar_component.decoded("DUE")) for t in todos if "DUE" in t.icalendar_component}
        listed = {uid: row["due"][:19] for uid, row in ((r["uid"], r) for r in (json.loads(x) for x in laptop)) if row["due"]}
        self.assertEqual(dues, {uid: due for uid, due in listed.items()})
        self.assertEqual(dues[weekly], "2024-03-19T07:00:00")

    def test_removing_the_last_item_needs_vdirsyncers_force_delete(self):
        # vdirsyncer refuses to empty a collection on its own (StorageEmpty): `sync --force-delete` says it is meant.
        a = self.new_account()
        uid = kalends("event", "add", a.calendar("laptop"), "--title", "Only", "--start", "2024-03-12T09:00", "--duration", "PT1H",
                      "--tz", "UTC")
        a.settle()
        self.assertEqual(len(a.items("phone")), 1)
        kalends("event", "remove", a.calendar("laptop"), uid)
        self.assertEqual(a.items("laptop"), [])
        refused = a.vdirsyncer("laptop", "sync", check=False)
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("--force-delete", refused.stdout + refused.stderr)
        self.assertEqual(a.server_item_count(), 1)
        a.vdirsyncer("laptop", "sync", "--force-delete")
        self.assertEqual(a.server_item_count(), 0)
        a.vdirsyncer("phone", "sync", "--force-delete")
        self.assertEqual(a.items("phone"), [])
        self.assertEqual(a.agenda("phone"), [])
        self.assertEqual(read(os.path.join(a.calendar("phone"), "displayname")), "Personal")

    def test_this_event_and_this_and_future_edits_on_either_side_sync(self):
        a = self.new_account()
        uid = kalends("event", "add", a.calendar("laptop"), "--title", "Standup", "--start", "2024-03-11T09:00",
                      "--duration", "PT15M", "--rrule", "FREQ=DAILY;COUNT=15", "--tz", "Europe/Berlin")
        other = kalends("event", "add", a.calendar("laptop"), "--title", "Review", "--start", "2024-03-13T14:00",
                        "--duration", "PT1H", "--tz", "Europe/Berlin")
        a.settle()
        # On the laptop: one occurrence moved and renamed.
        kalends("event", "edit", a.calendar("laptop"), uid, "--occurrence", "2024-03-12T09:00", "--start", "2024-03-12T10:30",
                "--title", "Standup (late)", "--tz", "Europe/Berlin")
        a.settle()
        self.assertSame(a)
        # On the phone, whose files vdirsyncer named (at random: an @ is no part of its names): this and future,
        # then the whole of the other event moved.
        names = a.items("phone")
        split = kalends("event", "edit", a.calendar("phone"), uid, "--occurrence", "2024-03-18T09:00", "--future",
                        "--title", "Standup v2", "--duration", "PT20M", "--tz", "Europe/Berlin")
        kalends("event", "edit", a.calendar("phone"), other, "--start", "2024-03-14T15:00", "--tz", "Europe/Berlin")
        after = a.items("phone")
        self.assertEqual(set(names) <= set(after), True, "an edit renamed an item")
        self.assertEqual(len(after), len(names) + 1)
        a.settle()
        self.assertSame(a)
        titles = {row["uid"]: row["title"] for row in a.agenda("laptop")}
        self.assertEqual(titles[split], "Standup v2")
        # Edited again on the laptop: the override is updated, not duplicated.
        kalends("event", "edit", a.calendar("laptop"), uid, "--occurrence", "2024-03-12T09:00", "--title", "Standup (later)",
                "--tz", "Europe/Berlin")
        a.settle()
        self.assertSame(a)
        self.assertEqual(sum(1 for row in a.agenda("phone") if row["title"].startswith("Standup (")), 1)

    def test_removals_of_an_event_an_occurrence_and_the_future_sync(self):
        a = self.new_account()
        cal = a.calendar("laptop")
        daily = kalends("event", "add", cal, "--title", "Daily", "--start", "2024-03-11T07:00", "--duration", "PT30M",
                        "--rrule", "FREQ=DAILY", "--tz", "Europe/Paris")
        weekly = kalends("event", "add", cal, "--title", "Weekly", "--start", "2024-03-11T12:00", "--duration", "PT1H",
                         "--rrule", "FREQ=WEEKLY;COUNT=6", "--tz", "Europe/Paris")
        once = kalends("event", "add", cal, "--title", "Once", "--start", "2024-03-14T12:00", "--duration", "PT1H", "--tz", "UTC")
        a.settle()
        kalends("event", "remove", cal, daily, "--occurrence", "2024-03-13T07:00", "--tz", "Europe/Paris")
        kalends("event", "remove", cal, daily, "--occurrence", "2024-03-20T07:00", "--future", "--tz", "Europe/Paris")
        kalends("event", "remove", a.calendar("phone"), once)
        a.settle()
        self.assertSame(a)
        starts = [row["start"] for row in a.agenda("phone") if row["uid"] == daily]
        self.assertEqual(len(starts), 8)
        self.assertIn("2024-03-12T06:00:00Z", starts)
        self.assertNotIn("2024-03-13T06:00:00Z", starts)
        self.assertFalse(any(row["uid"] == once for row in a.agenda("laptop")))
        kalends("event", "remove", cal, weekly)
        a.settle()
        self.assertSame(a)
        self.assertEqual(len(a.items("phone")), 1)

    def test_an_imported_invitation_its_update_and_its_cancel_sync(self):
        a = self.new_account()
        kalends("event", "add", a.calendar("laptop"), "--title", "Mine", "--start", "2024-03-11T08:00", "--duration", "PT1H",
                "--tz", "UTC")
        a.settle()
        invite = os.path.join(a.root, "invite.ics")

        def invitation(method, sequence, title, extra=""):
            Account.write(invite, "\r\n".join([
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example Corp//Mail//EN", f"METHOD:{method}",
                "BEGIN:VEVENT", "UID:planning-2024@example.com", f"SEQUENCE:{sequence}", "DTSTAMP:20240301T120000Z",
                "DTSTART;TZID=America/New_York:20240312T100000", "DTEND;TZID=America/New_York:20240312T110000",
                "RRULE:FREQ=WEEKLY;COUNT=3", f"SUMMARY:{title}", "ORGANIZER;CN=Boss:mailto:boss@example.com",
                "ATTENDEE;PARTSTAT=NEEDS-ACTION;CN=Anna:mailto:anna@example.com", "END:VEVENT", extra,
                "END:VCALENDAR", ""]).replace("\r\n\r\n", "\r\n"))

        invitation("REQUEST", 0, "Planning")
        kalends("import", invite, "--into", a.calendar("laptop"))
        a.settle()
        self.assertSame(a)
        invitation("REQUEST", 1, "Planning (new room)", "\r\n".join([
            "BEGIN:VEVENT", "UID:planning-2024@example.com", "SEQUENCE:1", "DTSTAMP:20240301T130000Z",
            "RECURRENCE-ID;TZID=America/New_York:20240319T100000", "DTSTART;TZID=America/New_York:20240319T140000",
            "DTEND;TZID=America/New_York:20240319T150000", "SUMMARY:Planning (afternoon)", "END:VEVENT"]))
        kalends("import", invite, "--into", a.calendar("phone"))
        a.settle()
        self.assertSame(a)
        titles = sorted(row["title"] for row in a.agenda("laptop") if row["uid"] == "planning-2024@example.com")
        self.assertEqual(titles, ["Planning (afternoon)", "Planning (new room)", "Planning (new room)"])
        invitation("CANCEL", 2, "Planning")
        kalends("import", invite, "--into", a.calendar("laptop"))
        a.settle()
        self.assertSame(a)
        self.assertFalse(any(row["uid"] == "planning-2024@example.com" for row in a.agenda("phone")))

    def test_what_another_client_puts_on_the_server_reads_and_edits_on_the_laptop(self):
        # As a phone's own calendar app would: an event in a Windows zone name with its VTIMEZONE,
        # an override, an X- property, and a card with Apple's labels, put straight on the server.
        a = self.new_account()
        client = caldav.DAVClient(url=SERVER.url, username=a.user, password=a.password)
        calendar = client.calendar(url=f"{SERVER.url}{a.user}/personal/")
        calendar.save_event("\r\n".join([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iPhone OS 17.4//EN", "CALSCALE:GREGORIAN",
            "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
            "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:3F1C-phone-made@example.com", "DTSTAMP:20240301T080000Z", "SEQUENCE:0",
            "DTSTART;TZID=W. Europe Standard Time:20240312T170000", "DTEND;TZID=W. Europe Standard Time:20240312T180000",
            "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Choir", "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT30M", "END:VALARM", "END:VEVENT",
            "BEGIN:VEVENT", "UID:3F1C-phone-made@example.com", "DTSTAMP:20240301T080000Z",
            "RECURRENCE-ID;TZID=W. Europe Standard Time:20240319T170000",
            "DTSTART;TZID=W. Europe Standard Time:20240319T190000", "DTEND;TZID=W. Europe Standard Time:20240319T200000",
            "SUMMARY:Choir (concert)", "END:VEVENT", "END:VCALENDAR", ""]))
        client.put(f"{SERVER.url}{a.user}/friends/ios-card.vcf", "\r\n".join([
            "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.4//EN", "N:Katz;Dana;;;", "FN:Dana Katz",
            "item1.TEL;type=pref:+1 (212) 555-0100", "item1.X-ABLabel:_$!<Mobile>!$_", "BDAY;VALUE=date:1979-11-05",
            "UID:ios-card-1", "END:VCARD", ""]), {"Content-Type": "text/vcard; charset=utf-8"})
        a.sync("laptop")
        rows = [row for row in a.agenda("laptop") if row["uid"] == "3F1C-phone-made@example.com"]
        self.assertEqual([(row["start"], row["title"]) for row in rows][:2],
                         [("2024-03-12T16:00:00Z", "Choir"), ("2024-03-19T18:00:00Z", "Choir (concert)")])
        self.assertEqual(agenda_occurrences(a.agenda("laptop")), a.server_occurrences())
        self.assertIn("Dana Katz", "\n".join(a.contacts("laptop")))
        # Edited on the laptop, in the file vdirsyncer named: the other client's lines are kept.
        kalends("event", "edit", a.calendar("laptop"), "3F1C-phone-made@example.com", "--occurrence", "2024-03-26T17:00",
                "--title", "Choir (rehearsal)", "--tz", "Europe/Berlin")
        kalends("contacts", "edit", a.addressbook("laptop"), "ios-card-1", "--add-email", "dana@example.org")
        a.settle()
        self.assertSame(a)
        text = "".join(event.data for event in calendar.events())
        self.assertIn("X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC", text)
        self.assertIn("TZID:W. Europe Standard Time", text)
        self.assertIn("Choir (rehearsal)", text)
        self.assertEqual(a.contacts("laptop"), a.contacts("phone"))
        self.assertIn("dana@example.org", "\n".join(a.contacts("phone")))

    def test_contacts_added_and_edited_on_either_side_arrive_on_the_other(self):
        a = self.new_account()
        book = a.addressbook("laptop")
        anna = kalends("contacts", "add", book, "--name", "Anna Levi", "--phone", "cell:+972501234567",
                       "--email", "home:anna@example.com", "--birthday", "1984-03-18")
        moshe = kalends("contacts", "add", book, "--name", "Moshe Cohen", "--birthday-calendar", "hebrew",
                        "--birthday", "5690-M06-15", "--vcard", "4.0")
        kalends("contacts", "add", book, "--name", "Mei Chen", "--birthday-calendar", "chinese", "--birthday", "1984-M10L-15",
                "--address", "work:1 Chang'an Ave;Beijing;;100000;China", "--note", "Met in Beijing, 2019.\nCall first.")
        a.settle()
        self.assertEqual(a.contacts("laptop"), a.contacts("phone"))
        self.assertEqual(len(a.contacts("phone")), 3)
        kalends("contacts", "edit", a.addressbook("phone"), anna, "--add-email", "work:anna@technion.example",
                "--remove-phone", "+972501234567")
        kalends("contacts", "edit", book, moshe, "--add-phone", "cell:+972521111111")
        a.settle()
        self.assertEqual(a.contacts("laptop"), a.contacts("phone"))
        for uid in (anna, moshe):
            self.assertEqual(a.contact("laptop", uid), a.contact("phone", uid))
        self.assertEqual(sorted(e["value"] for e in a.contact("laptop", anna)["emails"]),
                         ["anna@example.com", "anna@technion.example"])
        birthdays = [run([KALENDS, "birthdays", a.addressbook(side), "--from", "2025-01-01", "--days", "366", "--json"]).stdout
                     for side in ("laptop", "phone")]
        self.assertEqual(birthdays[0], birthdays[1])
        self.assertEqual(len(birthdays[0].splitlines()), 3)
        for side in ("laptop", "phone"):
            self.assertEqual(read(os.path.join(a.addressbook(side), "displayname")), "Friends")

    # Conflicts: the same event edited on both machines between two syncs.

    def conflicting_edits(self, a):
        uid = kalends("event", "add", a.calendar("laptop"), "--title", "Lunch", "--start", "2024-03-13T12:00",
                      "--duration", "PT1H", "--tz", "UTC")
        a.settle()
        kalends("event", "edit", a.calendar("laptop"), uid, "--title", "Lunch (laptop)")
        kalends("event", "edit", a.calendar("phone"), uid, "--title", "Lunch (phone)")
        a.sync("phone")
        return uid

    def titles(self, a, side, uid):
        return [row["title"] for row in a.agenda(side) if row["uid"] == uid]

    def test_a_conflict_where_the_laptop_wins(self):
        a = self.new_account(conflict='"a wins"')
        uid = self.conflicting_edits(a)
        a.settle()
        self.assertSame(a)
        self.assertEqual(self.titles(a, "phone", uid), ["Lunch (laptop)"])
        self.assertEqual(len(a.items("phone")), 1)

    def test_a_conflict_where_the_server_wins(self):
        a = self.new_account(conflict='"b wins"')
        uid = self.conflicting_edits(a)
        a.settle()
        self.assertSame(a)
        self.assertEqual(self.titles(a, "laptop", uid), ["Lunch (phone)"])
        self.assertEqual(len(a.items("laptop")), 1)

    def test_a_conflict_without_a_rule_leaves_that_item_and_syncs_the_rest(self):
        a = self.new_account(conflict=None)
        uid = self.conflicting_edits(a)
        other = kalends("event", "add", a.calendar("laptop"), "--title", "Added meanwhile", "--start", "2024-03-15T12:00",
                        "--duration", "PT1H", "--tz", "UTC")
        before = {name: read(os.path.join(a.calendar("laptop"), name), binary=True) for name in a.items("laptop")}
        done = a.vdirsyncer("laptop", "sync", check=False)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("conflict", (done.stdout + done.stderr).lower())
        after = {name: read(os.path.join(a.calendar("laptop"), name), binary=True) for name in a.items("laptop")}
        self.assertEqual(before, after)
        # The conflicting item is left on both sides; the other change went up all the same.
        self.assertEqual(sorted(t for (_, _, _, t) in a.server_occurrences()), ["Added meanwhile", "Lunch (phone)"])
        self.assertIn(other, {u for (u, _, _, _) in a.server_occurrences()})
        # Resolved by a sync that says who wins.
        a.vdirsyncer("laptop", "sync", rule='"a wins"')
        a.sync("phone")
        self.assertSame(a)
        self.assertEqual(self.titles(a, "phone", uid), ["Lunch (laptop)"])

    def test_the_same_edit_on_both_sides_is_no_conflict(self):
        a = self.new_account(conflict=None)
        uid = kalends("event", "add", a.calendar("laptop"), "--title", "Dentist", "--start", "2024-03-14T09:00",
                      "--duration", "PT1H", "--tz", "UTC")
        a.settle()
        for side in ("laptop", "phone"):
            kalends("event", "edit", a.calendar(side), uid, "--start", "2024-03-14T10:00", "--tz", "UTC")
        a.settle()
        self.assertSame(a)
        self.assertEqual([row["start"] for row in a.agenda("phone")], ["2024-03-14T10:00:00Z"])
        self.assertEqual([start for (_, start, _, _) in a.server_occurrences()], ["2024-03-14T10:00:00"])

    def test_an_edit_against_a_removal_keeps_the_edit(self):
        a = self.new_account(conflict=None)
        uid = kalends("event", "add", a.calendar("laptop"), "--title", "Yoga", "--start", "2024-03-15T18:00",
                      "--duration", "PT1H", "--rrule", "FREQ=WEEKLY;COUNT=3", "--tz", "Europe/Berlin")
        keep = kalends("event", "add", a.calendar("laptop"), "--title", "Keep", "--start", "2024-03-11T08:00",
                       "--duration", "PT1H", "--tz", "UTC")
        a.settle()
        kalends("event", "remove", a.calendar("laptop"), uid)
        kalends("event", "edit", a.calendar("phone"), uid, "--occurrence", "2024-03-22T18:00", "--title", "Yoga outside",
                "--tz", "Europe/Berlin")
        a.sync("phone")
        a.settle()
        self.assertSame(a)
        self.assertEqual(sorted(self.titles(a, "laptop", uid)), ["Yoga", "Yoga", "Yoga outside"])
        self.assertEqual(len(a.items("laptop")), 2)
        self.assertIn(keep, {row["uid"] for row in a.agenda("phone")})

    def test_edits_on_different_occurrences_of_one_series_conflict_as_one_item(self):
        # vdirsyncer's unit is the item (a series with its overrides): the rule picks one whole version.
        a = self.new_account(conflict='"a wins"')
        uid = kalends("event", "add", a.calendar("laptop"), "--title", "Class", "--start", "2024-03-11T16:00",
                      "--duration", "PT1H", "--rrule", "FREQ=DAILY;COUNT=10", "--tz", "UTC")
        a.settle()
        kalends("event", "edit", a.calendar("laptop"), uid, "--occurrence", "2024-03-12T16:00", "--title", "Class (laptop)",
                "--tz", "UTC")
        kalends("event", "edit", a.calendar("phone"), uid, "--occurrence", "2024-03-14T16:00", "--title", "Class (phone)",
                "--tz", "UTC")
        a.sync("phone")
        a.settle()
        self.assertSame(a)
        titles = self.titles(a, "phone", uid)
        self.assertIn("Class (laptop)", titles)
        self.assertNotIn("Class (phone)", titles)
        self.assertEqual(len(titles), 10)

    def test_kalends_edits_while_vdirsyncer_syncs_in_a_loop_all_land(self):
        a = self.new_account()
        a.settle()
        stop = threading.Event()
        rounds = []

        def syncing():
            while not stop.is_set():
                rounds.append(a.vdirsyncer("laptop", "sync", check=False).returncode)

        syncer = threading.Thread(target=syncing)
        syncer.start()
        expected = {}
        try:
            laptop = []
            for n in range(12):
                uid = kalends("event", "add", a.calendar("laptop"), "--title", f"Laptop {n}", "--start",
                              f"2024-03-{11 + n}T09:00", "--duration", "PT30M", "--tz", "UTC")
                laptop.append(uid)
                expected[uid] = f"Laptop {n}"
                if n % 3 == 2:
                    # The phone writes too: its events reach the laptop's folder through the loop.
                    phone = kalends("event", "add", a.calendar("phone"), "--title", f"Phone {n}", "--start",
                                    f"2024-03-{11 + n}T13:00", "--duration", "PT30M", "--tz", "UTC")
                    expected[phone] = f"Phone {n}"
                    a.vdirsyncer("phone", "sync")
            for n, uid in enumerate(laptop):
                kalends("event", "edit", a.calendar("laptop"), uid, "--title", f"Laptop {n} (edited)")
                expected[uid] = f"Laptop {n} (edited)"
            # Items the loop brought from the phone, edited on the laptop while it still runs.
            def arrived():
                text = "".join(read(os.path.join(a.calendar("laptop"), name)) for name in a.items("laptop"))
                return [uid for uid, title in expected.items() if title.startswith("Phone") and uid in text]
            deadline = time.time() + 60
            while not arrived() and time.time() < deadline:
                time.sleep(0.2)
            edited = arrived()
            self.assertTrue(edited, "no item of the phone reached the laptop during the loop")
            for uid in edited:
                kalends("event", "edit", a.calendar("laptop"), uid, "--title", expected[uid] + " (edited)")
                expected[uid] += " (edited)"
        finally:
            stop.set()
            syncer.join()
        a.settle()
        a.settle()
        self.assertGreater(len(rounds), 2, "the loop did not sync while kalends edited")
        self.assertEqual([code for code in rounds if code != 0], [], "a sync of the loop failed")
        for side in ("laptop", "phone"):
            self.assertEqual({row["uid"]: row["title"] for row in a.agenda(side)}, expected, side)
        self.assertEqual(sorted(expected.values()), sorted(t for (_, _, _, t) in a.server_occurrences()))
        self.assertEqual(len(a.items("laptop")), len(expected))
        self.assertEqual(a.server_item_count(), len(expected))

    def test_the_collection_name_and_color_are_kept_and_no_stray_file_syncs(self):
        a = self.new_account()
        cal = a.calendar("laptop")
        uid = kalends("event", "add", cal, "--title", "Walk", "--start", "2024-03-11T07:00", "--duration", "PT1H",
                      "--rrule", "FREQ=DAILY;COUNT=5", "--tz", "UTC")
        kalends("event", "edit", cal, uid, "--occurrence", "2024-03-12T07:00", "--future", "--title", "Run")
        kalends("event", "remove", cal, uid, "--occurrence", "2024-03-11T07:00")
        a.settle()
        self.assertSame(a)
        for side in ("laptop", "phone"):
            files = sorted(os.listdir(a.calendar(side)))
            self.assertEqual([f for f in files if not f.endswith(".ics")], ["color", "displayname"], side)
            self.assertEqual(read(os.path.join(a.calendar(side), "displayname")), "Personal")
            self.assertEqual(read(os.path.join(a.calendar(side), "color")), "#3a87ad")
        # The item names, one UID per file.
        for side in ("laptop", "phone"):
            for name in a.items(side):
                with open(os.path.join(a.calendar(side), name)) as file:
                    text = file.read()
                self.assertEqual(len(set(re.findall(r"^UID:(.*)$", text, re.M))), 1, name)


def elided_match(expected, actual):
    """Docs/Testing.md's rule: a line `...` stands for any lines, `...` in a line for any text."""
    def line_matches(pattern, line):
        pieces = pattern.split("...")
        if len(pieces) == 1:
            return pattern == line
        if not line.startswith(pieces[0]) or len(line) < len(pieces[0]) + len(pieces[-1]):
            return False
        rest = line[len(pieces[0]):]
        for piece in pieces[1:-1]:
            if piece:
                at = rest.find(piece)
                if at < 0:
                    return False
                rest = rest[at + len(piece):]
        return len(rest) >= len(pieces[-1]) and rest.endswith(pieces[-1])

    def match(pattern, lines):
        if not pattern:
            return not lines
        if pattern[0] == "...":
            return any(match(pattern[1:], lines[k:]) for k in range(len(lines) + 1))
        return bool(lines) and line_matches(pattern[0], lines[0]) and match(pattern[1:], lines[1:])

    lines = [line.rstrip() for line in actual]
    while lines and not lines[-1]:
        lines.pop()
    pattern = [line.rstrip() for line in expected]
    while pattern and not pattern[-1]:
        pattern.pop()
    return match(pattern, lines)


class TheGuide(unittest.TestCase):
    """Every command of Docs/Sync.md, run as shown on two machines against the test's server.

    `<!-- sync file: PATH -->` before an ```ini block writes it to PATH on both
    machines; a ```console sync MACHINE block holds `$ ` commands run in that
    machine's home, each printing (stdout and stderr) what is shown under it.
    The guide's server, http://127.0.0.1:5232/ with user anna, is the test's.
    """

    def steps(self):
        text = read(os.path.join(ROOT, "Docs", "Sync.md")).split("\n")
        steps, fence, target, block = [], None, None, []
        for number, line in enumerate(text, 1):
            marker = re.match(r"<!-- sync file: (\S+) -->", line.strip())
            if marker:
                target = marker.group(1)
            elif line.startswith("```") and fence is None:
                fence, block, start = line[3:].strip(), [], number
            elif line.startswith("```"):
                if fence == "ini" and target:
                    steps.append(("file", target, "\n".join(block) + "\n", start))
                    target = None
                elif fence.startswith("console sync "):
                    steps.append(("commands", fence.split()[2], block, start))
                fence = None
            elif fence is not None:
                block.append(line)
        return steps

    def test_every_command_of_the_guide_prints_what_it_shows(self):
        steps = self.steps()
        self.assertGreater(len(steps), 5)
        homes = {machine: tempfile.mkdtemp(prefix=f"kalends-guide-{machine}-") for machine in ("laptop", "phone")}
        try:
            for kind, where, content, line in steps:
                if kind == "file":
                    for home in homes.values():
                        path = where.replace("~", home, 1)
                        os.makedirs(os.path.dirname(path), exist_ok=True)
                        Account.write(path, content.replace("127.0.0.1:5232", f"127.0.0.1:{SERVER.port}"))
                    continue
                home = homes[where]
                env = dict(os.environ, HOME=home, PATH=f"{os.path.dirname(KALENDS)}:{SYNC_BIN}:{os.environ['PATH']}",
                           TZ="UTC", LC_ALL="C.UTF-8")
                env.pop("XDG_CONFIG_HOME", None)
                env.pop("KALENDS_CONFIG", None)
                commands, current = [], None
                for offset, raw in enumerate(content):
                    if raw.startswith("$ "):
                        current = [line + offset + 1, raw[2:], []]
                        commands.append(current)
                    elif current is not None:
                        if current[1].endswith("\\"):
                            current[1] = current[1] + "\n" + raw
                        else:
                            current[2].append(raw)
                for at, command, shown in commands:
                    done = subprocess.run(["/bin/sh", "-c", command], cwd=home, env=env, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT, text=True, timeout=120)
                    status = re.search(r"# exit (\d+)", command)
                    where_shown = f"Docs/Sync.md:{at}: $ {command}"
                    self.assertEqual(done.returncode, int(status.group(1)) if status else 0, f"{where_shown}\n{done.stdout}")
                    self.assertTrue(elided_match(shown, done.stdout.split("\n")),
                                    f"{where_shown}\nshown:\n" + "\n".join(shown) + "\nprinted:\n" + done.stdout)
        finally:
            for home in homes.values():
                shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    unittest.main(verbosity=2)
