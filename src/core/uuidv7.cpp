#include "core/uuidv7.hpp"

#include "core/error.hpp"

namespace identities {

Uint128 uuidv7_boundary(UnixMicros instant) {
	if (instant <= 0)
		return compose_uuidv7(0, 0);
	const auto millis = static_cast<std::uint64_t>(ceil_div(instant, kMicrosPerMilli));
	if (millis > kUuidv7MaxUnixMillis)
		throw Error(ErrorCode::DatetimeValueOutOfRange, "timestamp out of range for UUIDv7",
		            "A UUIDv7 embeds Unix milliseconds in 48 bits, up to the year 10889.");
	return compose_uuidv7(millis << kUuidv7FractionBits, 0);
}

Step<Uint128> step_uuidv7(Uuidv7State &state, UnixMicros now, std::uint64_t random_bits) noexcept {
	if (now < 0)
		return {StepStatus::ClockOutOfRange, 0};
	const auto millis = static_cast<std::uint64_t>(now / kMicrosPerMilli);
	if (millis > kUuidv7MaxUnixMillis)
		return {StepStatus::ClockOutOfRange, 0};
	// Method 3: the microseconds of the ms scaled to 12 bits, rounded down (so it never reaches the next ms).
	const std::uint64_t fraction = static_cast<std::uint64_t>(now % kMicrosPerMilli) * 4096 / 1000;
	std::uint64_t time = (millis << kUuidv7FractionBits) | fraction;
	if (time <= state.last_time) {
		if (state.last_time == kUuidv7MaxTime)
			return {StepStatus::ClockOutOfRange, 0};
		time = state.last_time + 1;
	}
	state.last_time = time;
	return {StepStatus::Ready, compose_uuidv7(time, random_bits)};
}

} // namespace identities
