// UUIDv7 (RFC 9562), for PostgreSQL before 18 and for ids that increase across a whole server.
//
// Layout (bit 0 = most significant): 48-bit Unix ms | version 0111 | 12-bit fraction of the millisecond
// (RFC 9562 section 6.2, method 3: rand_a holds the time in 1/4096 ms) | variant 10 | 62 random bits. The uuid's
// bytes are the 128-bit integer in big-endian order, so uuid order is time order, as core uuidv7()'s (18+).
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"
#include "core/uint128.hpp"

#include <cstdint>

namespace identities {

constexpr int kUuidv7FractionBits = 12;
constexpr std::uint64_t kUuidv7MaxUnixMillis = (std::uint64_t{1} << 48) - 1;                      // the year 10889
constexpr std::uint64_t kUuidv7MaxTime = ((kUuidv7MaxUnixMillis + 1) << kUuidv7FractionBits) - 1; // in 1/4096 ms
constexpr int kUuidv7RandomBits = 62;

// time: Unix ms << 12 | the fraction of the ms in 1/4096 ms.
inline Uint128 compose_uuidv7(std::uint64_t time, std::uint64_t random_bits) noexcept {
	const std::uint64_t high = ((time >> kUuidv7FractionBits) << 16) | (std::uint64_t{7} << 12) | (time & 0xFFF);
	const std::uint64_t low =
	    (std::uint64_t{0b10} << 62) | (random_bits & ((std::uint64_t{1} << kUuidv7RandomBits) - 1));
	return (static_cast<Uint128>(high) << 64) | low;
}

// Version 7 and variant 10: what core uuid_extract_timestamp() reads a time from.
inline bool has_uuidv7_shape(Uint128 id) noexcept { return ((id >> 76) & 0xF) == 7 && ((id >> 62) & 0b11) == 0b10; }

// The embedded Unix time, to the millisecond, as core uuid_extract_timestamp() reads it.
inline UnixMicros uuidv7_unix_micros(Uint128 id) noexcept {
	return static_cast<UnixMicros>(static_cast<std::uint64_t>(id >> 80)) * kMicrosPerMilli;
}

// The smallest UUIDv7 whose millisecond is at or after the instant (fraction and random bits 0); before 1970,
// the smallest of 1970-01-01. Throws 22008 past the year 10889.
Uint128 uuidv7_boundary(UnixMicros instant);

// The UUIDv7 of a past instant (uuidv7_generate_at): its time to 1/4096 ms as the generator takes the clock's, and
// random_bits in rand_b. Throws 22008 before 1970 and past the year 10889.
Uint128 uuidv7_at(UnixMicros instant, std::uint64_t random_bits);

struct Uuidv7State {
	std::uint64_t last_time = 0; // of the last id, in 1/4096 ms
};

// The high-water mark's view of the state (core/high_water_mark.hpp): the start of the last id's 1/4096 ms, and
// the floor taken as if the last id had been just before it.
inline UnixMicros newest_instant(const Uuidv7State &state) noexcept {
	const auto millis = static_cast<std::int64_t>(state.last_time >> kUuidv7FractionBits);
	const auto fraction = static_cast<std::int64_t>(state.last_time & ((1U << kUuidv7FractionBits) - 1));
	return millis * kMicrosPerMilli + (fraction * kMicrosPerMilli >> kUuidv7FractionBits);
}
inline void raise_to_floor(Uuidv7State &state, UnixMicros floor) noexcept {
	const std::int64_t floor_millis = ceil_div(floor, kMicrosPerMilli);
	if (floor_millis > 0 && state.last_time < static_cast<std::uint64_t>(floor_millis) << kUuidv7FractionBits)
		state.last_time = (static_cast<std::uint64_t>(floor_millis) << kUuidv7FractionBits) - 1;
}

// One UUIDv7: the clock's time in 1/4096 ms, or, when that is not after the last id's (many ids in one
// 1/4096 ms, or a clock set back), the last id's time + 1/4096 ms: ids strictly increase and never repeat,
// running ahead of the clock only while more than 4096 are made per millisecond. Never sleeps;
// ClockOutOfRange before 1970 and past the year 10889.
Step<Uint128> step_uuidv7(Uuidv7State &state, UnixMicros now, std::uint64_t random_bits) noexcept;

// What the generator above can embed (the message of its ClockOutOfRange).
constexpr ClockRange kUuidv7ClockRange{Message::uuidv7_clock_out_of_range};

} // namespace identities
