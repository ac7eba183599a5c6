// uuid text: parse_uuid_text (what uuid_in accepts, used by every uuid-shaped input), the iuid type's input
// (parse_iuid) and LUUID's short form (parse_luuid_short).
//
// Each is compared with a reference written here: uuid text is 32 hex digits in either case, one optional '-'
// after any group of four, the whole optionally in {}; parse must accept exactly that, format_uuid of the value
// must be the digits in lowercase 8-4-4-4-12, and that text must parse back to the same value. parse_iuid
// accepts exactly the uuid texts whose value has the iuid shape (version 8, variant 10, by the bytes), and
// refuses the rest with 22P02. The short form: 1 to 12 hex digits, formatted back in lowercase without leading
// zeros.
#include "fuzz.hpp"

#include "core/encoders.hpp"
#include "core/iuid.hpp"
#include "core/luuid.hpp"

namespace {

using namespace identities;
using namespace identities::fuzz;

bool is_hex(char c) noexcept { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// The reference: the 32 hex digits of a valid uuid text, or nothing.
std::optional<std::string> reference_uuid_digits(std::string_view text) {
	if (!text.empty() && text.front() == '{') {
		if (text.size() < 2 || text.back() != '}')
			return std::nullopt;
		text = text.substr(1, text.size() - 2);
	}
	std::string digits;
	bool previous_hyphen = false;
	for (const char c : text) {
		if (is_hex(c)) {
			digits.push_back(ascii_lower(c));
			previous_hyphen = false;
		} else if (c == '-' && !previous_hyphen && !digits.empty() && digits.size() % 4 == 0 && digits.size() < 32) {
			previous_hyphen = true;
		} else {
			return std::nullopt;
		}
		if (digits.size() > 32)
			return std::nullopt;
	}
	if (digits.size() != 32 || previous_hyphen)
		return std::nullopt;
	return digits;
}

std::string canonical_uuid(const std::string &digits) {
	return digits.substr(0, 8) + "-" + digits.substr(8, 4) + "-" + digits.substr(12, 4) + "-" + digits.substr(16, 4) +
	       "-" + digits.substr(20);
}

void check_uuid_text(std::string_view text) {
	Uint128 value = 12345;
	const bool ok = parse_uuid_text(text, value);
	const auto digits = reference_uuid_digits(text);
	FUZZ_CHECK(ok == digits.has_value());
	if (!ok) {
		FUZZ_CHECK(value == 12345);
		return;
	}
	std::uint8_t bytes[16];
	store_big_endian(value, bytes, 16);
	const std::string formatted = format_uuid(bytes);
	FUZZ_CHECK(formatted == canonical_uuid(*digits));
	Uint128 again = 0;
	FUZZ_CHECK(parse_uuid_text(formatted, again) && again == value);
	// The other accepted spellings of the same value read the same.
	FUZZ_CHECK(parse_uuid_text(upper(formatted), again) && again == value);
	FUZZ_CHECK(parse_uuid_text("{" + *digits + "}", again) && again == value);
}

void check_iuid_text(std::string_view text) {
	const auto parsed = attempt([&] { return parse_iuid(text); });
	Uint128 value = 0;
	if (!parse_uuid_text(text, value)) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::InvalidTextRepresentation);
		return;
	}
	std::uint8_t bytes[kIuidSize];
	store_big_endian(value, bytes, kIuidSize);
	const bool iuid_shape = (bytes[6] >> 4) == 8 && (bytes[8] >> 6) == 0b10; // version 8, variant 10
	if (!iuid_shape) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::InvalidTextRepresentation);
		return;
	}
	FUZZ_CHECK(parsed.ok() && *parsed.value == value);
	FUZZ_CHECK(parse_iuid(format_uuid(bytes)) == value); // iuid_out reads back
	// The fields read back compose the same id.
	FUZZ_CHECK(compose_iuid(iuid_unix_millis(value), iuid_format_version(value), iuid_country(value),
	                        iuid_service_entity(value), iuid_random(value)) == value);
}

void check_luuid_short(std::string_view text) {
	const auto key = parse_luuid_short(text);
	bool reference = !text.empty() && text.size() <= 12;
	for (const char c : text)
		reference = reference && is_hex(c);
	FUZZ_CHECK(key.has_value() == reference);
	if (!key)
		return;
	FUZZ_CHECK(*key <= kLuuidKeyMax);
	char formatted[kLuuidShortBufferSize];
	const std::size_t length = format_luuid_short(*key, formatted);
	FUZZ_CHECK(length >= 1 && length <= 12 && formatted[length] == '\0');
	FUZZ_CHECK(std::string_view(formatted, length) == without_leading_zeros(lower(text)));
	FUZZ_CHECK(parse_luuid_short(std::string_view(formatted, length)) == key);
}

} // namespace

void fuzz_one(std::string_view input) {
	check_uuid_text(input);
	check_iuid_text(input);
	check_luuid_short(input);
}
