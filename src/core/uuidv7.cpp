#include "core/uuidv7.hpp"

#include "core/error.hpp"

namespace identities {
namespace {

// An instant from 1970 on in 1/4096 ms (RFC 9562 method 3): the microseconds of the ms scaled to 12 bits, rounded
// down (so it never reaches the next ms).
std::uint64_t uuidv7_time(UnixMicros instant) noexcept {
	const auto millis = static_cast<std::uint64_t>(instant / kMicrosPerMilli);
	return (millis << kUuidv7FractionBits) | static_cast<std::uint64_t>(instant % kMicrosPerMilli) * 4096 / 1000;
}

} // namespace

Uint128 uuidv7_boundary(UnixMicros instant) {
	if (instant <= 0)
		return compose_uuidv7(0, 0);
	const auto millis = static_cast<std::uint64_t>(ceil_div(instant, kMicrosPerMilli));
	if (millis > kUuidv7MaxUnixMillis)
		throw message_error(Message::uuidv7_boundary_out_of_range);
	return compose_uuidv7(millis << kUuidv7FractionBits, 0);
}

Uint128 uuidv7_at(UnixMicros instant, std::uint64_t random_bits) {
	if (instant < 0 || static_cast<std::uint64_t>(instant / kMicrosPerMilli) > kUuidv7MaxUnixMillis)
		throw message_error(Message::uuidv7_time_out_of_range);
	return compose_uuidv7(uuidv7_time(instant), random_bits);
}

Step<Uint128> step_uuidv7(Uuidv7State &state, UnixMicros now, std::uint64_t random_bits) noexcept {
	if (now < 0)
		return {StepStatus::ClockOutOfRange, 0};
	if (static_cast<std::uint64_t>(now / kMicrosPerMilli) > kUuidv7MaxUnixMillis)
		return {StepStatus::ClockOutOfRange, 0};
	std::uint64_t time = uuidv7_time(now);
	if (time <= state.last_time) {
		if (state.last_time == kUuidv7MaxTime)
			return {StepStatus::ClockOutOfRange, 0};
		time = state.last_time + 1;
	}
	state.last_time = time;
	return {StepStatus::Ready, compose_uuidv7(time, random_bits)};
}

} // namespace identities
