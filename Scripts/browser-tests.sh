#!/usr/bin/env bash
# The views and `kalends serve` in a real browser: Debian's Chromium and its
# driver (apt), driven headless by Python's selenium (PyPI, in a venv at
# ${XDG_CACHE_HOME:-~/.cache}/kalends-browser-venv). Checks:
#   - the page's event boxes are where the layout engine puts them
#     (`kalends layout --json`), within a pixel;
#   - a drag of an event by one hour changes exactly its DTSTART (and the
#     editor's DTSTAMP and SEQUENCE) in the file;
#   - a drag on New York's 25-hour day lands where DayAxis says (the second 01:30);
#   - a recurring event's drag asks, and "this event" makes one override;
#   - a request without the token, with another Host or from another Origin changes nothing;
#   - the views' pages opened from files fetch nothing.
# Screenshots (PNG) of day, week, month, a Hebrew month with its Gregorian
# days, a DST day and a month in Hebrew (right to left) go to ${SHOTS:-a temp dir};
# SHOTS=Docs/images refreshes the docs' pictures. Skips, saying so, where
# Chromium or selenium cannot be installed. Binary: $KALENDS (default .build/release/kalends).
set -u
cd "$(dirname "$0")/.."
KALENDS=${KALENDS:-.build/release/kalends}
KALENDS=$(cd "$(dirname "$KALENDS")" && pwd)/$(basename "$KALENDS")
venv=${XDG_CACHE_HOME:-$HOME/.cache}/kalends-browser-venv
work=$(mktemp -d)
shots=${SHOTS:-$work/shots}
mkdir -p "$shots"
shots=$(cd "$shots" && pwd)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
if [ ! -x "$KALENDS" ]; then echo "browser-tests: $KALENDS is missing (swift build -c release); nothing tested."; exit 0; fi
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver >"$work/apt.log" 2>&1; then
        echo "browser-tests: chromium could not be installed (apt-get install chromium chromium-driver); nothing tested."; exit 0
    fi
fi
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import selenium' 2>/dev/null; then
    if ! python3 -m venv "$venv" >/dev/null 2>&1 || ! "$venv/bin/pip" install -q selenium >"$work/pip.log" 2>&1; then
        echo "browser-tests: selenium could not be installed from PyPI (no network?); nothing tested."; exit 0
    fi
fi
echo "browser-tests: $(chromium --version 2>/dev/null | head -1), selenium $("$venv/bin/python" -c 'import selenium; print(selenium.__version__)')"

# The calendars: the team calendar, and a night on New York's 25-hour day.
cp Examples/team.ics "$work/team.ics"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kalends//Browser tests//EN\r\nBEGIN:VEVENT\r\nUID:night@example.com\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;TZID=America/New_York:20241103T003000\r\nDTEND;TZID=America/New_York:20241103T010000\r\nSUMMARY:Night shift\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$work/night.ics"
# Static pages for the pictures: a Hebrew month with its Gregorian days, and the same in Hebrew (right to left).
"$KALENDS" view month 2024-03-11 "$work/team.ics" --calendar hebrew --also gregorian --tz America/New_York --first-weekday 7 --html > "$work/hebrew.html"
"$KALENDS" view month 2024-03-11 "$work/team.ics" --calendar hebrew --also gregorian --tz America/New_York --locale he --html > "$work/hebrew-he.html"

"$KALENDS" serve "$work/team.ics" "$work/night.ics" --tz America/New_York > "$work/url.txt" 2>"$work/serve.log" &
server=$!
for _ in $(seq 50); do [ -s "$work/url.txt" ] && break; sleep 0.1; done
url=$(head -1 "$work/url.txt")
if [ -z "$url" ]; then echo "browser-tests: kalends serve did not start: $(cat "$work/serve.log")"; exit 1; fi

"$venv/bin/python" - "$KALENDS" "$url" "$work" "$shots" <<'PY'
import json, re, subprocess, sys, time, urllib.error, urllib.request
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

kalends, url, work, shots = sys.argv[1:5]
port = int(re.search(r":(\d+)/", url).group(1))
token = re.search(r"token=([0-9a-f]+)", url).group(1)
failures = []
def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition: failures.append(what)

options = webdriver.ChromeOptions()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,1500", "--force-device-scale-factor=1"]:
    options.add_argument(flag)
service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
browser = webdriver.Chrome(options=options, service=service)
requests_seen = []
try:
    # 1. The week's boxes where the layout engine puts them.
    browser.get(url + "&view=week&date=2024-03-11")
    svg = browser.find_element(By.CSS_SELECTOR, "#view svg")
    origin = svg.rect
    layout = json.loads(subprocess.run([kalends, "layout", f"{work}/team.ics", f"{work}/night.ics", "--day", "2024-03-12",
                                        "--tz", "America/New_York", "--json"], capture_output=True, text=True, check=True).stdout)
    # The renderer's constants (ViewSVG): width 900, gutter 52, rows of 22, 40 pixels an hour; Monday the first of 7 columns.
    lanes = len(browser.find_elements(By.CSS_SELECTOR, "g.event.all-day")) and 1
    column_width = (900 - 52) / 7
    top = 22 + 22 * lanes
    day_height = layout["seconds"] / 3600 * 40
    for placement in layout["events"]:
        group = browser.find_element(By.CSS_SELECTOR, f'g.event.timed[data-id="{placement["id"]}"]')
        box = group.find_elements(By.TAG_NAME, "rect")[1].rect
        expected_x = origin["x"] + 52 + 1 * column_width + placement["x"] * column_width + 1
        expected_y = origin["y"] + top + placement["top"] * day_height
        expected_height = max(2, placement["height"] * day_height)
        check(abs(box["x"] - expected_x) <= 1 and abs(box["y"] - expected_y) <= 1 and abs(box["height"] - expected_height) <= 1,
              f'{placement["id"]} at ({box["x"]:.1f}, {box["y"]:.1f}, h {box["height"]:.1f}), layout says ({expected_x:.1f}, {expected_y:.1f}, h {expected_height:.1f})')
    svg.screenshot(f"{shots}/views-week.png")

    # 2. A drag by one hour changes exactly DTSTART (and the editor's DTSTAMP and SEQUENCE).
    before = open(f"{work}/team.ics", newline="").read()
    group = browser.find_element(By.CSS_SELECTOR, 'g.event.timed[data-id="release@example.com"]')
    box = group.find_elements(By.TAG_NAME, "rect")[1]
    ActionChains(browser).move_to_element_with_offset(box, 0, -10).click_and_hold().move_by_offset(0, 20).move_by_offset(0, 20).release().perform()
    time.sleep(1.0)
    after = open(f"{work}/team.ics", newline="").read()
    changed = {line.split(":")[0].split(";")[0] for line in set(before.split("\r\n")) ^ set(after.split("\r\n"))}
    check(changed and changed <= {"DTSTART", "DTSTAMP", "SEQUENCE"}, f"a drag changed {sorted(changed)}")
    check("DTSTART:20240312T230000Z" in after, "the release window starts an hour later (23:00Z)")

    # 3. A recurring event asks; "this event" makes one override.
    browser.get(url + "&view=week&date=2024-03-18")
    group = browser.find_element(By.CSS_SELECTOR, 'g.event.timed[data-id="standup@example.com/20240320T093000"]')
    box = group.find_elements(By.TAG_NAME, "rect")[1]
    # Held near its top: its last 6 pixels would move its end instead.
    ActionChains(browser).move_to_element_with_offset(box, 0, -3).click_and_hold().move_by_offset(0, 20).move_by_offset(0, 20).release().perform()
    time.sleep(0.5)
    alert = browser.switch_to.alert
    check("this event" in alert.text.lower(), "a recurring event asks: " + alert.text.replace("\n", " "))
    alert.accept()
    time.sleep(1.0)
    run = subprocess.run([kalends, "agenda", f"{work}/team.ics", "--from", "2024-03-18", "--days", "5", "--tz", "America/New_York"],
                         capture_output=True, text=True)
    agenda = run.stdout + run.stderr
    check("10:30-10:45  Standup" in agenda and agenda.count("09:30-09:45  Standup") == 2, "only 20 March moved, an hour later:\n" + agenda)

    # 4. The 25-hour day: 80 pixels are two real hours, 00:30 EDT to the second 01:30 (06:30Z).
    browser.get(url + "&view=day&date=2024-11-03")
    svg = browser.find_element(By.CSS_SELECTOR, "#view svg")
    svg.screenshot(f"{shots}/views-dst-day.png")
    check(len(browser.find_elements(By.CSS_SELECTOR, "line.hour")) == 26, "the 25-hour day has 26 hour lines")
    box = browser.find_element(By.CSS_SELECTOR, 'g.event.timed[data-id="night@example.com"]').find_elements(By.TAG_NAME, "rect")[1]
    ActionChains(browser).move_to_element(box).click_and_hold().move_by_offset(0, 40).move_by_offset(0, 40).release().perform()
    time.sleep(1.0)
    night = open(f"{work}/night.ics").read()
    check("DTSTART:20241103T063000Z" in night, "the night shift moved to the second 01:30 (06:30Z):\n" + night)

    # 5. The day and month views; the static pages fetch nothing.
    browser.get(url + "&view=day&date=2024-03-12")
    browser.find_element(By.CSS_SELECTOR, "#view svg").screenshot(f"{shots}/views-day.png")
    browser.get(url + "&view=month&date=2024-03-11")
    browser.find_element(By.CSS_SELECTOR, "#view svg").screenshot(f"{shots}/views-month.png")
    day = browser.find_element(By.CSS_SELECTOR, 'rect[data-day="2024-03-14"]')
    day.click()
    check("Offsite" in browser.find_element(By.ID, "list").text, "a click on a day lists its events")
    for name in ["hebrew", "hebrew-he"]:
        browser.get(f"file://{work}/{name}.html")
        browser.find_element(By.CSS_SELECTOR, "#view svg").screenshot(f"{shots}/views-{name}.png")
        resources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        check(resources == [], f"{name}.html fetches nothing ({resources})")
    browser.get(f"file://{work}/hebrew-he.html")
    check(browser.find_element(By.CSS_SELECTOR, "#view svg").get_attribute("direction") == "rtl", "the Hebrew page runs right to left")
finally:
    browser.quit()

# 6. Requests without the token, for another Host, from another Origin: refused, nothing changed.
def status(path, headers=None, data=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers or {})
    try:
        return urllib.request.urlopen(request, timeout=10).status
    except urllib.error.HTTPError as error:
        return error.code
before = open(f"{work}/team.ics", newline="").read()
form = f"token={token}&version=x&id=release%40example.com&dy=40&date=2024-03-12".encode()
check(status("/") == 403, "no token: 403")
check(status(f"/?token={token}", {"Host": f"rebinding.example:{port}"}) == 403, "another Host: 403")
check(status("/move", {"Origin": "https://attacker.example"}, form) == 403, "another Origin: 403")
check(status("/move", {}, form) == 409, "a page older than its files: 409")
check(open(f"{work}/team.ics", newline="").read() == before, "nothing changed")
print(f"browser-tests: {len(failures)} failures; screenshots in {shots}")
sys.exit(1 if failures else 0)
PY
