// ULID (github.com/ulid/spec): a 48-bit Unix millisecond timestamp and 80 random bits, kept in the ulid type.
//
// Layout (bit 0 = most significant): 48-bit Unix ms | 80 random bits; stored as the 16 bytes of the 128-bit
// integer in big-endian order (the spec's binary layout), so byte order is time order, and a uuid of the same
// bytes is the same 128 bits (pgx_ulid's cast). Text: 26 characters of Crockford's base32, 5 bits each from the
// most significant (the first character holds the top 3 bits), so text order is id order.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"
#include "core/uint128.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace identities {

constexpr std::size_t kUlidSize = 16;
constexpr std::size_t kUlidTextLength = 26;
constexpr int kUlidRandomBits = 80;
constexpr std::uint64_t kUlidMaxUnixMillis = (std::uint64_t{1} << 48) - 1; // the year 10889
constexpr Uint128 kUlidRandomMax = (Uint128{1} << kUlidRandomBits) - 1;
constexpr const char *kUlidAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford's base32: no I, L, O, U

inline Uint128 compose_ulid(std::uint64_t unix_millis, Uint128 random80) noexcept {
	return (static_cast<Uint128>(unix_millis & kUlidMaxUnixMillis) << kUlidRandomBits) | (random80 & kUlidRandomMax);
}

inline std::uint64_t ulid_unix_millis(Uint128 id) noexcept { return static_cast<std::uint64_t>(id >> kUlidRandomBits); }

inline Uint128 ulid_random(Uint128 id) noexcept { return id & kUlidRandomMax; }

inline UnixMicros ulid_unix_micros(Uint128 id) noexcept {
	return static_cast<UnixMicros>(ulid_unix_millis(id)) * kMicrosPerMilli;
}

// The canonical text: 26 upper-case characters, written with a NUL after them (into a buffer the glue owns, so that
// no C++ object lives across a palloc), or as a string.
void write_ulid(Uint128 id, char out[kUlidTextLength + 1]) noexcept;
std::string format_ulid(Uint128 id);

// ulid_in: 26 characters of Crockford's base32 in either case, read as Crockford decodes (I and L are 1, O is 0);
// 22P02 for another length or character (U among them), 22003 above 7ZZZZZZZZZZZZZZZZZZZZZZZZZ (2^128 - 1).
Uint128 parse_ulid(std::string_view text);

// The smallest ULID whose millisecond is at or after the instant (random part 0); before 1970 the smallest of all.
// Throws 22008 past the year 10889.
Uint128 ulid_boundary(UnixMicros instant);

// The ULID of a past instant (ulid_generate_at): its millisecond and random80. Throws 22008 before 1970 and past the
// year 10889.
Uint128 ulid_at(UnixMicros instant, Uint128 random80);

// The generator's whole state: plain data, so it can live in a backend or in shared memory.
struct UlidState {
	std::uint64_t previous_millis = 0;
	Uint128 previous_random = 0;
};

// The high-water mark's view of the state (core/high_water_mark.hpp): the ms of the last id, and the floor taken as
// if the last id had been the last of the ms before it (so the next one starts the floor's ms afresh).
inline UnixMicros newest_instant(const UlidState &state) noexcept {
	return static_cast<UnixMicros>(state.previous_millis) * kMicrosPerMilli;
}
inline void raise_to_floor(UlidState &state, UnixMicros floor) noexcept {
	const std::int64_t floor_millis = ceil_div(floor, kMicrosPerMilli);
	if (floor_millis > 0 && state.previous_millis < static_cast<std::uint64_t>(floor_millis)) {
		state.previous_millis = static_cast<std::uint64_t>(floor_millis) - 1;
		state.previous_random = kUlidRandomMax;
	}
}

// One step of the spec's monotonic generator: a new ms starts at random80; within the last id's ms, and while the
// clock is behind it (set back), the random part grows by 1. When it would pass 2^80 - 1 (a random start close to
// it), the step waits for the clock to pass the ms, or, with the clock behind, moves to the next ms at once, where
// the spec's generator fails. So ids from one state strictly increase and never repeat.
// random80 is drawn once per id and reused when the step asks to sleep.
Step<Uint128> step_ulid(UlidState &state, UnixMicros now, Uint128 random80) noexcept;

// What the generator above can embed (the message of its ClockOutOfRange).
constexpr ClockRange kUlidClockRange{Message::ulid_clock_out_of_range};

} // namespace identities
