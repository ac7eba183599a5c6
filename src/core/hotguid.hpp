// HotGuid (dmlarionov/HotGuid): seconds, a machine-and-process tag, a counter and a shard key, kept in uuid.
//
// The reference builds a .NET Guid from 16 "memory" bytes; Npgsql stores a Guid in its string order, so the
// PostgreSQL bytes are: 0..3 Unix seconds BE | 4..8 machine_pid[1,0,3,2,4] |
// 9..11 counter BE | 12..15 shard key LE. No version or variant bits: they are whatever the tag holds.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"
#include "core/uint128.hpp"

#include <cstdint>
#include <string_view>

namespace identities {

constexpr std::size_t kHotGuidSize = 16;
constexpr std::size_t kHotGuidMachinePidSize = 5;
constexpr std::uint32_t kHotGuidCounterMask = 0x00FFFFFF;
constexpr std::uint32_t kHotGuidCounterSeedLimit = 500000;  // new Random().Next(500000)
constexpr std::int64_t kHotGuidMaxUnixSeconds = 0xFFFFFFFF; // 2106-02-07 06:28:15 UTC

// MD5(UTF-8 machine name)[0..2], then (pid >> 8) & 0xFF and pid & 0xFF: the reference's "machine pid", except
// that the pid's bits 16..23 are folded into the third hash byte, so no two pids below 2^24 share a tag.
// Throws Error(Internal) if OpenSSL fails.
void make_hotguid_machine_pid(std::string_view machine_name, std::uint32_t pid,
                              std::uint8_t (&out)[kHotGuidMachinePidSize]);

// Writes the 16 PostgreSQL (string-order) bytes; counter24 is masked to 24 bits.
void compose_hotguid(std::uint32_t unix_seconds, const std::uint8_t (&machine_pid)[kHotGuidMachinePidSize],
                     std::uint32_t counter24, std::uint32_t shard_key, std::uint8_t *out16) noexcept;

inline std::uint32_t hotguid_unix_seconds(const std::uint8_t *bytes16) noexcept {
	return static_cast<std::uint32_t>(load_big_endian(bytes16, 4));
}

inline std::uint32_t hotguid_counter(const std::uint8_t *bytes16) noexcept {
	return static_cast<std::uint32_t>(load_big_endian(bytes16 + 9, 3));
}

// BitConverter.ToUInt32(bytes, 12): little-endian, so a .NET service and SQL read the same shard key.
inline std::uint32_t hotguid_shard_key(const std::uint8_t *bytes16) noexcept {
	return std::uint32_t{bytes16[12]} | std::uint32_t{bytes16[13]} << 8 | std::uint32_t{bytes16[14]} << 16 |
	       std::uint32_t{bytes16[15]} << 24;
}

// hotguid_generate's argument: 0..2^32-1, else 22003.
std::uint32_t checked_hotguid_shard_key(std::int64_t shard_key);

// hotguid_generate_at's counter: 0..2^24-1, else 22003.
std::uint32_t checked_hotguid_counter(std::int64_t counter);

// A generator's whole state: plain data. The machine pid is part of it, so whoever owns the state (a backend,
// or shared memory with one tag for the server) owns the counter that makes its ids unique.
struct HotGuidState {
	std::uint32_t counter = 0;                             // incremented before use, masked to 24 bits
	std::uint8_t machine_pid[kHotGuidMachinePidSize] = {}; // make_hotguid_machine_pid
	std::int64_t current_second = -1;                      // the second the wrap guard is counting
	std::uint32_t first_counter_of_second = 0;             // the 24-bit counter of that second's first id
};

// The high-water mark's view of the state (core/high_water_mark.hpp): the start of the second it counts in, and
// the floor's second (rounded up) taken as the one to count in next: the state counts as if the second before
// it were full, so the next id starts the floor's second (or a later one the clock reads).
inline UnixMicros newest_instant(const HotGuidState &state) noexcept { return state.current_second * kMicrosPerSecond; }
inline void raise_to_floor(HotGuidState &state, UnixMicros floor) noexcept {
	const std::int64_t floor_second = ceil_div(floor, kMicrosPerSecond);
	if (state.current_second < floor_second) {
		state.current_second = floor_second - 1;
		state.first_counter_of_second = (state.counter + 1) & kHotGuidCounterMask;
	}
}

// A fresh state as the reference seeds it: counter random in [0, 500000).
HotGuidState make_hotguid_state(const std::uint8_t (&machine_pid)[kHotGuidMachinePidSize],
                                std::uint64_t random_bits) noexcept;

// Makes a fresh state start at the next second: a state that replaces one lost with the same machine tag (the
// server's shared memory reinitialised after a backend crash, under the same postmaster pid) cannot know which
// counters the lost one used in the current second, so it leaves that second alone. The first id waits for the
// next second (the generator sleeps the rest of this one).
void skip_current_second(HotGuidState &state, UnixMicros now) noexcept;

// One HotGuid: seconds = floor(now / 1 s). Returns the 16 PostgreSQL bytes as a big-endian Uint128
// (store_big_endian(id, out, 16)). Unlike the reference, which can repeat ids, it never issues one twice: it
// never goes back to a second it has left (a clock set back keeps the current second), and a 24-bit counter
// that would come back to its first value of the current second (2^24 ids in one second) waits for the next
// second, or takes it at once when the clock is behind. ClockOutOfRange before 1970 and after 2106-02-07
// (where the reference's 32-bit seconds wrap).
Step<Uint128> step_hotguid(HotGuidState &state, UnixMicros now, std::uint32_t shard_key) noexcept;

// The smallest HotGuid whose second is at or after the instant (the second rounded up, every other byte 0), so
// `id >= hotguid_boundary(t)` exactly when hotguid_extract_timestamp(id) >= t. Before 1970: 0. Past 2106-02-07
// 06:28:15+00: 22008.
Uint128 hotguid_boundary(UnixMicros instant);

// The HotGuid of a past instant (hotguid_generate_at), its 16 bytes as step_hotguid returns them: the instant's
// second (rounded down), the machine tag, the counter and the shard key. Throws 22008 before 1970 and after
// 2106-02-07 06:28:15+00.
Uint128 hotguid_at(UnixMicros instant, const std::uint8_t (&machine_pid)[kHotGuidMachinePidSize],
                   std::uint32_t counter24, std::uint32_t shard_key);

// What the generator above can embed (the message of its ClockOutOfRange).
constexpr ClockRange kHotGuidClockRange{Message::hotguid_clock_out_of_range};

} // namespace identities
