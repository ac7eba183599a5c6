// ULID: parse_ulid (the ulid type's input), format_ulid (its output), ulid_boundary and ulid_at (the instants of
// ulid_boundary and ulid_generate_at), and step_ulid (ulid_generate's monotonic step).
//
// A bit-at-a-time reference decides what parse_ulid accepts: 26 characters of Crockford's alphabet in either case,
// I and L read as 1, O as 0 (else 22P02), whose 130 bits start with two zero bits (else 22003: the first character
// above 7). An accepted text formats to its canonical spelling (upper case, aliases replaced), which parses back to
// the same value, as its lower-case spelling does. The input's bytes as two 128-bit values format to 26 characters
// of the alphabet that read back, in the order of the values. Its bytes as instants give the boundary (the first
// ms at or after, else 22008 past 2^48 - 1 ms) and the ulid of the instant (its ms, else 22008). Its bytes as clock
// readings (set back and forward by up to 4.7 ms) and random draws (some at or near 2^80 - 1) drive the generator:
// every id is above the one before, + 1 within a ms, never behind the clock; a wait changes nothing.
#include "fuzz.hpp"

#include "core/ulid.hpp"

namespace {

using namespace identities;
using namespace identities::fuzz;

// The reference: the value of a ulid text, or the error code it must be refused with.
struct Reading {
	std::optional<Uint128> value;
	ErrorCode code = ErrorCode::Internal;
};

Reading reference_ulid(std::string_view text) {
	if (text.size() != kUlidTextLength)
		return {std::nullopt, ErrorCode::InvalidTextRepresentation};
	std::string bits;
	for (const char c : text) {
		const int value = crockford_base32_value(c);
		if (value < 0)
			return {std::nullopt, ErrorCode::InvalidTextRepresentation};
		for (int bit = 4; bit >= 0; bit--)
			bits.push_back(((value >> bit) & 1) ? '1' : '0');
	}
	if (bits[0] == '1' || bits[1] == '1')
		return {std::nullopt, ErrorCode::NumericValueOutOfRange};
	Uint128 value = 0;
	for (std::size_t i = 2; i < bits.size(); i++)
		value = value * 2 + (bits[i] == '1' ? 1 : 0);
	return {value, ErrorCode::Internal};
}

void check_text(std::string_view text) {
	const auto parsed = attempt([&] { return parse_ulid(text); });
	const Reading reference = reference_ulid(text);
	FUZZ_CHECK(parsed.ok() == reference.value.has_value());
	if (!parsed.ok()) {
		FUZZ_CHECK(parsed.code == reference.code);
		return;
	}
	FUZZ_CHECK(*parsed.value == *reference.value);
	std::string canonical;
	for (const char c : text)
		canonical.push_back(crockford_canonical(c));
	const std::string formatted = format_ulid(*parsed.value);
	FUZZ_CHECK(formatted == canonical);
	FUZZ_CHECK(parse_ulid(formatted) == *parsed.value);
	FUZZ_CHECK(parse_ulid(lower(formatted)) == *parsed.value);
}

void check_value(Uint128 value) {
	const std::string text = format_ulid(value);
	FUZZ_CHECK(text.size() == kUlidTextLength && text[0] <= '7');
	for (const char c : text)
		FUZZ_CHECK(std::string_view(kUlidAlphabet).find(c) != std::string_view::npos);
	FUZZ_CHECK(parse_ulid(text) == value);
	FUZZ_CHECK(reference_ulid(text).value == value);
	FUZZ_CHECK(compose_ulid(ulid_unix_millis(value), ulid_random(value)) == value);
}

constexpr std::int64_t kMillis = kMicrosPerMilli;
std::int64_t reference_floor_millis(std::int64_t micros) { return micros / kMillis - (micros % kMillis < 0 ? 1 : 0); }
std::int64_t reference_ceil_millis(std::int64_t micros) { return micros / kMillis + (micros % kMillis > 0 ? 1 : 0); }
constexpr auto kMaxMillis = static_cast<std::int64_t>(kUlidMaxUnixMillis);

void check_instant(UnixMicros instant, Uint128 random80) {
	const auto boundary = attempt([&] { return ulid_boundary(instant); });
	const std::int64_t ceiling = reference_ceil_millis(instant);
	if (instant <= 0) {
		FUZZ_CHECK(boundary.ok() && *boundary.value == 0);
	} else if (ceiling > kMaxMillis) {
		FUZZ_CHECK(!boundary.ok() && boundary.code == ErrorCode::DatetimeValueOutOfRange);
	} else {
		FUZZ_CHECK(boundary.ok() && ulid_unix_millis(*boundary.value) == static_cast<std::uint64_t>(ceiling) &&
		           ulid_random(*boundary.value) == 0);
	}
	const auto at = attempt([&] { return ulid_at(instant, random80); });
	const std::int64_t floor = reference_floor_millis(instant);
	if (floor < 0 || floor > kMaxMillis) {
		FUZZ_CHECK(!at.ok() && at.code == ErrorCode::DatetimeValueOutOfRange);
	} else {
		FUZZ_CHECK(at.ok() && ulid_unix_millis(*at.value) == static_cast<std::uint64_t>(floor) &&
		           ulid_random(*at.value) == (random80 & kUlidRandomMax));
		// the boundary of the id's own millisecond is at or below it
		FUZZ_CHECK(ulid_boundary(ulid_unix_micros(*at.value)) <= *at.value);
	}
}

void check_generator(const std::uint8_t *bytes, std::size_t size) {
	if (size < 6)
		return;
	UlidState state;
	UnixMicros now = static_cast<UnixMicros>(bytes_value(bytes, 6)) * kMillis; // 0 to 2^48 - 1 ms
	std::optional<Uint128> last;
	for (std::size_t i = 6; i + 3 <= size; i += 3) {
		now += static_cast<std::int8_t>(bytes[i]) * 37;
		Uint128 random80;
		switch (bytes[i + 1] % 4) {
		case 0: random80 = kUlidRandomMax - bytes[i + 2] % 4; break;
		case 1: random80 = 0; break;
		case 2: random80 = (Uint128{bytes[i + 2]} << 72) | bytes[i + 2]; break;
		default: random80 = ~Uint128{0}; break; // bits above the 80 are dropped
		}
		for (int waits = 0; waits < 3; waits++) {
			const UlidState before = state;
			const Step<Uint128> step = step_ulid(state, now, random80);
			const std::int64_t now_millis = reference_floor_millis(now);
			if (step.status == StepStatus::ClockOutOfRange) {
				FUZZ_CHECK(now_millis < 0 || now_millis > kMaxMillis || before.previous_millis == kUlidMaxUnixMillis);
				break;
			}
			if (step.status == StepStatus::Sleep) {
				// only at the end of a ms's random part, with the clock in that ms; nothing changes
				FUZZ_CHECK(static_cast<std::uint64_t>(now_millis) == before.previous_millis &&
				           before.previous_random == kUlidRandomMax);
				FUZZ_CHECK(state.previous_millis == before.previous_millis && state.previous_random == before.previous_random);
				FUZZ_CHECK(step.sleep_micros > 0);
				now += step.sleep_micros;
				continue;
			}
			const Uint128 id = step.id;
			FUZZ_CHECK(!last || id > *last);
			if (last && ulid_unix_millis(id) == ulid_unix_millis(*last))
				FUZZ_CHECK(id == *last + 1);
			FUZZ_CHECK(static_cast<std::int64_t>(ulid_unix_millis(id)) >= now_millis);
			FUZZ_CHECK(state.previous_millis == ulid_unix_millis(id) && state.previous_random == ulid_random(id));
			last = id;
			break;
		}
	}
}

} // namespace

void fuzz_one(std::string_view input) {
	check_text(input);
	const auto *bytes = reinterpret_cast<const std::uint8_t *>(input.data());
	if (input.size() >= 32) {
		const Uint128 first = bytes_value(bytes, 16), second = bytes_value(bytes + 16, 16);
		check_value(first);
		check_value(second);
		// text order is value order
		FUZZ_CHECK((format_ulid(first) < format_ulid(second)) == (first < second));
	}
	if (input.size() >= 8) {
		std::uint64_t raw = 0;
		for (std::size_t i = 0; i < 8; i++)
			raw = (raw << 8) | bytes[i];
		const auto instant = static_cast<std::int64_t>(raw);
		// the whole int64 range, and its low 54 bits (signed) where the ulid range lies
		check_instant(instant, bytes_value(bytes, input.size() >= 16 ? 16 : 8));
		check_instant(static_cast<std::int64_t>(raw << 10) >> 10, 0);
		// a millisecond count of 48 bits, moved by up to 127 us either way: the edges 0 and 2^48 - 1 ms within reach
		check_instant(static_cast<UnixMicros>(bytes_value(bytes, 6)) * kMillis + static_cast<std::int8_t>(bytes[6]), 1);
	}
	check_generator(bytes, input.size());
}
