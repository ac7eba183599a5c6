// Time as the generators see it: microseconds since the Unix epoch, from an injectable source.
#pragma once

#include <cstdint>
#include <ctime>

namespace identities {

using UnixMicros = std::int64_t;

constexpr std::int64_t kMicrosPerMilli = 1000;
constexpr std::int64_t kMicrosPerSecond = 1000000;

// The real wall clock (CLOCK_REALTIME, a vDSO call on Linux).
inline UnixMicros system_clock_now() noexcept {
	timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	return static_cast<UnixMicros>(now.tv_sec) * kMicrosPerSecond + now.tv_nsec / 1000;
}

// Floor division that stays correct for instants before 1970.
constexpr std::int64_t floor_div(std::int64_t value, std::int64_t divisor) noexcept {
	return value / divisor - ((value % divisor != 0) && ((value < 0) != (divisor < 0)) ? 1 : 0);
}

constexpr std::int64_t ceil_div(std::int64_t value, std::int64_t divisor) noexcept {
	return -floor_div(-value, divisor);
}

} // namespace identities
