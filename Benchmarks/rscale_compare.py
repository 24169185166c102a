"""Generated RSCALE rules through kalends and libical; see rscale-vs-libical.sh.

Both lists leave out DTSTART (libical yields it only when it matches the
rule; RFC 5545 makes it the first instance always) and end at an UNTIL.
YEARLY rules always have BYMONTH: libical reads FREQ=YEARLY;BYMONTHDAY=n in
DTSTART's month, RFC 5545 (and Kalends) in every month. Each disagreement is
printed with the dates only one side gives.
"""
import random
import subprocess
import sys

kalends, libical, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
calendars = ['GREGORIAN', 'HEBREW', 'CHINESE', 'DANGI', 'ISLAMIC-CIVIL', 'ISLAMIC-TBLA', 'ISLAMIC-UMALQURA',
             'ETHIOPIC', 'COPTIC', 'PERSIAN', 'INDIAN', 'BUDDHIST', 'ROC', 'JAPANESE']
random.seed(seed)


def rule_text(calendar):
    frequency = random.choice(['YEARLY', 'YEARLY', 'MONTHLY', 'MONTHLY', 'WEEKLY', 'DAILY'])
    parts = ['RSCALE=' + calendar, 'FREQ=' + frequency]
    if random.random() < 0.2:
        parts.append('INTERVAL=%d' % random.randint(2, 3))
    leap = calendar in ('HEBREW', 'CHINESE', 'DANGI')
    last = 13 if calendar in ('ETHIOPIC', 'COPTIC') else 12
    if frequency == 'YEARLY' or (frequency != 'WEEKLY' and random.random() < 0.5):
        months = set()
        for _ in range(random.randint(1, 2)):
            month = random.randint(1, last)
            months.add('%dL' % (5 if calendar == 'HEBREW' else month) if leap and random.random() < 0.4 else str(month))
        parts.append('BYMONTH=' + ','.join(sorted(months)))
    if frequency in ('YEARLY', 'MONTHLY') and random.random() < 0.6:
        days = [random.choice([1, 2, 15, 28, 29, 30, 31, -1, -2, -30, -31]) for _ in range(random.randint(1, 2))]
        parts.append('BYMONTHDAY=' + ','.join(map(str, sorted(set(days)))))
    elif frequency in ('YEARLY', 'MONTHLY') and random.random() < 0.3:
        parts.append('BYDAY=' + random.choice(['MO', '1SU', '-1FR', '2TU', 'SA']))
    if random.random() < 0.7:
        parts.append('SKIP=' + random.choice(['OMIT', 'BACKWARD', 'FORWARD']))
    return frequency, parts


agree, timeouts, differ = 0, 0, []
for _ in range(count):
    calendar = random.choice(calendars)
    frequency, parts = rule_text(calendar)
    year, month, day = random.randint(1990, 2030), random.randint(1, 12), random.randint(1, 28)
    years = {'YEARLY': 30, 'MONTHLY': 6}.get(frequency, 1)
    parts.insert(2, 'UNTIL=%04d%02d%02d' % (year + years, month, day))
    rule = ';'.join(parts)
    start = '%04d-%02d-%02d' % (year, month, day)
    try:
        theirs = subprocess.run([libical, start.replace('-', ''), rule], capture_output=True, text=True, timeout=10).stdout
    except subprocess.TimeoutExpired:
        timeouts += 1
        print('libical did not end in 10 s:', start, rule)
        continue
    ours = subprocess.run([kalends, 'recur', '--dtstart', start, '--rrule', rule], capture_output=True, text=True, timeout=60).stdout
    a = [line[:10] for line in ours.split() if line[:10] != start]
    b = [line[:10] for line in theirs.split() if line[:10] != start]
    if a == b:
        agree += 1
    else:
        differ.append((start, rule, sorted(set(a) - set(b))[:3], sorted(set(b) - set(a))[:3], len(a), len(b)))
print('%d of %d rules agree; %d differ; libical did not end on %d' % (agree, count, len(differ), timeouts))
for start, rule, ours_only, theirs_only, n, m in differ:
    print('%s %s\n    kalends only %s (%d dates)  libical only %s (%d dates)' % (start, rule, ours_only, n, theirs_only, m))
