// Absolute instants written as text, read without any session time zone: a date and time with `Z` or an
// explicit UTC offset. Settings that must mean the same instant in every backend (the Snowflake epoch) take
// only these, so no TimeZone, 'now' or zone database can change what they mean.
#pragma once

#include "core/clock.hpp"

#include <optional>
#include <string_view>

namespace identities {

// Reads `YYYY-MM-DD[(T| )HH:MM[:SS[.ffffff]]](Z| UTC|[ ]±HH[[:]MM])`, surrounding white space allowed, years
// 0001 to 9999. Returns nothing for anything else: no zone, a zone name, 'now', an impossible date.
std::optional<UnixMicros> parse_absolute_instant(std::string_view text) noexcept;

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
constexpr std::int64_t days_from_civil(std::int64_t year, unsigned month, unsigned day) noexcept {
	year -= month <= 2 ? 1 : 0;
	const std::int64_t era = (year >= 0 ? year : year - 399) / 400;
	const unsigned year_of_era = static_cast<unsigned>(year - era * 400);
	const unsigned day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
	const unsigned day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
	return era * 146097 + static_cast<std::int64_t>(day_of_era) - 719468;
}

} // namespace identities
