// DistributedId128 (Architect.Identities 2.1): a UUIDv7-shaped 128-bit id, kept in PostgreSQL's uuid.
//
// Layout (bit 0 = most significant): 48-bit ms since 1700-01-01 | version nibble 0111 | 12 random bits |
// one zero bit where RFC 9562 puts its variant (kept as the reference has it) | 63 random bits.
// The uuid's bytes are the 128-bit integer in big-endian order, so uuid order is time order.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"
#include "core/uint128.hpp"

#include <cstdint>

namespace identities {

constexpr std::size_t kDistributedId128Size = 16;
constexpr int kDistributedId128TimestampBits = 48;
constexpr std::uint64_t kDistributedId128MaxTimestamp = (std::uint64_t{1} << kDistributedId128TimestampBits) - 1;
constexpr std::uint64_t kDistributedId128VersionMarker = std::uint64_t{0b0111} << 12;
constexpr int kDistributedId128RandomBits = 75;
constexpr Uint128 kDistributedId128RandomMax = (static_cast<Uint128>(1) << kDistributedId128RandomBits) - 1;
constexpr std::uint64_t kDistributedId128IncrementMask = (std::uint64_t{1} << 58) - 1; // 2^75/2^58 = 131072 per ms
constexpr std::int64_t kDistributedId128EpochUnixMillis = -8520336000000;              // 1700-01-01T00:00:00Z
constexpr std::uint64_t kDistributedId128ClockBackMillis = 1000; // waits for a clock set back by less than this

inline Uint128 compose_distributed_id128(std::uint64_t timestamp, Uint128 random_sequence) noexcept {
	const std::uint64_t high =
	    (timestamp << 16) | kDistributedId128VersionMarker | static_cast<std::uint64_t>(random_sequence >> 63);
	const std::uint64_t low = static_cast<std::uint64_t>(random_sequence) & (~std::uint64_t{0} >> 1);
	return (static_cast<Uint128>(high) << 64) | low;
}

inline std::uint64_t distributed_id128_timestamp(Uint128 id) noexcept { return static_cast<std::uint64_t>(id >> 80); }

inline Uint128 distributed_id128_random_sequence(Uint128 id) noexcept {
	const std::uint64_t high = static_cast<std::uint64_t>(id >> 64);
	const std::uint64_t low = static_cast<std::uint64_t>(id) & (~std::uint64_t{0} >> 1);
	return (static_cast<Uint128>(high & 0xFFF) << 63) | low;
}

// Version nibble 7 and the top bit of byte 8 clear: what every generated DistributedId128 carries.
inline bool has_distributed_id128_shape(Uint128 id) noexcept {
	const std::uint64_t high = static_cast<std::uint64_t>(id >> 64);
	const std::uint64_t low = static_cast<std::uint64_t>(id);
	return ((high >> 12) & 0xF) == 0b0111 && (low >> 63) == 0;
}

// The embedded timestamp as microseconds since the Unix epoch.
inline UnixMicros distributed_id128_unix_micros(Uint128 id) noexcept {
	return (static_cast<std::int64_t>(distributed_id128_timestamp(id)) + kDistributedId128EpochUnixMillis) *
	       kMicrosPerMilli;
}

// DistributedId128.Split / Join: the id as two non-negative bigints (for two BIGINT columns). Split throws 22003
// when either half has its top bit set (after the year 6159, or not a DistributedId128); Join when either is negative.
struct DistributedId128Halves {
	std::int64_t upper;
	std::int64_t lower;
};
DistributedId128Halves split_distributed_id128(Uint128 id);
Uint128 join_distributed_id128(std::int64_t upper, std::int64_t lower);

// Smallest DistributedId128 whose timestamp is at or after the instant. Throws 22008 past the 48-bit range.
Uint128 distributed_id128_boundary(UnixMicros instant);

// The id of a past instant (distributedid128_generate_at): its millisecond since 1700 and the low 75 bits of
// random_sequence. Throws 22008 before 1700 and past the 48-bit range.
Uint128 distributed_id128_at(UnixMicros instant, Uint128 random_sequence);

// RandomSequence75.Create: the top 11 bits of the first little-endian word, then the whole second word; never zero.
Uint128 make_distributed_id128_random_sequence(const std::uint8_t (&random_bytes)[16]) noexcept;

// The generator's whole state: plain data, so it can live in a backend or in shared memory.
struct DistributedId128State {
	std::uint64_t previous_timestamp = 0;
	Uint128 previous_random_sequence = 0;
};

// The time embedded in the state's newest id (the generator's statistics; it keeps no high-water mark).
inline UnixMicros newest_instant(const DistributedId128State &state) noexcept {
	return (static_cast<std::int64_t>(state.previous_timestamp) + kDistributedId128EpochUnixMillis) * kMicrosPerMilli;
}

// One step of Architect's DistributedId128Generator. random_sequence is drawn once per id and reused when the
// step asks to sleep: the random part is exhausted within the ms, or the clock went back by less than 1 s.
Step<Uint128> step_distributed_id128(DistributedId128State &state, UnixMicros now, Uint128 random_sequence) noexcept;

// What the generator above can embed (the message of its ClockOutOfRange).
constexpr ClockRange kDistributedId128ClockRange{Message::distributedid128_clock_out_of_range};

} // namespace identities
