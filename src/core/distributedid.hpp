// DistributedId (Architect.Identities): a 93-bit integer shown as a 28-digit decimal.
//
// Layout: [3 zero bits][45-bit ms since 1900-01-01 minus 1 s of leeway][48 random bits].
// Stored as 12 big-endian bytes, so memcmp order is numeric order is time order.
#pragma once

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/generator.hpp"
#include "core/uint128.hpp"

#include <cstdint>
#include <string_view>

namespace identities {

constexpr std::size_t kDistributedIdSize = 12;
constexpr Uint128 kDistributedIdMax = kDecimal28Max;
// The detail of every out-of-range error of the type.
constexpr const char *kDistributedIdRangeDetail =
    "A distributedid is an integer from 0 to 9999999999999999999999999999.";
constexpr int kDistributedIdRandomBits = 48;
constexpr int kDistributedIdTimestampBits = 45;
constexpr std::uint64_t kDistributedIdRandomMax = (std::uint64_t{1} << kDistributedIdRandomBits) - 1;
constexpr std::uint64_t kDistributedIdIncrementMask = (std::uint64_t{1} << 41) - 1; // 2^48/2^41 = 128 ids per ms
constexpr std::int64_t kDistributedIdEpochUnixMillis = -2208988800000;              // 1900-01-01T00:00:00Z
constexpr std::uint64_t kDistributedIdLeewayMillis = 1000;

inline Uint128 compose_distributed_id(std::uint64_t timestamp, std::uint64_t random_sequence) noexcept {
	return (static_cast<Uint128>(timestamp) << kDistributedIdRandomBits) | random_sequence;
}

// Milliseconds since 1900 as embedded (one second before generation, by design).
inline std::uint64_t distributed_id_timestamp(Uint128 id) noexcept {
	return static_cast<std::uint64_t>(id >> kDistributedIdRandomBits);
}

inline std::uint64_t distributed_id_random_sequence(Uint128 id) noexcept {
	return static_cast<std::uint64_t>(id) & kDistributedIdRandomMax;
}

// The embedded timestamp as microseconds since the Unix epoch.
inline UnixMicros distributed_id_unix_micros(Uint128 id) noexcept {
	return (static_cast<std::int64_t>(distributed_id_timestamp(id)) + kDistributedIdEpochUnixMillis) * kMicrosPerMilli;
}

// Smallest id whose embedded timestamp is at or after the instant. Throws 22003 past the type's range.
Uint128 distributed_id_boundary(UnixMicros instant);

// The id of a past instant (distributedid_generate_at): its millisecond since 1900 exactly, without the generator's
// second of leeway, and the low 48 bits of random_sequence. Throws 22008 outside the 45 bits the generator embeds.
Uint128 distributed_id_at(UnixMicros instant, std::uint64_t random_sequence);

// RandomSequence48: six random bytes, never zero.
inline std::uint64_t make_distributed_id_random_sequence(std::uint64_t random_bits) noexcept {
	const std::uint64_t value = random_bits & kDistributedIdRandomMax;
	return value == 0 ? 1 : value;
}

// The generator's whole state: plain data, so it can live in a backend or in shared memory.
struct DistributedIdState {
	std::uint64_t previous_timestamp = 0;
	std::uint64_t previous_random_sequence = 0;
};

// The time embedded in the state's newest id (the generator's statistics; it keeps no high-water mark).
inline UnixMicros newest_instant(const DistributedIdState &state) noexcept {
	return (static_cast<std::int64_t>(state.previous_timestamp) + kDistributedIdEpochUnixMillis) * kMicrosPerMilli;
}

// One step of Architect's DistributedIdGenerator.CreateValues. random_sequence is drawn once per id
// (make_distributed_id_random_sequence) and reused when the step asks to sleep.
Step<Uint128> step_distributed_id(DistributedIdState &state, UnixMicros now, std::uint64_t random_sequence) noexcept;

// What the generator above can embed (the message of its ClockOutOfRange).
constexpr ClockRange kDistributedIdClockRange{Message::distributedid_clock_out_of_range};

// Text form: decimal digits, surrounding whitespace allowed. Throws 22P02 / 22003.
Uint128 parse_distributed_id(std::string_view text);

// numeric_out's text of a numeric: an integer, possibly with a zero fraction ("123.000"). Throws 22003 naming
// the target ("type distributedid", or what an encoder makes of the numeric).
Uint128 parse_distributed_id_numeric(std::string_view numeric_text, const char *target = "type distributedid");

// bigint and integer casts: any non-negative value. Throws 22003 for negatives.
Uint128 distributed_id_from_integer(std::int64_t value);

// The 22003 error for a value built from bytes (binary I/O, uuid, bytea) above kDistributedIdMax.
Error distributed_id_range_error(const char *source_type, std::string_view shown);

inline Uint128 load_distributed_id(const std::uint8_t *bytes) noexcept {
	return load_big_endian(bytes, kDistributedIdSize);
}

inline void store_distributed_id(Uint128 id, std::uint8_t *bytes) noexcept {
	store_big_endian(id, bytes, kDistributedIdSize);
}

} // namespace identities
