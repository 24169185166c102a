/*
 * recur: libical's expansion of one RRULE, printed as `kalends recur` prints
 * it (RFC 3339 with the offset for a zoned DTSTART, no offset for a floating
 * one), one occurrence a line. For Benchmarks/recur-vs-libical.sh only; the
 * library and `swift test` never use it.
 *
 *   recur DTSTART RRULE [TZID]     e.g. recur 19700101T090000 'FREQ=DAILY;COUNT=100000' America/New_York
 */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: recur DTSTART RRULE [TZID]\n");
        return 2;
    }
    struct icaltimetype start = icaltime_from_string(argv[1]);
    struct icalrecurrencetype rule = icalrecurrencetype_from_string(argv[2]);
    if (icaltime_is_null_time(start) || rule.freq == ICAL_NO_RECURRENCE) {
        fprintf(stderr, "recur: cannot read DTSTART or RRULE\n");
        return 1;
    }
    icaltimezone *zone = argc > 3 ? icaltimezone_get_builtin_timezone(argv[3]) : NULL;
    if (argc > 3 && zone == NULL) {
        fprintf(stderr, "recur: unknown zone %s\n", argv[3]);
        return 1;
    }
    if (zone) start = icaltime_set_timezone(&start, zone);
    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    icalrecur_iterator *iterator = icalrecur_iterator_new(rule, start);
    if (!iterator) return 1;
    struct icaltimetype next;
    while (!icaltime_is_null_time(next = icalrecur_iterator_next(iterator))) {
        printf("%04d-%02d-%02dT%02d:%02d:%02d", next.year, next.month, next.day, next.hour, next.minute, next.second);
        if (zone) {
            int daylight = 0;
            int offset = icaltimezone_get_utc_offset(zone, &next, &daylight);
            int magnitude = offset < 0 ? -offset : offset;
            printf("%c%02d:%02d\n", offset < 0 ? '-' : '+', magnitude / 3600, magnitude / 60 % 60);
        } else {
            putchar('\n');
        }
    }
    icalrecur_iterator_free(iterator);
    return 0;
}
