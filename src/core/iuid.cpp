#include "core/iuid.hpp"

#include "core/encoders.hpp"
#include "core/error.hpp"

#include <string>

namespace identities {
namespace {

constexpr const char *kTypeName = "iuid";

std::uint8_t checked_byte_argument(std::int64_t value, const char *argument) {
	if (value < 0 || value > 255)
		throw message_error(Message::iuid_field_out_of_range, {argument, std::to_string(value)});
	return static_cast<std::uint8_t>(value);
}

} // namespace

Uint128 iuid_boundary(UnixMicros instant) {
	constexpr UnixMicros kLastInstant = static_cast<std::int64_t>(kIuidMaxUnixMillis) * kMicrosPerMilli;
	if (instant <= 0)
		return compose_iuid(0, 0, 0, 0, 0);
	if (instant > kLastInstant)
		throw message_error(Message::iuid_boundary_out_of_range);
	return compose_iuid(static_cast<std::uint64_t>(ceil_div(instant, kMicrosPerMilli)), 0, 0, 0, 0);
}

Uint128 iuid_at(UnixMicros instant, std::uint64_t random_bits, std::uint8_t country, std::uint8_t service_entity) {
	const std::int64_t millis = floor_div(instant, kMicrosPerMilli);
	if (millis < 0 || static_cast<std::uint64_t>(millis) > kIuidMaxUnixMillis)
		throw message_error(Message::iuid_time_out_of_range);
	return compose_iuid(static_cast<std::uint64_t>(millis), kIuidCurrentFormatVersion, country, service_entity,
	                    random_bits);
}

std::uint8_t checked_iuid_country(std::int64_t country) { return checked_byte_argument(country, "country"); }

std::uint8_t checked_iuid_service_entity(std::int64_t service_entity) {
	return checked_byte_argument(service_entity, "service_entity");
}

Uint128 parse_iuid(std::string_view text) {
	Uint128 value = 0;
	if (!parse_uuid_text(text, value))
		throw invalid_text(kTypeName, std::string(text));
	if (!has_iuid_shape(value))
		throw Error(ErrorCode::InvalidTextRepresentation, invalid_text(kTypeName, std::string(text)).what(),
		            kIuidShapeDetail);
	return value;
}

Step<Uint128> step_iuid(IuidState &state, UnixMicros now, std::uint64_t random_bits, std::uint8_t country,
                        std::uint8_t service_entity) noexcept {
	const std::int64_t signed_millis = floor_div(now, kMicrosPerMilli);
	if (signed_millis < 0 || static_cast<std::uint64_t>(signed_millis) > kIuidMaxUnixMillis)
		return {StepStatus::ClockOutOfRange, 0};
	const std::uint64_t millis = static_cast<std::uint64_t>(signed_millis);

	if (millis <= state.previous_millis) {
		const std::uint64_t increment = (random_bits >> kIuidIncrementShift) + 1;
		if (increment <= kIuidRandomMax - state.previous_random) {
			state.previous_random += increment;
			return {StepStatus::Ready, compose_iuid(state.previous_millis, kIuidCurrentFormatVersion, country,
			                                        service_entity, state.previous_random)};
		}
		if (millis == state.previous_millis)
			return {StepStatus::Sleep, 0}; // never a duplicate: wait for the clock to pass the ms
		// The clock is behind the ms we count in (set back): take the next ms rather than wait for the clock.
		if (state.previous_millis == kIuidMaxUnixMillis)
			return {StepStatus::ClockOutOfRange, 0};
		state.previous_millis++;
		state.previous_random = random_bits & kIuidRandomMax;
		return {StepStatus::Ready, compose_iuid(state.previous_millis, kIuidCurrentFormatVersion, country,
		                                        service_entity, state.previous_random)};
	}

	// A new ms: start afresh from the clock.
	state.previous_millis = millis;
	state.previous_random = random_bits & kIuidRandomMax;
	return {StepStatus::Ready,
	        compose_iuid(millis, kIuidCurrentFormatVersion, country, service_entity, state.previous_random)};
}

} // namespace identities
