// Snowflake, Discord's flavour (as SUOU's suou.snowflake writes it), kept in a bigint.
//
// Layout (bit 63 = most significant): 42-bit ms since a custom epoch | 5-bit worker |
// 5-bit process | 12-bit increment. The epoch is a parameter; Discord's, 2015-01-01T00:00:00Z, is the default.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"

#include <cstdint>

namespace identities {

constexpr int kSnowflakeTimestampShift = 22;
constexpr std::uint64_t kSnowflakeMaxTimestamp = (std::uint64_t{1} << 42) - 1; // what the layout can hold
// What we generate: 41 bits, so the bigint stays positive and bigint order stays time order (69 years).
constexpr std::uint64_t kSnowflakeMaxGeneratedMillis = (std::uint64_t{1} << 41) - 1;
constexpr std::uint32_t kSnowflakeMaxIncrement = 4095;
constexpr std::int64_t kSnowflakeMaxWorker = 31;
constexpr std::int64_t kSnowflakeMaxProcess = 31;
constexpr std::int64_t kDiscordEpochUnixMillis = 1420070400000; // not SUOU's JAN_1_2015, which is 1 h earlier
constexpr std::int64_t kSnowflakeMaxEpochUnixMillis = (std::int64_t{1} << 47) - 1; // 6429-10-17: keeps us in range

inline std::int64_t compose_snowflake(std::uint64_t millis_since_epoch, std::uint8_t worker, std::uint8_t process,
                                      std::uint16_t increment) noexcept {
	const std::uint64_t id = ((millis_since_epoch & kSnowflakeMaxTimestamp) << kSnowflakeTimestampShift) |
	                         (std::uint64_t{worker & 31u} << 17) | (std::uint64_t{process & 31u} << 12) |
	                         (increment & kSnowflakeMaxIncrement);
	return static_cast<std::int64_t>(id); // two's complement: a 42nd timestamp bit makes the bigint negative
}

// The fields read the bigint as Discord's unsigned 64 bits, so all 42 timestamp bits count.
inline std::uint64_t snowflake_millis_since_epoch(std::int64_t id) noexcept {
	return static_cast<std::uint64_t>(id) >> kSnowflakeTimestampShift;
}

inline std::uint8_t snowflake_worker(std::int64_t id) noexcept { return static_cast<std::uint8_t>((id >> 17) & 31); }

inline std::uint8_t snowflake_process(std::int64_t id) noexcept { return static_cast<std::uint8_t>((id >> 12) & 31); }

inline std::uint16_t snowflake_increment(std::int64_t id) noexcept {
	return static_cast<std::uint16_t>(id & kSnowflakeMaxIncrement);
}

// The embedded time in microseconds since 1970. epoch_unix_millis must have passed checked_snowflake_epoch.
inline UnixMicros snowflake_unix_micros(std::int64_t id, std::int64_t epoch_unix_millis) noexcept {
	return (static_cast<std::int64_t>(snowflake_millis_since_epoch(id)) + epoch_unix_millis) * kMicrosPerMilli;
}

// Smallest snowflake whose timestamp is at or after the instant (worker, process and increment 0): the instant's
// ms rounded up. Before the epoch: 0. Past the 41 bits we generate: 22008.
std::int64_t snowflake_boundary(UnixMicros instant, std::int64_t epoch_unix_millis);

// The Snowflake of a past instant (snowflake_generate_at): its millisecond since the epoch, the worker, the process
// and the increment. Throws 22008 before the epoch and past the 41 bits we generate.
std::int64_t snowflake_at(UnixMicros instant, std::int64_t epoch_unix_millis, std::uint8_t worker, std::uint8_t process,
                          std::uint16_t increment);

// SQL arguments: 0..31 (the increment 0..4095), else 22003 naming the argument.
std::uint8_t checked_snowflake_worker(std::int64_t worker);
std::uint8_t checked_snowflake_process(std::int64_t process);
std::uint16_t checked_snowflake_increment(std::int64_t increment);

// An epoch in Unix ms from 1970-01-01 to 6429-10-17 (kSnowflakeMaxEpochUnixMillis), which keeps every
// computation here in range; else 22023. Changing the epoch of a running server starts another id space.
std::int64_t checked_snowflake_epoch(std::int64_t epoch_unix_millis);

// The generator's whole state: plain data, so it can live in shared memory. One state serves every worker and
// process, so its increments (and ids) are unique across all of them. The ms is Unix time, not epoch time.
struct SnowflakeState {
	std::int64_t last_unix_millis = 0;
	std::uint32_t next_increment = 0;
};

// The high-water mark's view of the state (core/high_water_mark.hpp): the ms of the last id, and the floor taken
// as the ms to count in next, from increment 0.
inline UnixMicros newest_instant(const SnowflakeState &state) noexcept { return state.last_unix_millis * kMicrosPerMilli; }
inline void raise_to_floor(SnowflakeState &state, UnixMicros floor) noexcept {
	const std::int64_t floor_millis = ceil_div(floor, kMicrosPerMilli);
	if (state.last_unix_millis < floor_millis) {
		state.last_unix_millis = floor_millis;
		state.next_increment = 0;
	}
}

// One step: a new ms restarts the increment at 0; within a ms it grows by one; after 4096 ids the step asks to
// sleep until the clock reaches the next ms. A clock behind the last ms is not followed back: the step keeps
// counting in the last ms and, when that is used up, moves on to the next ms at once instead of sleeping as
// long as the clock was set back. So ids from one state strictly increase (per worker and process) and never
// repeat. ClockOutOfRange before the epoch and past 41 bits of ms.
Step<std::int64_t> step_snowflake(SnowflakeState &state, UnixMicros now, std::int64_t epoch_unix_millis,
                                  std::uint8_t worker, std::uint8_t process) noexcept;

// What the generator above can embed (the message of its ClockOutOfRange).
constexpr ClockRange kSnowflakeClockRange{Message::snowflake_clock_out_of_range};

} // namespace identities
