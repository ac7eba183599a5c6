// timestamptz (microseconds since 2000-01-01) <-> the core's microseconds since 1970-01-01.
#pragma once

#include "core/clock.hpp"
#include "pg/postgres.hpp"

#include <limits>

namespace identities::pg {

constexpr std::int64_t kPostgresEpochUnixMicros =
    static_cast<std::int64_t>(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY;

// Saturates at the ends (and maps -infinity/infinity there), so range checks in the core see them as out of range.
inline UnixMicros unix_micros_from_timestamptz(TimestampTz value) noexcept {
	if (value > std::numeric_limits<std::int64_t>::max() - kPostgresEpochUnixMicros)
		return std::numeric_limits<std::int64_t>::max();
	if (value < std::numeric_limits<std::int64_t>::min() + kPostgresEpochUnixMicros)
		return std::numeric_limits<std::int64_t>::min();
	return value + kPostgresEpochUnixMicros;
}

inline TimestampTz timestamptz_from_unix_micros(UnixMicros value) noexcept {
	return value - kPostgresEpochUnixMicros;
}

} // namespace identities::pg
