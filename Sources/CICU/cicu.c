#include "cicu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/uchar.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/ures.h>
#include <unicode/ucnv.h>
#include <unicode/ucol.h>
#include <unicode/usearch.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

static UCalendar *ucal(KICUCalendar *c) { return (UCalendar *)c; }

int32_t kicu_version(char *buffer, int32_t capacity) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    int32_t length = (int32_t)strlen(text);
    if (capacity <= 0) return length;
    int32_t n = length < capacity - 1 ? length : capacity - 1;
    memcpy(buffer, text, (size_t)n);
    buffer[n] = 0;
    return length;
}

KICUCalendar *kicu_open(const char *calendarType, const char *zoneID, int32_t *status) {
    char locale[128];
    UErrorCode err = U_ZERO_ERROR;
    UChar zone[64];
    int32_t zoneLength = 0;
    if (strlen(calendarType) > 64) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    strcpy(locale, "en@calendar=");
    strcat(locale, calendarType);
    u_strFromUTF8(zone, 64, &zoneLength, zoneID, -1, &err);
    if (U_FAILURE(err)) {
        *status = err;
        return NULL;
    }
    UCalendar *cal = ucal_open(zone, zoneLength, locale, UCAL_DEFAULT, &err);
    *status = err;
    if (U_FAILURE(err)) return NULL;
    return (KICUCalendar *)cal;
}

void kicu_close(KICUCalendar *calendar) {
    if (calendar) ucal_close(ucal(calendar));
}

int32_t kicu_type(KICUCalendar *calendar, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    const char *type = ucal_getType(ucal(calendar), &err);
    *status = err;
    if (U_FAILURE(err) || type == NULL) return 0;
    int32_t length = (int32_t)strlen(type);
    if (capacity <= 0) return length;
    int32_t n = length < capacity - 1 ? length : capacity - 1;
    memcpy(buffer, type, (size_t)n);
    buffer[n] = 0;
    return length;
}

void kicu_set_millis(KICUCalendar *calendar, double millis, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    ucal_setMillis(ucal(calendar), millis, &err);
    *status = err;
}

double kicu_get_millis(KICUCalendar *calendar, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    double millis = ucal_getMillis(ucal(calendar), &err);
    *status = err;
    return millis;
}

int32_t kicu_get(KICUCalendar *calendar, int32_t field, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t value = ucal_get(ucal(calendar), (UCalendarDateFields)field, &err);
    *status = err;
    return value;
}

void kicu_set(KICUCalendar *calendar, int32_t field, int32_t value) {
    ucal_set(ucal(calendar), (UCalendarDateFields)field, value);
}

void kicu_clear(KICUCalendar *calendar) { ucal_clear(ucal(calendar)); }

void kicu_set_lenient(KICUCalendar *calendar, int32_t lenient) {
    ucal_setAttribute(ucal(calendar), UCAL_LENIENT, lenient);
}

int32_t kicu_actual_maximum(KICUCalendar *calendar, int32_t field, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t value = ucal_getLimit(ucal(calendar), (UCalendarDateFields)field, UCAL_ACTUAL_MAXIMUM, &err);
    *status = err;
    return value;
}

int32_t kicu_format(KICUCalendar *calendar, const char *locale, const char *pattern,
                    char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UChar upattern[64];
    UChar result[256];
    int32_t patternLength = 0;
    u_strFromUTF8(upattern, 64, &patternLength, pattern, -1, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, NULL, 0,
                                    upattern, patternLength, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    udat_setCalendar(format, ucal(calendar));
    UDate when = ucal_getMillis(ucal(calendar), &err);
    int32_t length = udat_format(format, when, result, 256, NULL, &err);
    udat_close(format);
    if (U_FAILURE(err)) { *status = err; return 0; }
    int32_t utf8Length = 0;
    u_strToUTF8(buffer, capacity, &utf8Length, result, length, &err);
    *status = err;
    return utf8Length;
}

int32_t kicu_next_transition(KICUCalendar *calendar, int32_t inclusive, double *millis,
                             int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UDate when = 0;
    UBool found = ucal_getTimeZoneTransitionDate(
        ucal(calendar), inclusive ? UCAL_TZ_TRANSITION_NEXT_INCLUSIVE : UCAL_TZ_TRANSITION_NEXT,
        &when, &err);
    *status = err;
    *millis = when;
    return found ? 1 : 0;
}

int32_t kicu_first_weekday(const char *locale, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UCalendar *cal = ucal_open(NULL, 0, locale, UCAL_DEFAULT, &err);
    if (U_FAILURE(err)) { *status = err; return 1; }
    int32_t value = ucal_getAttribute(cal, UCAL_FIRST_DAY_OF_WEEK);
    ucal_close(cal);
    *status = err;
    return value;
}

int32_t kicu_minimal_days_in_first_week(const char *locale, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UCalendar *cal = ucal_open(NULL, 0, locale, UCAL_DEFAULT, &err);
    if (U_FAILURE(err)) { *status = err; return 1; }
    int32_t value = ucal_getAttribute(cal, UCAL_MINIMAL_DAYS_IN_FIRST_WEEK);
    ucal_close(cal);
    *status = err;
    return value;
}

int32_t kicu_is_weekend_day(const char *locale, int32_t weekday, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    if (weekday < 1 || weekday > 7) { *status = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
    UCalendar *cal = ucal_open(NULL, 0, locale, UCAL_DEFAULT, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    UCalendarWeekdayType type = ucal_getDayOfWeekType(cal, (UCalendarDaysOfWeek)weekday, &err);
    ucal_close(cal);
    *status = err;
    return type == UCAL_WEEKEND ? 1 : 0;
}

const char *kicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

int32_t kicu_locale_has_language_data(const char *locale) {
    if (locale == NULL || strlen(locale) > 100) return 0;
    char language[16];
    UErrorCode err = U_ZERO_ERROR;
    int32_t length = uloc_getLanguage(locale, language, (int32_t)sizeof language, &err);
    if (U_FAILURE(err) || length <= 0 || err == U_STRING_NOT_TERMINATED_WARNING) return 0;
    /* Opening the language's own bundle: root is used (a warning) when ICU has none. */
    err = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_open(NULL, language, &err);
    int32_t known = U_SUCCESS(err) && err != U_USING_DEFAULT_WARNING;
    if (bundle != NULL) ures_close(bundle);
    return known;
}

int32_t kicu_locale_id(const char *tag, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    char converted[ULOC_FULLNAME_CAPACITY];
    if (tag == NULL || strlen(tag) >= ULOC_FULLNAME_CAPACITY) { *status = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
    /* An ICU id (fa_IR, he@numbers=hebr) as it is; a BCP 47 tag converted. */
    if (strchr(tag, '_') != NULL || strchr(tag, '@') != NULL) {
        strcpy(converted, tag);
    } else {
        int32_t parsed = 0;
        uloc_forLanguageTag(tag, converted, (int32_t)sizeof converted, &parsed, &err);
        if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) { *status = U_FAILURE(err) ? err : U_BUFFER_OVERFLOW_ERROR; return 0; }
        if (parsed != (int32_t)strlen(tag)) { *status = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
    }
    err = U_ZERO_ERROR;
    int32_t length = uloc_canonicalize(converted, buffer, capacity, &err);
    if (err == U_STRING_NOT_TERMINATED_WARNING) err = U_BUFFER_OVERFLOW_ERROR;
    *status = err;
    return U_FAILURE(err) ? 0 : length;
}

struct KICUDateFormat {
    UDateFormat *format;
    UCalendar *calendar;
};

static int32_t kicu_to_utf8(const UChar *text, int32_t length, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t utf8Length = 0;
    u_strToUTF8(buffer, capacity, &utf8Length, text, length, &err);
    if (err == U_STRING_NOT_TERMINATED_WARNING) err = U_BUFFER_OVERFLOW_ERROR;
    *status = err;
    return utf8Length;
}

KICUDateFormat *kicu_date_format_open(const char *locale, const char *calendarType, const char *pattern,
                                      double gregorianChange, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    char withCalendar[ULOC_FULLNAME_CAPACITY + 80];
    if (strlen(locale) >= ULOC_FULLNAME_CAPACITY || strlen(calendarType) > 64) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }
    strcpy(withCalendar, locale);
    uloc_setKeywordValue("calendar", calendarType, withCalendar, (int32_t)sizeof withCalendar, &err);
    if (U_FAILURE(err)) { *status = err; return NULL; }
    UChar zone[] = {'U', 'T', 'C', 0};
    UDateFormat *format;
    if (pattern == NULL || pattern[0] == 0) {
        format = udat_open(UDAT_NONE, UDAT_FULL, withCalendar, zone, 3, NULL, 0, &err);
    } else {
        UChar upattern[512];
        int32_t patternLength = 0;
        u_strFromUTF8(upattern, 512, &patternLength, pattern, -1, &err);
        if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) { *status = U_FAILURE(err) ? err : U_BUFFER_OVERFLOW_ERROR; return NULL; }
        format = udat_open(UDAT_PATTERN, UDAT_PATTERN, withCalendar, zone, 3, upattern, patternLength, &err);
    }
    if (U_FAILURE(err)) { *status = err; return NULL; }
    UCalendar *calendar = ucal_clone(udat_getCalendar(format), &err);
    if (U_FAILURE(err)) { udat_close(format); *status = err; return NULL; }
    if (gregorianChange == gregorianChange && gregorianChange > -1e300 && gregorianChange < 1e300) {
        /* The C++ path: ucal_setGregorianChange refuses Buddhist, Japanese, ROC. */
        int32_t changeStatus = 0;
        kicu_set_gregorian_change((KICUCalendar *)calendar, gregorianChange, &changeStatus);
        if (changeStatus > 0) { ucal_close(calendar); udat_close(format); *status = changeStatus; return NULL; }
    }
    KICUDateFormat *result = (KICUDateFormat *)malloc(sizeof(KICUDateFormat));
    if (result == NULL) { ucal_close(calendar); udat_close(format); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    result->format = format;
    result->calendar = calendar;
    *status = err;
    return result;
}

void kicu_date_format_close(KICUDateFormat *format) {
    if (format == NULL) return;
    ucal_close(format->calendar);
    udat_close(format->format);
    free(format);
}

int32_t kicu_date_format_pattern(KICUDateFormat *format, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UChar pattern[512];
    int32_t length = udat_toPattern(format->format, 0, pattern, 512, &err);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) { *status = U_FAILURE(err) ? err : U_BUFFER_OVERFLOW_ERROR; return 0; }
    return kicu_to_utf8(pattern, length, buffer, capacity, status);
}

void kicu_date_format_apply_pattern(KICUDateFormat *format, const char *pattern, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UChar upattern[512];
    int32_t patternLength = 0;
    u_strFromUTF8(upattern, 512, &patternLength, pattern, -1, &err);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) { *status = U_FAILURE(err) ? err : U_BUFFER_OVERFLOW_ERROR; return; }
    udat_applyPattern(format->format, 0, upattern, patternLength);
    *status = U_ZERO_ERROR;
}

static int32_t kicu_format_calendar(KICUDateFormat *format, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UChar result[1024];
    int32_t length = udat_formatCalendar(format->format, format->calendar, result, 1024, NULL, &err);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) { *status = U_FAILURE(err) ? err : U_BUFFER_OVERFLOW_ERROR; return 0; }
    return kicu_to_utf8(result, length, buffer, capacity, status);
}

int32_t kicu_date_format_fields(KICUDateFormat *format, const int32_t *pairs, int32_t count, int32_t *agrees,
                                double *millis, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    ucal_clear(format->calendar);
    for (int32_t i = 0; i + 1 < 2 * count; i += 2) {
        if (pairs[i] < 0 || pairs[i] >= UCAL_FIELD_COUNT) { *status = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
        ucal_set(format->calendar, (UCalendarDateFields)pairs[i], pairs[i + 1]);
    }
    *millis = ucal_getMillis(format->calendar, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    *agrees = 1;
    for (int32_t i = 0; i + 1 < 2 * count; i += 2) {
        int32_t value = ucal_get(format->calendar, (UCalendarDateFields)pairs[i], &err);
        if (U_FAILURE(err)) { *status = err; return 0; }
        if (value != pairs[i + 1]) *agrees = 0;
    }
    return kicu_format_calendar(format, buffer, capacity, status);
}

int32_t kicu_date_format_millis(KICUDateFormat *format, double millis, char *buffer, int32_t capacity,
                                int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    ucal_setMillis(format->calendar, millis, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    return kicu_format_calendar(format, buffer, capacity, status);
}

int32_t kicu_date_format_number(KICUDateFormat *format, int64_t value, char *buffer, int32_t capacity,
                                int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    /* The number format the date format writes its numeric fields with: the locale's numbering system. */
    const UNumberFormat *numbers = udat_getNumberFormat(format->format);
    if (numbers == NULL) { *status = U_INTERNAL_PROGRAM_ERROR; return 0; }
    UChar result[256];
    int32_t length = unum_formatInt64(numbers, value, result, 256, NULL, &err);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) { *status = U_FAILURE(err) ? err : U_BUFFER_OVERFLOW_ERROR; return 0; }
    return kicu_to_utf8(result, length, buffer, capacity, status);
}

int32_t kicu_best_pattern(const char *locale, const char *calendarType, const char *skeleton,
                          char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    char withCalendar[ULOC_FULLNAME_CAPACITY + 80];
    if (strlen(locale) >= ULOC_FULLNAME_CAPACITY || strlen(calendarType) > 64) { *status = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
    strcpy(withCalendar, locale);
    uloc_setKeywordValue("calendar", calendarType, withCalendar, (int32_t)sizeof withCalendar, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    UChar uskeleton[64];
    int32_t skeletonLength = 0;
    u_strFromUTF8(uskeleton, 64, &skeletonLength, skeleton, -1, &err);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) { *status = U_FAILURE(err) ? err : U_BUFFER_OVERFLOW_ERROR; return 0; }
    UDateTimePatternGenerator *generator = udatpg_open(withCalendar, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    UChar pattern[256];
    int32_t length = udatpg_getBestPattern(generator, uskeleton, skeletonLength, pattern, 256, &err);
    udatpg_close(generator);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) { *status = U_FAILURE(err) ? err : U_BUFFER_OVERFLOW_ERROR; return 0; }
    return kicu_to_utf8(pattern, length, buffer, capacity, status);
}

int32_t kicu_is_east_asian_wide(int32_t scalar) {
    int32_t width = u_getIntPropertyValue((UChar32)scalar, UCHAR_EAST_ASIAN_WIDTH);
    return width == U_EA_WIDE || width == U_EA_FULLWIDTH;
}

int32_t kicu_zone_for_windows_id(const char *windowsID, const char *region, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UChar windows[128];
    UChar zone[128];
    int32_t windowsLength = 0;
    if (strlen(windowsID) >= 128) { *status = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
    u_strFromUTF8(windows, 128, &windowsLength, windowsID, -1, &err);
    if (U_FAILURE(err)) { *status = err; return 0; }
    int32_t length = ucal_getTimeZoneIDForWindowsID(windows, windowsLength, region, zone, 128, &err);
    if (U_FAILURE(err) || length <= 0) { *status = err; return 0; }
    return kicu_to_utf8(zone, length, buffer, capacity, status);
}

int32_t kicu_convert_to_utf8(const char *charset, const char *source, int32_t length, char *buffer, int32_t capacity,
                             int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t written = ucnv_convert("UTF-8", charset, buffer, capacity, source, length, &err);
    if (err == U_STRING_NOT_TERMINATED_WARNING) err = U_ZERO_ERROR;
    *status = err;
    return written;
}

KICUCollator *kicu_collator_open(const char *locale, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale ? locale : "", &err);
    *status = err;
    return U_FAILURE(err) ? NULL : (KICUCollator *)collator;
}

void kicu_collator_close(KICUCollator *collator) {
    if (collator) ucol_close((UCollator *)collator);
}

int32_t kicu_sort_key(KICUCollator *collator, const char *text, int32_t length, uint8_t *buffer, int32_t capacity,
                      int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, text, length, &err);
    if (err != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(err)) { *status = err; return 0; }
    err = U_ZERO_ERROR;
    UChar stack[256];
    UChar *utf16 = units <= 256 ? stack : (UChar *)malloc(sizeof(UChar) * (size_t)units);
    if (!utf16) { *status = U_MEMORY_ALLOCATION_ERROR; return 0; }
    u_strFromUTF8(utf16, units > 256 ? units : 256, NULL, text, length, &err);
    if (U_FAILURE(err)) { if (utf16 != stack) free(utf16); *status = err; return 0; }
    int32_t needed = ucol_getSortKey((const UCollator *)collator, utf16, units, buffer, capacity);
    if (utf16 != stack) free(utf16);
    *status = U_ZERO_ERROR;
    return needed;
}

struct KICUSearch {
    UCollator *collator;
    UChar *pattern;
    int32_t patternLength;
    UStringSearch *searcher;
    UChar placeholder[2];
};

static UChar *kicu_utf16(const char *text, int32_t length, int32_t *units, UErrorCode *err) {
    u_strFromUTF8(NULL, 0, units, text, length, err);
    if (*err != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(*err)) return NULL;
    *err = U_ZERO_ERROR;
    UChar *result = (UChar *)malloc(sizeof(UChar) * (size_t)(*units + 1));
    if (!result) { *err = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    u_strFromUTF8(result, *units + 1, NULL, text, length, err);
    if (U_FAILURE(*err)) { free(result); return NULL; }
    return result;
}

KICUSearch *kicu_search_open(const char *locale, const char *pattern, int32_t length, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    if (length <= 0) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }
    KICUSearch *search = (KICUSearch *)calloc(1, sizeof(KICUSearch));
    if (!search) { *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    search->collator = ucol_open(locale ? locale : "", &err);
    if (U_FAILURE(err)) { free(search); *status = err; return NULL; }
    ucol_setStrength(search->collator, UCOL_PRIMARY);
    search->pattern = kicu_utf16(pattern, length, &search->patternLength, &err);
    if (!search->pattern) { ucol_close(search->collator); free(search); *status = err; return NULL; }
    search->placeholder[0] = 0x20;
    search->searcher = usearch_openFromCollator(search->pattern, search->patternLength, search->placeholder, 1,
                                                search->collator, NULL, &err);
    if (U_FAILURE(err)) { free(search->pattern); ucol_close(search->collator); free(search); *status = err; return NULL; }
    *status = U_ZERO_ERROR;
    return search;
}

void kicu_search_close(KICUSearch *search) {
    if (!search) return;
    usearch_close(search->searcher);
    ucol_close(search->collator);
    free(search->pattern);
    free(search);
}

int32_t kicu_search_matches(KICUSearch *search, const char *text, int32_t length, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    if (length <= 0) { *status = U_ZERO_ERROR; return 0; }
    int32_t units = 0;
    UChar stack[512];
    UChar *utf16 = stack;
    u_strFromUTF8(stack, 512, &units, text, length, &err);
    if (err == U_BUFFER_OVERFLOW_ERROR || err == U_STRING_NOT_TERMINATED_WARNING) {
        err = U_ZERO_ERROR;
        utf16 = kicu_utf16(text, length, &units, &err);
        if (!utf16) { *status = err; return 0; }
    } else if (U_FAILURE(err)) {
        *status = err;
        return 0;
    }
    usearch_setText(search->searcher, utf16, units, &err);
    int32_t position = U_SUCCESS(err) ? usearch_first(search->searcher, &err) : USEARCH_DONE;
    /* The searcher must not keep pointing at the text about to be freed. */
    UErrorCode reset = U_ZERO_ERROR;
    usearch_setText(search->searcher, search->placeholder, 1, &reset);
    if (utf16 != stack) free(utf16);
    *status = err;
    return U_SUCCESS(err) && position != USEARCH_DONE;
}
