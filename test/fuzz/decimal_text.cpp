// Decimal text: distributedid's input (parse_distributed_id), the numeric-text path of every numeric cast
// (parse_distributed_id_numeric, parse_siq_numeric, parse_integral_numeric up to 2^128-1 as numeric ->
// DistributedId128 uses it) and parse_decimal itself.
//
// Each parse is compared with a reference written here over the text alone (digits compared as strings, no
// arithmetic): it must accept exactly what the reference accepts, with the error code the header promises, and
// format_decimal(parse(x)) must be x without its leading zeros (and parse that back to the same value).
#include "fuzz.hpp"

#include "core/distributedid.hpp"
#include "core/siq.hpp"

namespace {

using namespace identities;
using namespace identities::fuzz;

// A maximum and its decimal text, the reference's side of the comparison (formatted once).
struct Limit {
	Uint128 value;
	std::string text;

	explicit Limit(Uint128 max) : value(max), text(decimal(max)) {}
};

const Limit kDistributedIdLimit(kDistributedIdMax);
const Limit kSiqLimit(kSiqMax);
const Limit kLimits[] = {kDistributedIdLimit, kSiqLimit, Limit(kUint128Max), Limit(0), Limit(9), Limit(10)};

// parse_decimal against the reference, for one maximum.
void check_parse_decimal(std::string_view text, const Limit &limit) {
	const Uint128 max = limit.value;
	Uint128 value = 12345; // must stay untouched unless Ok
	const ParseStatus status = parse_decimal(text, max, value);
	if (!all_digits(text)) {
		FUZZ_CHECK(status == ParseStatus::Invalid);
		FUZZ_CHECK(value == 12345);
		return;
	}
	if (!digits_within(text, limit.text)) {
		FUZZ_CHECK(status == ParseStatus::OutOfRange);
		FUZZ_CHECK(value == 12345);
		return;
	}
	FUZZ_CHECK(status == ParseStatus::Ok);
	FUZZ_CHECK(value <= max);
	const std::string formatted = decimal(value);
	FUZZ_CHECK(formatted == without_leading_zeros(text));
	Uint128 again = 0;
	FUZZ_CHECK(parse_decimal(formatted, max, again) == ParseStatus::Ok && again == value);
}

// numeric_out's text of an integral numeric: digits, optionally '.' and zeros. Returns the integral digits, or
// nothing when the text is not of that shape.
std::optional<std::string_view> integral_digits(std::string_view text) {
	const std::size_t point = text.find('.');
	const std::string_view integral = text.substr(0, point);
	if (point != std::string_view::npos) {
		const std::string_view fraction = text.substr(point + 1);
		if (fraction.find_first_not_of('0') != std::string_view::npos)
			return std::nullopt;
	}
	if (!all_digits(integral))
		return std::nullopt;
	return integral;
}

void check_parse_integral_numeric(std::string_view text, const Limit &limit) {
	const Uint128 max = limit.value;
	Uint128 value = 12345;
	const ParseStatus status = parse_integral_numeric(text, max, value);
	const auto digits = integral_digits(text);
	if (!digits) {
		FUZZ_CHECK(status == ParseStatus::Invalid);
		return;
	}
	if (!digits_within(*digits, limit.text)) {
		FUZZ_CHECK(status == ParseStatus::OutOfRange);
		return;
	}
	FUZZ_CHECK(status == ParseStatus::Ok);
	FUZZ_CHECK(decimal(value) == without_leading_zeros(*digits));
}

void check_distributed_id_text(std::string_view text) {
	const auto parsed = attempt([&] { return parse_distributed_id(text); });
	const std::string_view trimmed = reference_trim(text);
	if (!all_digits(trimmed)) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::InvalidTextRepresentation);
		return;
	}
	if (!digits_within(trimmed, kDistributedIdLimit.text)) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::NumericValueOutOfRange);
		return;
	}
	FUZZ_CHECK(parsed.ok());
	const std::string formatted = decimal(*parsed.value); // distributedid_out
	FUZZ_CHECK(formatted == without_leading_zeros(trimmed));
	FUZZ_CHECK(parse_distributed_id(formatted) == *parsed.value);
	// The stored form: 12 big-endian bytes that read back as the same id.
	std::uint8_t bytes[kDistributedIdSize];
	store_distributed_id(*parsed.value, bytes);
	FUZZ_CHECK(load_distributed_id(bytes) == *parsed.value);
	FUZZ_CHECK(bytes_value(bytes, sizeof bytes) == *parsed.value);
}

// Every numeric cast: anything but an integral numeric in range is 22003 (the cast's own message).
template <typename Parse> void check_numeric_cast(std::string_view text, const Limit &limit, Parse parse) {
	const Uint128 max = limit.value;
	const auto parsed = attempt([&] { return parse(text); });
	const auto digits = integral_digits(text);
	if (!digits || !digits_within(*digits, limit.text)) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::NumericValueOutOfRange);
		return;
	}
	FUZZ_CHECK(parsed.ok());
	FUZZ_CHECK(*parsed.value <= max);
	FUZZ_CHECK(decimal(*parsed.value) == without_leading_zeros(*digits));
	FUZZ_CHECK(parse(decimal(*parsed.value)) == *parsed.value); // numeric_out of the value reads back
}

} // namespace

void fuzz_one(std::string_view input) {
	FUZZ_CHECK(trim_space(input) == reference_trim(input));
	check_distributed_id_text(input);
	check_numeric_cast(input, kDistributedIdLimit,
	                   [](std::string_view text) { return parse_distributed_id_numeric(text); });
	check_numeric_cast(input, kDistributedIdLimit, [](std::string_view text) {
		return parse_distributed_id_numeric(text, "the alphanumeric encoding");
	});
	check_numeric_cast(input, kSiqLimit, [](std::string_view text) { return parse_siq_numeric(text); });
	for (const Limit &limit : kLimits) {
		check_parse_decimal(input, limit);
		check_parse_integral_numeric(input, limit);
	}
}
