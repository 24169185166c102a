// ucal_setGregorianChange refuses every subclass of GregorianCalendar
// (Buddhist, Japanese, ROC, ISO 8601), yet those need a proleptic switch too;
// the C++ API accepts them.
#include "cicu.h"

#include <unicode/gregocal.h>
#include <unicode/ucal.h>

extern "C" void kicu_set_gregorian_change(KICUCalendar *calendar, double millis, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    icu::Calendar *cpp = reinterpret_cast<icu::Calendar *>(calendar);
    icu::GregorianCalendar *gregorian = dynamic_cast<icu::GregorianCalendar *>(cpp);
    if (gregorian == nullptr) {
        *status = U_UNSUPPORTED_ERROR;
        return;
    }
    gregorian->setGregorianChange(millis, err);
    *status = err;
}
