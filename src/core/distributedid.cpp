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
		throw Error(ErrorCode::DatetimeValueOutOfRange, "timestamp out of range for type distributedid",
		            "The last instant a distributedid can embed is 3025-10-23 17:06:28.005+00.");
	return compose_distributed_id(static_cast<std::uint64_t>(ceil_div(instant - kEpoch, kMicrosPerMilli)), 0);
}

Uint128 distributed_id_at(UnixMicros instant, std::uint64_t random_sequence) {
	const std::int64_t millis_since_epoch = floor_div(instant, kMicrosPerMilli) - kDistributedIdEpochUnixMillis;
	if (millis_since_epoch < 0 || millis_since_epoch >> kDistributedIdTimestampBits != 0)
		throw Error(ErrorCode::DatetimeValueOutOfRange, "timestamp out of range for type distributedid",
		            "A generated distributedid embeds milliseconds since 1900-01-01 in 45 bits, from 1900-01-01 "
		            "00:00:00+00 to 3014-12-13 12:41:28.831+00.");
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
	throw Error(ErrorCode::NumericValueOutOfRange,
	            "numeric value " + std::string(numeric_text) + " is out of range for " + target, kDistributedIdRangeDetail);
}

Uint128 distributed_id_from_integer(std::int64_t value) {
	if (value < 0)
		throw Error(ErrorCode::NumericValueOutOfRange,
		            "value " + std::to_string(value) + " is out of range for type " + kTypeName, kDistributedIdRangeDetail);
	return static_cast<Uint128>(value);
}

Error distributed_id_range_error(const char *source_type, std::string_view shown) {
	return Error(ErrorCode::NumericValueOutOfRange,
	             std::string(source_type) + " \"" + std::string(shown) + "\" is out of range for type " + kTypeName,
	             kDistributedIdRangeDetail);
}

} // namespace identities
