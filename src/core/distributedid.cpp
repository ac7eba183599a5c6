#include "core/distributedid.hpp"

#include "core/error.hpp"

#include <string>

namespace identities {
namespace {

constexpr const char *kTypeName = "distributedid";

} // namespace

Step<Uint128> step_distributed_id(DistributedIdState &state, UnixMicros now, std::uint64_t random_sequence) noexcept {
	const std::int64_t millis_since_epoch = floor_div(now, kMicrosPerMilli) - kDistributedIdEpochUnixMillis;
	if (millis_since_epoch < static_cast<std::int64_t>(kDistributedIdLeewayMillis))
		return {StepStatus::ClockOutOfRange, 0};
	std::uint64_t timestamp = static_cast<std::uint64_t>(millis_since_epoch) - kDistributedIdLeewayMillis;

	if (timestamp <= state.previous_timestamp) {
		std::uint64_t increment = random_sequence & kDistributedIdIncrementMask;
		if (increment == 0)
			increment = 1;
		if (increment <= kDistributedIdRandomMax - state.previous_random_sequence) {
			state.previous_random_sequence += increment;
			return {StepStatus::Ready,
			        compose_distributed_id(state.previous_timestamp, state.previous_random_sequence)};
		}
		// The random part is exhausted: borrow the next ms from the leeway, as long as it stays before now.
		const std::uint64_t max_permissible = timestamp + kDistributedIdLeewayMillis - 1;
		if (state.previous_timestamp < max_permissible)
			timestamp = state.previous_timestamp + 1;
		else if (state.previous_timestamp - max_permissible <= kDistributedIdLeewayMillis)
			return {StepStatus::Sleep, 0};
		// Otherwise the clock went back too far to wait for: restart from the smaller timestamp.
	}

	if (timestamp >> kDistributedIdTimestampBits != 0)
		return {StepStatus::ClockOutOfRange, 0};
	state.previous_timestamp = timestamp;
	state.previous_random_sequence = random_sequence;
	return {StepStatus::Ready, compose_distributed_id(timestamp, random_sequence)};
}

Uint128 distributed_id_boundary(UnixMicros instant) {
	constexpr std::int64_t kMaxTimestamp = static_cast<std::int64_t>(kDistributedIdMax >> kDistributedIdRandomBits);
	constexpr UnixMicros kEpoch = kDistributedIdEpochUnixMillis * kMicrosPerMilli;
	constexpr UnixMicros kLastInstant = kEpoch + kMaxTimestamp * kMicrosPerMilli;
	if (instant <= kEpoch)
		return 0;
	if (instant > kLastInstant)
		throw message_error(Message::distributedid_boundary_out_of_range);
	return compose_distributed_id(static_cast<std::uint64_t>(ceil_div(instant - kEpoch, kMicrosPerMilli)), 0);
}

Uint128 distributed_id_at(UnixMicros instant, std::uint64_t random_sequence) {
	const std::int64_t millis_since_epoch = floor_div(instant, kMicrosPerMilli) - kDistributedIdEpochUnixMillis;
	if (millis_since_epoch < 0 || millis_since_epoch >> kDistributedIdTimestampBits != 0)
		throw message_error(Message::distributedid_time_out_of_range);
	return compose_distributed_id(static_cast<std::uint64_t>(millis_since_epoch),
	                              random_sequence & kDistributedIdRandomMax);
}

Uint128 parse_distributed_id(std::string_view text) {
	Uint128 value = 0;
	switch (parse_decimal(trim_space(text), kDistributedIdMax, value)) {
	case ParseStatus::Ok:
		return value;
	case ParseStatus::OutOfRange:
		throw out_of_range(kTypeName, std::string(text), kDistributedIdRangeDetail);
	case ParseStatus::Invalid:
		break;
	}
	throw invalid_text(kTypeName, std::string(text));
}

Uint128 parse_distributed_id_numeric(std::string_view numeric_text, const char *target) {
	Uint128 value = 0;
	if (parse_integral_numeric(numeric_text, kDistributedIdMax, value) == ParseStatus::Ok)
		return value;
	throw message_error(Message::distributedid_numeric_out_of_range, {std::string(numeric_text), target});
}

Uint128 distributed_id_from_integer(std::int64_t value) {
	if (value < 0)
		throw Error(ErrorCode::NumericValueOutOfRange,
		            "value " + std::to_string(value) + " is out of range for type " + kTypeName, kDistributedIdRangeDetail);
	return static_cast<Uint128>(value);
}

Error distributed_id_range_error(const char *source_type, std::string_view shown) {
	return message_error(Message::distributedid_value_out_of_range, {source_type, std::string(shown)});
}

} // namespace identities
