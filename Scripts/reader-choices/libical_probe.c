/* libical probe: gcc -Wall -o libical_probe libical_probe.c -lical
 * Usage: ./libical_probe FILE.ics
 * Window: 2023-12-01T00:00:00Z .. 2024-03-01T00:00:00Z (UTC). */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *fmt_tt(time_t t) {
    static char buf[8][32]; static int i = 0; i = (i + 1) % 8;
    struct tm tm; gmtime_r(&t, &tm);
    strftime(buf[i], sizeof buf[i], "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf[i];
}

static void print_time(const char *label, struct icaltimetype t) {
    if (icaltime_is_null_time(t)) { printf("  %s: (null)\n", label); return; }
    const icaltimezone *z = icaltime_get_timezone(t);
    const char *kind = t.is_date ? "DATE" : (icaltime_is_utc(t) ? "UTC" : (z ? "ZONED" : "FLOATING"));
    printf("  %s: %s kind=%s tzid=%s", label, icaltime_as_ical_string(t), kind,
           z ? icaltimezone_get_tzid((icaltimezone *)z) : "-");
    if (!t.is_date && (z || icaltime_is_utc(t)))
        printf(" utc=%s", fmt_tt(icaltime_as_timet_with_zone(t, z ? z : icaltimezone_get_utc_timezone())));
    printf("\n");
}

static void print_errors(icalcomponent *c, int depth) {
    for (icalproperty *p = icalcomponent_get_first_property(c, ICAL_XLICERROR_PROPERTY); p;
         p = icalcomponent_get_next_property(c, ICAL_XLICERROR_PROPERTY)) {
        printf("  X-LIC-ERROR in %s: %s\n", icalcomponent_kind_to_string(icalcomponent_isa(c)),
               icalproperty_get_xlicerror(p));
    }
    for (icalcomponent *k = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT); k;
         k = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT))
        print_errors(k, depth + 1);
}

static void cb(icalcomponent *comp, struct icaltime_span *span, void *data) {
    (void)comp; (void)data;
    printf("    occ %s -> %s (%lds)\n", fmt_tt(span->start), fmt_tt(span->end), (long)(span->end - span->start));
}

static void do_event(icalcomponent *ev) {
    printf("VEVENT uid=%s summary=%s\n", icalcomponent_get_uid(ev) ? icalcomponent_get_uid(ev) : "(none)",
           icalcomponent_get_summary(ev) ? icalcomponent_get_summary(ev) : "(none)");
    icalproperty *p;
    if ((p = icalcomponent_get_first_property(ev, ICAL_SEQUENCE_PROPERTY)))
        printf("  SEQUENCE=%d\n", icalproperty_get_sequence(p));
    if ((p = icalcomponent_get_first_property(ev, ICAL_RECURRENCEID_PROPERTY)))
        print_time("RECURRENCE-ID", icalcomponent_get_recurrenceid(ev));
    print_time("DTSTART", icalcomponent_get_dtstart(ev));
    print_time("DTEND(get_dtend)", icalcomponent_get_dtend(ev));
    struct icaldurationtype d = icalcomponent_get_duration(ev);
    printf("  duration(get_duration)=%s (%ds)\n", icaldurationtype_as_ical_string(d), icaldurationtype_as_int(d));
    for (p = icalcomponent_get_first_property(ev, ICAL_DESCRIPTION_PROPERTY); p;
         p = icalcomponent_get_next_property(ev, ICAL_DESCRIPTION_PROPERTY))
        printf("  DESCRIPTION=[%s]\n", icalproperty_get_description(p));
    for (p = icalcomponent_get_first_property(ev, ICAL_X_PROPERTY); p;
         p = icalcomponent_get_next_property(ev, ICAL_X_PROPERTY))
        printf("  X-prop %s=[%s]\n", icalproperty_get_x_name(p), icalproperty_get_x(p));
    int nal = icalcomponent_count_components(ev, ICAL_VALARM_COMPONENT);
    printf("  VALARM count=%d\n", nal);
    for (icalcomponent *a = icalcomponent_get_first_component(ev, ICAL_VALARM_COMPONENT); a;
         a = icalcomponent_get_next_component(ev, ICAL_VALARM_COMPONENT)) {
        icalproperty *ap = icalcomponent_get_first_property(a, ICAL_ACTION_PROPERTY);
        printf("    VALARM ACTION=%s\n", ap ? icalproperty_get_value_as_string(ap) : "(none)");
    }
    struct icaltimetype dts = icalcomponent_get_dtstart(ev); /* before the loop: get_dtstart resets the property iterator */
    for (p = icalcomponent_get_first_property(ev, ICAL_RRULE_PROPERTY); p;
         p = icalcomponent_get_next_property(ev, ICAL_RRULE_PROPERTY)) {
        struct icalrecurrencetype r = icalproperty_get_rrule(p);
        printf("  RRULE parsed: %s (freq=%d count=%d)\n", icalrecurrencetype_as_string(&r), r.freq, r.count);
        print_time("RRULE.until", r.until);
        icalrecur_iterator *it = icalrecur_iterator_new(r, dts);
        if (!it) { printf("  icalrecur_iterator_new returned NULL (errno=%s)\n", icalerror_strerror(icalerrno)); continue; }
        struct icaltimetype n; int k = 0;
        printf("  raw icalrecur_iterator:");
        while (k < 20 && !icaltime_is_null_time(n = icalrecur_iterator_next(it))) { printf(" %s", icaltime_as_ical_string(n)); k++; }
        printf(" [%d]\n", k);
        icalrecur_iterator_free(it);
    }
    for (p = icalcomponent_get_first_property(ev, ICAL_EXDATE_PROPERTY); p;
         p = icalcomponent_get_next_property(ev, ICAL_EXDATE_PROPERTY))
        print_time("EXDATE", icalproperty_get_exdate(p));
    struct icaltimetype ws = icaltime_from_string("20231201T000000Z");
    struct icaltimetype we = icaltime_from_string("20240301T000000Z");
    printf("  icalcomponent_foreach_recurrence (window 2023-12-01..2024-03-01Z):\n");
    icalcomponent_foreach_recurrence(ev, ws, we, cb, NULL);
    icalerror_clear_errno();
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s file.ics\n", argv[0]); return 2; }
    FILE *f = fopen(argv[1], "rb"); if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
    char *buf = malloc(n + 1); if (fread(buf, 1, n, f) != (size_t)n) return 2; buf[n] = 0; fclose(f);
    icalerror_set_errors_are_fatal(0);
    icalcomponent *root = icalparser_parse_string(buf);
    printf("== %s (libical %s)\n", argv[1], ICAL_VERSION);
    if (!root) { printf("parse returned NULL; icalerrno=%s\n", icalerror_strerror(icalerrno)); return 1; }
    printf("root kind=%s errors(count_errors)=%d\n", icalcomponent_kind_to_string(icalcomponent_isa(root)),
           icalcomponent_count_errors(root));
    print_errors(root, 0);
    if (icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT) do_event(root);
    for (icalcomponent *c = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT); c;
         c = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT))
        do_event(c);
    /* Extra: schema validation (not run by the parser). Adds X-LIC-ERRORs for restriction violations. */
    int ok = icalrestriction_check(root);
    printf("icalrestriction_check=%d errors-after-check=%d\n", ok, icalcomponent_count_errors(root));
    print_errors(root, 0);
    icalcomponent_free(root);
    return 0;
}
