/* Times libical 3 reading a calendar file into its component tree
 * (icalparser_parse_string), in process, for Scripts/bench-libical.sh.
 * Usage: libical_parse FILE SECONDS. Prints the median milliseconds of the
 * runs made within SECONDS, and how many VEVENTs the tree holds. */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: libical_parse FILE SECONDS\n"); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc(size + 1);
    if (!text || fread(text, 1, size, file) != (size_t)size) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    text[size] = 0;
    fclose(file);
    double budget = atof(argv[2]), start = now(), times[1000];
    int runs = 0, events = 0;
    while (runs < 1000 && (runs < 3 || now() - start < budget)) {
        double begin = now();
        icalcomponent *root = icalparser_parse_string(text);
        times[runs++] = (now() - begin) * 1000;
        if (!root) { fprintf(stderr, "libical read nothing\n"); return 1; }
        events = icalcomponent_count_components(root, ICAL_VEVENT_COMPONENT);
        icalcomponent_free(root);
    }
    qsort(times, runs, sizeof times[0], by_value);
    printf("%.2f %d\n", times[runs / 2], events);
    return 0;
}
