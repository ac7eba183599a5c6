// inDrive iUID: a UUIDv8 carrying the time, a country and a service entity, kept in the iuid type.
//
// Layout (bit 0 = most significant): 48-bit Unix ms | version 1000 | 4-bit format version (ver1, 0 today) |
// 8-bit country | variant 10 | 8-bit service entity | 54 random bits. The uuid's bytes are the 128-bit integer
// in big-endian order, so uuid order is time order.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"
#include "core/uint128.hpp"

#include <cstdint>
#include <string_view>

namespace identities {

constexpr std::size_t kIuidSize = 16;
constexpr std::size_t kIuidCountryByte = 7; // the country's byte in the 16 big-endian bytes
constexpr int kIuidTimestampBits = 48;
constexpr std::uint64_t kIuidMaxUnixMillis = (std::uint64_t{1} << kIuidTimestampBits) - 1; // the year 10889
constexpr std::uint8_t kIuidVersion = 8;
constexpr std::uint8_t kIuidCurrentFormatVersion = 0; // inDrive's ver1
constexpr int kIuidRandomBits = 54;
constexpr std::uint64_t kIuidRandomMax = (std::uint64_t{1} << kIuidRandomBits) - 1;
constexpr int kIuidIncrementShift = 32;              // increments 1..2^32 (RFC 9562 method 2): about 2^22 ids per ms
constexpr const char *kIuidShapeDetail = "An iuid is a UUID of version 8 and variant 10 (RFC 9562).";

inline Uint128 compose_iuid(std::uint64_t unix_millis, std::uint8_t format_version, std::uint8_t country,
                            std::uint8_t service_entity, std::uint64_t random54) noexcept {
	const std::uint64_t high = ((unix_millis & kIuidMaxUnixMillis) << 16) | (std::uint64_t{kIuidVersion} << 12) |
	                           (std::uint64_t{format_version & 0xFu} << 8) | country;
	const std::uint64_t low =
	    (std::uint64_t{0b10} << 62) | (std::uint64_t{service_entity} << kIuidRandomBits) | (random54 & kIuidRandomMax);
	return (static_cast<Uint128>(high) << 64) | low;
}

inline std::uint64_t iuid_unix_millis(Uint128 id) noexcept { return static_cast<std::uint64_t>(id >> 80); }

inline std::uint8_t iuid_format_version(Uint128 id) noexcept { return static_cast<std::uint8_t>((id >> 72) & 0xF); }

inline std::uint8_t iuid_country(Uint128 id) noexcept { return static_cast<std::uint8_t>(id >> 64); }

inline std::uint8_t iuid_service_entity(Uint128 id) noexcept {
	return static_cast<std::uint8_t>(id >> kIuidRandomBits);
}

inline std::uint64_t iuid_random(Uint128 id) noexcept { return static_cast<std::uint64_t>(id) & kIuidRandomMax; }

// The embedded timestamp as microseconds since the Unix epoch (2^48 ms fits easily).
inline UnixMicros iuid_unix_micros(Uint128 id) noexcept {
	return static_cast<std::int64_t>(iuid_unix_millis(id)) * kMicrosPerMilli;
}

// Version nibble 8 and variant bits 10: what the iuid type admits.
inline bool has_iuid_shape(Uint128 id) noexcept {
	const std::uint64_t high = static_cast<std::uint64_t>(id >> 64);
	const std::uint64_t low = static_cast<std::uint64_t>(id);
	return ((high >> 12) & 0xF) == kIuidVersion && (low >> 62) == 0b10;
}

// Smallest iuid whose timestamp is at or after the instant (as distributedid_boundary): version and variant
// set, everything else 0. Instants before 1970 give ms 0; past the 48-bit range it throws 22008.
Uint128 iuid_boundary(UnixMicros instant);

// The largest iuid below a boundary of a millisecond after the first: the last of the millisecond before, every free
// bit set. One less than the boundary would read as variant 01, a uuid the type refuses.
inline Uint128 iuid_before_boundary(Uint128 boundary) noexcept {
	return compose_iuid(iuid_unix_millis(boundary) - 1, 15, 255, 255, kIuidRandomMax);
}

// The iuid of a past instant (iuid_generate_at): its millisecond, format version 0, the country, the service entity
// and the low 54 bits of random_bits. Throws 22008 before 1970 and past the 48-bit range.
Uint128 iuid_at(UnixMicros instant, std::uint64_t random_bits, std::uint8_t country, std::uint8_t service_entity);

// SQL arguments: 0..255, else 22003 naming the argument ("country 300 is out of range for iuid").
std::uint8_t checked_iuid_country(std::int64_t country);
std::uint8_t checked_iuid_service_entity(std::int64_t service_entity);

// iuid_in: uuid text that also has the iuid shape. Throws 22P02 for malformed text and for another version
// or variant (the latter with kIuidShapeDetail).
Uint128 parse_iuid(std::string_view text);

// The generator's whole state: plain data, so it can live in a backend or in shared memory. One state serves
// every country and service entity, so ids from one state never repeat.
struct IuidState {
	std::uint64_t previous_millis = 0;
	std::uint64_t previous_random = 0;
};

// The high-water mark's view of the state (core/high_water_mark.hpp): the ms of the last id, and the floor taken
// as the ms to count in next, from a random part of 0.
inline UnixMicros newest_instant(const IuidState &state) noexcept {
	return static_cast<UnixMicros>(state.previous_millis) * kMicrosPerMilli;
}
inline void raise_to_floor(IuidState &state, UnixMicros floor) noexcept {
	const std::int64_t floor_millis = ceil_div(floor, kMicrosPerMilli);
	if (floor_millis > 0 && state.previous_millis < static_cast<std::uint64_t>(floor_millis)) {
		state.previous_millis = static_cast<std::uint64_t>(floor_millis);
		state.previous_random = 0;
	}
}

// One step of a monotonic-random (RFC 9562 6.2, method 2) iUID generator. A new ms starts at the low 54 bits
// of random_bits; within a ms the random part grows by 1 + the high 32 bits of random_bits; when that would
// overflow, the step asks to sleep until the clock passes the ms. A clock behind the last ms is not followed
// back (the reference libraries restart lower after a clock set back by 1 s or more): the step keeps counting
// in the last ms and, when that is used up, moves on to the next ms at once. So ids from one state strictly
// increase and never repeat.
// random_bits is drawn once per id and reused when the step asks to sleep.
Step<Uint128> step_iuid(IuidState &state, UnixMicros now, std::uint64_t random_bits, std::uint8_t country,
                        std::uint8_t service_entity) noexcept;

// What the generator above can embed (the message of its ClockOutOfRange).
constexpr ClockRange kIuidClockRange{Message::iuid_clock_out_of_range};

} // namespace identities
