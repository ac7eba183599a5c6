#include "core/hotguid.hpp"

#include "core/error.hpp"

#include <openssl/evp.h>

#include <string>

namespace identities {

void make_hotguid_machine_pid(std::string_view machine_name, std::uint32_t pid,
                              std::uint8_t (&out)[kHotGuidMachinePidSize]) {
	unsigned char digest[EVP_MAX_MD_SIZE];
	unsigned int digest_length = 0;
	if (EVP_Digest(machine_name.data(), machine_name.size(), digest, &digest_length, EVP_md5(), nullptr) != 1 ||
	    digest_length != 16)
		throw Error(ErrorCode::Internal, "could not compute the MD5 digest of the machine name for hotguid");
	out[0] = digest[0];
	out[1] = digest[1];
	// The reference keeps the pid's low 16 bits only; where pids go past 65535 (pid_max up to 2^22), two live
	// processes would share a tag. Bits 16..23 go into the last hash byte, so every pid below 2^24 has its own.
	out[2] = static_cast<std::uint8_t>(digest[2] ^ (pid >> 16));
	out[3] = static_cast<std::uint8_t>(pid >> 8);
	out[4] = static_cast<std::uint8_t>(pid);
}

void compose_hotguid(std::uint32_t unix_seconds, const std::uint8_t (&machine_pid)[kHotGuidMachinePidSize],
                     std::uint32_t counter24, std::uint32_t shard_key, std::uint8_t *out16) noexcept {
	store_big_endian(unix_seconds, out16, 4); // .NET Data1 is little-endian in memory, printed (and stored) BE
	out16[4] = machine_pid[1];                // Data2 and Data3 likewise swap their two bytes
	out16[5] = machine_pid[0];
	out16[6] = machine_pid[3];
	out16[7] = machine_pid[2];
	out16[8] = machine_pid[4];
	store_big_endian(counter24 & kHotGuidCounterMask, out16 + 9, 3);
	for (int i = 0; i < 4; i++) // Data4 is kept as is: the little-endian shard key stays little-endian
		out16[12 + i] = static_cast<std::uint8_t>(shard_key >> (8 * i));
}

std::uint32_t checked_hotguid_shard_key(std::int64_t shard_key) {
	if (shard_key < 0 || shard_key > std::int64_t{0xFFFFFFFF})
		throw message_error(Message::hotguid_shard_key_out_of_range, {std::to_string(shard_key)});
	return static_cast<std::uint32_t>(shard_key);
}

std::uint32_t checked_hotguid_counter(std::int64_t counter) {
	if (counter < 0 || counter > std::int64_t{kHotGuidCounterMask})
		throw message_error(Message::hotguid_counter_out_of_range, {std::to_string(counter)});
	return static_cast<std::uint32_t>(counter);
}

HotGuidState make_hotguid_state(const std::uint8_t (&machine_pid)[kHotGuidMachinePidSize],
                                std::uint64_t random_bits) noexcept {
	HotGuidState state;
	state.counter = static_cast<std::uint32_t>(random_bits % kHotGuidCounterSeedLimit);
	for (std::size_t i = 0; i < kHotGuidMachinePidSize; i++)
		state.machine_pid[i] = machine_pid[i];
	return state;
}

void skip_current_second(HotGuidState &state, UnixMicros now) noexcept {
	// As if the counter had come round in this second: the next step waits for the next one.
	state.current_second = floor_div(now, kMicrosPerSecond);
	state.first_counter_of_second = (state.counter + 1) & kHotGuidCounterMask;
}

Step<Uint128> step_hotguid(HotGuidState &state, UnixMicros now, std::uint32_t shard_key) noexcept {
	const std::int64_t clock_second = floor_div(now, kMicrosPerSecond);
	// Refuse where the reference would wrap its 32-bit seconds (2106-02-07) and start repeating 1970's ids.
	if (clock_second < 0 || clock_second > kHotGuidMaxUnixSeconds)
		return {StepStatus::ClockOutOfRange, 0};
	// Never back to a second already used: its counters are remembered only while it is the current one.
	std::int64_t second = clock_second > state.current_second ? clock_second : state.current_second;
	const std::uint32_t counter = (state.counter + 1) & kHotGuidCounterMask;
	if (second != state.current_second) {
		state.current_second = second;
		state.first_counter_of_second = counter;
	} else if (counter == state.first_counter_of_second) {
		// 2^24 ids in this second: the next would repeat its first.
		if (clock_second == second)
			return {StepStatus::Sleep, 0, kMicrosPerSecond - (now - second * kMicrosPerSecond)};
		// The clock is behind the second we count in (set back): take the next second rather than wait for it.
		if (second == kHotGuidMaxUnixSeconds)
			return {StepStatus::ClockOutOfRange, 0};
		state.current_second = ++second;
		state.first_counter_of_second = counter;
	}
	state.counter++;

	std::uint8_t bytes[kHotGuidSize];
	compose_hotguid(static_cast<std::uint32_t>(second), state.machine_pid, counter, shard_key, bytes);
	return {StepStatus::Ready, load_big_endian(bytes, kHotGuidSize)};
}

Uint128 hotguid_boundary(UnixMicros instant) {
	if (instant <= 0)
		return 0;
	const std::int64_t seconds = ceil_div(instant, kMicrosPerSecond);
	if (seconds > std::int64_t{UINT32_MAX})
		throw message_error(Message::hotguid_boundary_out_of_range);
	return static_cast<Uint128>(seconds) << 96;
}

Uint128 hotguid_at(UnixMicros instant, const std::uint8_t (&machine_pid)[kHotGuidMachinePidSize],
                   std::uint32_t counter24, std::uint32_t shard_key) {
	const std::int64_t second = floor_div(instant, kMicrosPerSecond);
	if (second < 0 || second > kHotGuidMaxUnixSeconds)
		throw message_error(Message::hotguid_time_out_of_range);
	std::uint8_t bytes[kHotGuidSize];
	compose_hotguid(static_cast<std::uint32_t>(second), machine_pid, counter24, shard_key, bytes);
	return load_big_endian(bytes, kHotGuidSize);
}

} // namespace identities
