#include "core/distributedid128.hpp"

#include "core/encoders.hpp"
#include "core/error.hpp"

#include <cstring>

namespace identities {

Uint128 make_distributed_id128_random_sequence(const std::uint8_t (&random_bytes)[16]) noexcept {
	std::uint64_t first = 0;
	std::uint64_t second = 0;
	for (int i = 7; i >= 0; i--) { // little-endian, as BinaryPrimitives.ReadUInt64LittleEndian
		first = (first << 8) | random_bytes[i];
		second = (second << 8) | random_bytes[8 + i];
	}
	const std::uint64_t high = first >> 53;
	if (high == 0 && second == 0)
		second = 1;
	return (static_cast<Uint128>(high) << 64) | second;
}

Step<Uint128> step_distributed_id128(DistributedId128State &state, UnixMicros now, Uint128 random_sequence) noexcept {
	const std::int64_t millis_since_epoch = floor_div(now, kMicrosPerMilli) - kDistributedId128EpochUnixMillis;
	if (millis_since_epoch < 0 || static_cast<std::uint64_t>(millis_since_epoch) > kDistributedId128MaxTimestamp)
		return {StepStatus::ClockOutOfRange, 0};
	const std::uint64_t timestamp = static_cast<std::uint64_t>(millis_since_epoch);

	if (timestamp <= state.previous_timestamp) {
		std::uint64_t increment = static_cast<std::uint64_t>(random_sequence) & kDistributedId128IncrementMask;
		if (increment == 0)
			increment = 1;
		if (increment <= kDistributedId128RandomMax - state.previous_random_sequence) {
			state.previous_random_sequence += increment;
			return {StepStatus::Ready,
			        compose_distributed_id128(state.previous_timestamp, state.previous_random_sequence)};
		}
		// Unlike DistributedId there is no leeway to borrow from: wait for the clock, unless it went back a second.
		if (timestamp + kDistributedId128ClockBackMillis > state.previous_timestamp)
			return {StepStatus::Sleep, 0};
	}

	state.previous_timestamp = timestamp;
	state.previous_random_sequence = random_sequence;
	return {StepStatus::Ready, compose_distributed_id128(timestamp, random_sequence)};
}

DistributedId128Halves split_distributed_id128(Uint128 id) {
	const std::uint64_t upper = static_cast<std::uint64_t>(id >> 64);
	const std::uint64_t lower = static_cast<std::uint64_t>(id);
	if ((upper | lower) >> 63 != 0) {
		std::uint8_t bytes[kDistributedId128Size];
		store_big_endian(id, bytes, kDistributedId128Size);
		throw message_error(Message::distributedid128_not_two_bigints, {format_uuid(bytes)});
	}
	return {static_cast<std::int64_t>(upper), static_cast<std::int64_t>(lower)};
}

Uint128 join_distributed_id128(std::int64_t upper, std::int64_t lower) {
	if (upper < 0 || lower < 0)
		throw message_error(Message::distributedid128_negative_halves);
	return (static_cast<Uint128>(upper) << 64) | static_cast<std::uint64_t>(lower);
}

Uint128 distributed_id128_boundary(UnixMicros instant) {
	constexpr UnixMicros kEpoch = kDistributedId128EpochUnixMillis * kMicrosPerMilli;
	constexpr UnixMicros kLastInstant =
	    kEpoch + static_cast<std::int64_t>(kDistributedId128MaxTimestamp) * kMicrosPerMilli;
	if (instant <= kEpoch)
		return compose_distributed_id128(0, 0);
	if (instant > kLastInstant)
		throw message_error(Message::distributedid128_boundary_out_of_range);
	return compose_distributed_id128(static_cast<std::uint64_t>(ceil_div(instant - kEpoch, kMicrosPerMilli)), 0);
}

Uint128 distributed_id128_at(UnixMicros instant, Uint128 random_sequence) {
	const std::int64_t millis_since_epoch = floor_div(instant, kMicrosPerMilli) - kDistributedId128EpochUnixMillis;
	if (millis_since_epoch < 0 || static_cast<std::uint64_t>(millis_since_epoch) > kDistributedId128MaxTimestamp)
		throw message_error(Message::distributedid128_time_out_of_range);
	return compose_distributed_id128(static_cast<std::uint64_t>(millis_since_epoch),
	                                 random_sequence & kDistributedId128RandomMax);
}

} // namespace identities
