// Absolute instants (parse_absolute_instant, what identities.snowflake_epoch accepts).
//
// An accepted text must give an instant between 0001-01-01 00:00 and 9999-12-31 23:59:59.999999 shifted by at
// most 15:59 (the largest offset); the instant written back in the canonical form YYYY-MM-DDTHH:MM:SS.ffffffZ
// (when its year is 0001..9999) and in the equivalent forms the grammar allows (a space instead of T, " UTC",
// "+00:00", no fraction when it is zero, and local time at an offset taken from the input, as +HH:MM, " +HHMM"
// and +HH) must parse to the same instant; white space around the text changes nothing. The input's first 8 bytes, read
// as an instant in range, go through the same formatting and back, and every date of the range is checked against
// days_from_civil's inverse written here.
#include "fuzz.hpp"

#include "core/instant.hpp"

#include <cinttypes>
#include <cstring>

namespace {

using namespace identities;
using namespace identities::fuzz;

constexpr std::int64_t kMicrosPerDay = 86400 * kMicrosPerSecond;
constexpr std::int64_t kMaxOffsetMicros = (15 * 60 + 59) * 60 * kMicrosPerSecond;
constexpr std::int64_t kFirstDay = days_from_civil(1, 1, 1);
constexpr std::int64_t kLastDay = days_from_civil(9999, 12, 31);
constexpr UnixMicros kEarliest = kFirstDay * kMicrosPerDay - kMaxOffsetMicros;
constexpr UnixMicros kLatest = (kLastDay + 1) * kMicrosPerDay - 1 + kMaxOffsetMicros;

struct Civil {
	std::int64_t year;
	unsigned month, day, hour, minute, second, micros;
};

// H. Hinnant's civil_from_days (the inverse of the core's days_from_civil) and the time of day.
Civil civil_from_micros(UnixMicros instant) {
	const std::int64_t days = floor_div(instant, kMicrosPerDay);
	std::int64_t rest = instant - days * kMicrosPerDay;
	const std::int64_t z = days + 719468;
	const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	const auto day_of_era = static_cast<unsigned>(z - era * 146097);
	const unsigned year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
	const unsigned day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
	const unsigned mp = (5 * day_of_year + 2) / 153;
	const unsigned day = day_of_year - (153 * mp + 2) / 5 + 1;
	const unsigned month = mp < 10 ? mp + 3 : mp - 9;
	const std::int64_t year = static_cast<std::int64_t>(year_of_era) + era * 400 + (month <= 2 ? 1 : 0);
	Civil civil{year, month, day, 0, 0, 0, 0};
	civil.hour = static_cast<unsigned>(rest / (3600 * kMicrosPerSecond));
	rest %= 3600 * kMicrosPerSecond;
	civil.minute = static_cast<unsigned>(rest / (60 * kMicrosPerSecond));
	rest %= 60 * kMicrosPerSecond;
	civil.second = static_cast<unsigned>(rest / kMicrosPerSecond);
	civil.micros = static_cast<unsigned>(rest % kMicrosPerSecond);
	return civil;
}

std::string format(const Civil &civil, const char *separator, bool fraction, const char *zone) {
	char text[96];
	if (fraction)
		std::snprintf(text, sizeof text, "%04" PRId64 "-%02u-%02u%s%02u:%02u:%02u.%06u%s", civil.year, civil.month,
		              civil.day, separator, civil.hour, civil.minute, civil.second, civil.micros, zone);
	else
		std::snprintf(text, sizeof text, "%04" PRId64 "-%02u-%02u%s%02u:%02u:%02u%s", civil.year, civil.month,
		              civil.day, separator, civil.hour, civil.minute, civil.second, zone);
	return text;
}

// The instant written as local time at an offset of -15:59..+15:59, in the three offset spellings, reads back as it.
void check_offset(UnixMicros instant, int offset_minutes) {
	const Civil local = civil_from_micros(instant + offset_minutes * 60 * kMicrosPerSecond);
	if (local.year < 1 || local.year > 9999)
		return;
	const char sign = offset_minutes < 0 ? '-' : '+';
	const int hours = (offset_minutes < 0 ? -offset_minutes : offset_minutes) / 60;
	const int minutes = (offset_minutes < 0 ? -offset_minutes : offset_minutes) % 60;
	char zone[16];
	std::snprintf(zone, sizeof zone, "%c%02d:%02d", sign, hours, minutes);
	FUZZ_CHECK(parse_absolute_instant(format(local, "T", true, zone)) == instant);
	std::snprintf(zone, sizeof zone, " %c%02d%02d", sign, hours, minutes);
	FUZZ_CHECK(parse_absolute_instant(format(local, " ", true, zone)) == instant);
	if (minutes == 0) {
		std::snprintf(zone, sizeof zone, "%c%02d", sign, hours);
		FUZZ_CHECK(parse_absolute_instant(format(local, "T", true, zone)) == instant);
	}
}

// Every spelling of the instant must read back as it (years 0001..9999 only).
void check_round_trip(UnixMicros instant, int offset_minutes) {
	check_offset(instant, offset_minutes);
	const Civil civil = civil_from_micros(instant);
	FUZZ_CHECK(days_from_civil(civil.year, civil.month, civil.day) == floor_div(instant, kMicrosPerDay));
	if (civil.year < 1 || civil.year > 9999)
		return;
	FUZZ_CHECK(parse_absolute_instant(format(civil, "T", true, "Z")) == instant);
	FUZZ_CHECK(parse_absolute_instant(format(civil, " ", true, " UTC")) == instant);
	FUZZ_CHECK(parse_absolute_instant(format(civil, "t", true, "+00:00")) == instant);
	FUZZ_CHECK(parse_absolute_instant(format(civil, " ", true, "-0000")) == instant);
	if (civil.micros == 0)
		FUZZ_CHECK(parse_absolute_instant(format(civil, "T", false, "+00")) == instant);
	if (civil.micros == 0 && civil.second == 0 && civil.minute == 0 && civil.hour == 0) {
		char date[32];
		std::snprintf(date, sizeof date, "%04" PRId64 "-%02u-%02uz", civil.year, civil.month, civil.day);
		FUZZ_CHECK(parse_absolute_instant(date) == instant);
	}
}

} // namespace

void fuzz_one(std::string_view input) {
	const auto instant = parse_absolute_instant(input);
	FUZZ_CHECK(parse_absolute_instant(" \t" + std::string(input) + "\n ") == instant);
	// An offset for the round trips, from the input's last two bytes: -15:59..+15:59.
	int offset_minutes = 0;
	if (input.size() >= 2) {
		const unsigned bits = static_cast<unsigned char>(input[input.size() - 2]) << 8 |
		                      static_cast<unsigned char>(input[input.size() - 1]);
		offset_minutes = static_cast<int>(bits % 1919) - 959;
	}
	if (instant) {
		FUZZ_CHECK(*instant >= kEarliest && *instant <= kLatest);
		check_round_trip(*instant, offset_minutes);
	}
	if (input.size() >= 8) {
		std::uint64_t bits = 0;
		std::memcpy(&bits, input.data(), 8);
		const auto span = static_cast<std::uint64_t>((kLastDay + 1 - kFirstDay) * kMicrosPerDay);
		check_round_trip(kFirstDay * kMicrosPerDay + static_cast<std::int64_t>(bits % span), offset_minutes);
	}
}
