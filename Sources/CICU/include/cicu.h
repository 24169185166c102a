// CICU: a deliberately tiny C surface over the system ICU (libicu-dev).
//
// Foundation on Linux carries its own ICU under renamed symbols, and the
// system ICU headers clash with its types if both reach Swift. So this header
// exposes only plain C types and opaque handles; the ICU headers are included
// in cicu.c alone.
#ifndef KALENDS_CICU_H
#define KALENDS_CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open ICU calendar (a `UCalendar *`). Not thread-safe: one user at a time.
typedef struct KICUCalendar KICUCalendar;

/// Calendar fields, numbered as ICU's `UCalendarDateFields`.
enum {
    KICU_ERA = 0,
    KICU_YEAR = 1,
    KICU_MONTH = 2,
    KICU_DATE = 5,
    KICU_DAY_OF_YEAR = 6,
    KICU_DAY_OF_WEEK = 7,
    KICU_HOUR_OF_DAY = 11,
    KICU_MINUTE = 12,
    KICU_SECOND = 13,
    KICU_MILLISECOND = 14,
    KICU_ZONE_OFFSET = 15,
    KICU_DST_OFFSET = 16,
    KICU_EXTENDED_YEAR = 19,
    KICU_JULIAN_DAY = 20,
    KICU_IS_LEAP_MONTH = 22
};

/// Writes the ICU version ("72.1") into `buffer`; returns its length.
int32_t kicu_version(char *buffer, int32_t capacity);

/// Opens a calendar of the ICU/CLDR type `calendarType` ("hebrew",
/// "islamic-civil", ...) in zone `zoneID` ("UTC"). Returns NULL and sets
/// `*status` (an ICU `UErrorCode`) on failure.
KICUCalendar *kicu_open(const char *calendarType, const char *zoneID, int32_t *status);

/// Closes a calendar from `kicu_open`. NULL is ignored.
void kicu_close(KICUCalendar *calendar);

/// The calendar type ICU actually opened ("gregorian" if it ignored the key).
int32_t kicu_type(KICUCalendar *calendar, char *buffer, int32_t capacity, int32_t *status);

/// Sets the Julian-to-Gregorian switch instant (milliseconds since 1970).
void kicu_set_gregorian_change(KICUCalendar *calendar, double millis, int32_t *status);

void kicu_set_millis(KICUCalendar *calendar, double millis, int32_t *status);
double kicu_get_millis(KICUCalendar *calendar, int32_t *status);
int32_t kicu_get(KICUCalendar *calendar, int32_t field, int32_t *status);
void kicu_set(KICUCalendar *calendar, int32_t field, int32_t value);
void kicu_clear(KICUCalendar *calendar);
void kicu_set_lenient(KICUCalendar *calendar, int32_t lenient);

/// The actual maximum of `field` for the calendar's current date
/// (e.g. the length of the current month for KICU_DATE).
int32_t kicu_actual_maximum(KICUCalendar *calendar, int32_t field, int32_t *status);

/// Formats the calendar's current instant with the ICU pattern `pattern`
/// (e.g. "MMMM") in locale `locale`, as UTF-8. Returns the length.
int32_t kicu_format(KICUCalendar *calendar, const char *locale, const char *pattern,
                    char *buffer, int32_t capacity, int32_t *status);

/// The next (or, with `inclusive`, current) time-zone transition after the
/// calendar's current instant, in milliseconds; returns 0 when there is none.
int32_t kicu_next_transition(KICUCalendar *calendar, int32_t inclusive, double *millis,
                             int32_t *status);

/// First day of the week for `locale` (ICU numbering: 1 = Sunday).
int32_t kicu_first_weekday(const char *locale, int32_t *status);

/// Minimal days in the first week of the year for `locale`.
int32_t kicu_minimal_days_in_first_week(const char *locale, int32_t *status);

/// 1 when `weekday` (1 = Sunday ... 7 = Saturday) is a weekend day in `locale`.
int32_t kicu_is_weekend_day(const char *locale, int32_t weekday, int32_t *status);

/// 1 when ICU has locale data for the language of `locale` (`de_DE`,
/// `en_US_POSIX`), 0 when ICU would fall back to its root data (`xx_YY`, "").
int32_t kicu_locale_has_language_data(const char *locale);

/// The ICU locale id of `tag`, a BCP 47 tag (`he-u-nu-hebr` gives
/// `he@numbers=hebr`) or an ICU id already (`fa_IR`), canonicalized.
/// Returns the length; sets `*status` on failure.
int32_t kicu_locale_id(const char *tag, char *buffer, int32_t capacity, int32_t *status);

/// An ICU date format (a `UDateFormat *`) with a calendar of its own whose
/// fields the caller sets. Not thread-safe: one user at a time.
typedef struct KICUDateFormat KICUDateFormat;

/// Opens a date format for `locale` (an ICU id from `kicu_locale_id`) with
/// the calendar `calendarType` and the pattern `pattern` (UTF-8); an empty
/// pattern means the locale's full date style for that calendar. A finite
/// `gregorianChange` sets the Julian/Gregorian switch (milliseconds since 1970).
KICUDateFormat *kicu_date_format_open(const char *locale, const char *calendarType, const char *pattern,
                                      double gregorianChange, int32_t *status);

/// The locale's pattern for the skeleton `skeleton` ("yMMMM": a month and
/// its year) in the calendar `calendarType`, as UTF-8 (ICU's date-time
/// pattern generator). Returns the length.
int32_t kicu_best_pattern(const char *locale, const char *calendarType, const char *skeleton,
                          char *buffer, int32_t capacity, int32_t *status);

/// Closes a format from `kicu_date_format_open`. NULL is ignored.
void kicu_date_format_close(KICUDateFormat *format);

/// The format's pattern as UTF-8; returns its length.
int32_t kicu_date_format_pattern(KICUDateFormat *format, char *buffer, int32_t capacity, int32_t *status);

/// Replaces the format's pattern (UTF-8).
void kicu_date_format_apply_pattern(KICUDateFormat *format, const char *pattern, int32_t *status);

/// Clears the calendar, sets `count` (field, value) pairs from `pairs`
/// (field numbers as `KICU_ERA` ...), and formats the calendar's fields.
/// `*agrees` is 1 when ICU, having computed its instant, reads back every
/// field set with the value set (0: ICU's calendar moved the date);
/// `*millis` is the instant ICU computed. Returns the UTF-8 length.
int32_t kicu_date_format_fields(KICUDateFormat *format, const int32_t *pairs, int32_t count, int32_t *agrees,
                                double *millis, char *buffer, int32_t capacity, int32_t *status);

/// Formats the instant `millis` (milliseconds since 1970, the format's zone is UTC).
int32_t kicu_date_format_millis(KICUDateFormat *format, double millis, char *buffer, int32_t capacity,
                                int32_t *status);

/// `value` written by the format's number format (the locale's numbering
/// system: `١٥` in ar, `ט״ו` in he@numbers=hebr), as UTF-8; returns the length.
/* 1 when ICU's East Asian Width of `scalar` is Wide or Fullwidth (two terminal columns), else 0. */
int32_t kicu_is_east_asian_wide(int32_t scalar);

int32_t kicu_date_format_number(KICUDateFormat *format, int64_t value, char *buffer, int32_t capacity,
                                int32_t *status);

/// A readable name for an ICU `UErrorCode`.
const char *kicu_error_name(int32_t status);

/// The IANA zone ID ("America/New_York") for a Windows zone name
/// ("Eastern Standard Time") from CLDR's windowsZones table, for `region`
/// ("001" or NULL for the default). Writes UTF-8 into `buffer`; returns its
/// length, 0 when the name is unknown (`*status` is an ICU `UErrorCode`).
int32_t kicu_zone_for_windows_id(const char *windowsID, const char *region, char *buffer, int32_t capacity, int32_t *status);

/// `length` bytes of text in the charset `charset` (an IANA or MIME name:
/// "windows-1252", "ISO-8859-1", "Shift_JIS") converted to UTF-8 into
/// `buffer`. Returns the UTF-8 length (more than `capacity`, with
/// `*status` U_BUFFER_OVERFLOW_ERROR, when it does not fit); an unknown
/// charset sets `*status` to a failure. Bytes the charset does not define
/// become U+FFFD.
int32_t kicu_convert_to_utf8(const char *charset, const char *source, int32_t length, char *buffer, int32_t capacity,
                             int32_t *status);

/// A collator (names sorted as the locale sorts them).
typedef struct KICUCollator KICUCollator;

/// The collator of `locale` ("" for the root collation); NULL with `*status` on failure.
KICUCollator *kicu_collator_open(const char *locale, int32_t *status);
void kicu_collator_close(KICUCollator *collator);

/// The sort key of the UTF-8 `text` (bytes that compare with memcmp as the
/// texts collate) into `buffer`. Returns its length, more than `capacity`
/// when it does not fit.
int32_t kicu_sort_key(KICUCollator *collator, const char *text, int32_t length, uint8_t *buffer, int32_t capacity,
                      int32_t *status);

/// A search for one text in others, as people compare (case and accents
/// ignored: the collation of `locale` at primary strength).
typedef struct KICUSearch KICUSearch;

/// A search for the UTF-8 `pattern`; NULL with `*status` on failure (an empty pattern fails).
KICUSearch *kicu_search_open(const char *locale, const char *pattern, int32_t length, int32_t *status);
void kicu_search_close(KICUSearch *search);

/// 1 when the UTF-8 `text` contains the pattern, else 0.
int32_t kicu_search_matches(KICUSearch *search, const char *text, int32_t length, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
