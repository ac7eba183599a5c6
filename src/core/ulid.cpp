#include "core/ulid.hpp"

#include "core/error.hpp"

namespace identities {
namespace {

// The value of a character of Crockford's base32, or -1: either case, I and L read as 1, O as 0.
int crockford_value(char character) noexcept {
	const char upper = (character >= 'a' && character <= 'z') ? static_cast<char>(character - 'a' + 'A') : character;
	if (upper == 'I' || upper == 'L')
		return 1;
	if (upper == 'O')
		return 0;
	for (int value = 0; value < 32; value++)
		if (kUlidAlphabet[value] == upper)
			return value;
	return -1;
}

} // namespace

void write_ulid(Uint128 id, char out[kUlidTextLength + 1]) noexcept {
	out[kUlidTextLength] = '\0';
	for (std::size_t position = kUlidTextLength; position-- > 0; id >>= 5)
		out[position] = kUlidAlphabet[static_cast<unsigned>(id & 31)];
}

std::string format_ulid(Uint128 id) {
	char text[kUlidTextLength + 1];
	write_ulid(id, text);
	return text;
}

Uint128 parse_ulid(std::string_view text) {
	if (text.size() != kUlidTextLength)
		throw message_error(Message::ulid_invalid_text, {std::string(text)});
	Uint128 id = 0;
	for (const char character : text) {
		const int value = crockford_value(character);
		if (value < 0)
			throw message_error(Message::ulid_invalid_text, {std::string(text)});
		id = (id << 5) | static_cast<unsigned>(value);
	}
	// 26 characters hold 130 bits: the first may carry only the top 3 of the 128.
	if (crockford_value(text[0]) > 7)
		throw message_error(Message::ulid_out_of_range, {std::string(text)});
	return id;
}

Uint128 ulid_boundary(UnixMicros instant) {
	if (instant <= 0)
		return 0;
	const auto millis = static_cast<std::uint64_t>(ceil_div(instant, kMicrosPerMilli));
	if (millis > kUlidMaxUnixMillis)
		throw message_error(Message::ulid_boundary_out_of_range);
	return compose_ulid(millis, 0);
}

Uint128 ulid_at(UnixMicros instant, Uint128 random80) {
	const std::int64_t millis = floor_div(instant, kMicrosPerMilli);
	if (millis < 0 || static_cast<std::uint64_t>(millis) > kUlidMaxUnixMillis)
		throw message_error(Message::ulid_time_out_of_range);
	return compose_ulid(static_cast<std::uint64_t>(millis), random80);
}

Step<Uint128> step_ulid(UlidState &state, UnixMicros now, Uint128 random80) noexcept {
	const std::int64_t signed_millis = floor_div(now, kMicrosPerMilli);
	if (signed_millis < 0 || static_cast<std::uint64_t>(signed_millis) > kUlidMaxUnixMillis)
		return {StepStatus::ClockOutOfRange, 0};
	const auto millis = static_cast<std::uint64_t>(signed_millis);

	if (millis <= state.previous_millis) {
		if (state.previous_random < kUlidRandomMax) {
			state.previous_random++;
			return {StepStatus::Ready, compose_ulid(state.previous_millis, state.previous_random)};
		}
		if (millis == state.previous_millis)
			return {StepStatus::Sleep, 0}; // never a duplicate: wait for the clock to pass the ms
		// The clock is behind the ms we count in (set back): take the next ms rather than wait for the clock.
		if (state.previous_millis == kUlidMaxUnixMillis)
			return {StepStatus::ClockOutOfRange, 0};
		state.previous_millis++;
		state.previous_random = random80 & kUlidRandomMax;
		return {StepStatus::Ready, compose_ulid(state.previous_millis, state.previous_random)};
	}

	state.previous_millis = millis;
	state.previous_random = random80 & kUlidRandomMax;
	return {StepStatus::Ready, compose_ulid(millis, state.previous_random)};
}

} // namespace identities
