// Architect's id encoders: the alphanumeric (base62) and hexadecimal decoders of a uint64, a decimal and a
// uint128 (alphanumeric_to_* and hexadecimal_to_*), and their encoders.
//
// A reference decoder written here (digit by digit over a wide integer, refusing any block above 2^64-1 and any
// decimal above 10^28-1) decides what must be accepted and the value; accepted text encodes back to itself
// (alphanumeric: exactly, the alphabet is case-sensitive; hexadecimal: in uppercase). The input's first 16 bytes,
// read as numbers, are encoded by each encoder and must decode back.
#include "fuzz.hpp"

#include "core/encoders.hpp"

#include <algorithm>
#include <memory>

namespace {

using namespace identities;
using namespace identities::fuzz;

int base62_value(char c) noexcept {
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 36;
	return -1;
}

int hex_value(char c) noexcept {
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

// One block: its digits in the base, refused above 2^64-1 (which .NET would wrap).
template <typename ValueOf>
std::optional<std::uint64_t> reference_block(std::string_view digits, unsigned base, ValueOf value_of) {
	Uint128 value = 0;
	for (const char c : digits) {
		const int digit = value_of(c);
		if (digit < 0)
			return std::nullopt;
		value = value * base + static_cast<unsigned>(digit);
		if (value > ~std::uint64_t{0}) // at most 11 base62 or 16 hex digits: no 128-bit overflow before this
			return std::nullopt;
	}
	return static_cast<std::uint64_t>(value);
}

// Two blocks, the first high_length digits long.
template <typename ValueOf>
std::optional<Uint128> reference_two_blocks(std::string_view text, std::size_t high_length, std::size_t low_length,
                                            unsigned base, ValueOf value_of) {
	if (text.size() != high_length + low_length)
		return std::nullopt;
	const auto high = reference_block(text.substr(0, high_length), base, value_of);
	const auto low = reference_block(text.substr(high_length), base, value_of);
	if (!high || !low)
		return std::nullopt;
	return (static_cast<Uint128>(*high) << 64) | *low;
}

struct Encoder {
	unsigned base;
	int (*value_of)(char) noexcept;
	bool uppercase_only_out; // hexadecimal writes uppercase and reads either case
	std::size_t uint64_length, decimal_length, uint128_length;
	void (*to_uint64)(std::uint64_t, char *) noexcept;
	void (*to_decimal)(Uint128, char *) noexcept;
	void (*to_uint128)(Uint128, char *) noexcept;
	std::optional<std::uint64_t> (*from_uint64)(std::string_view) noexcept;
	std::optional<Uint128> (*from_decimal)(std::string_view) noexcept;
	std::optional<Uint128> (*from_uint128)(std::string_view) noexcept;
};

const Encoder kAlphanumeric{62,
                            base62_value,
                            false,
                            kAlphanumericUint64Length,
                            kAlphanumericDecimalLength,
                            kAlphanumericUint128Length,
                            to_alphanumeric_uint64,
                            to_alphanumeric_decimal,
                            to_alphanumeric_uint128,
                            alphanumeric_to_uint64,
                            alphanumeric_to_decimal,
                            alphanumeric_to_uint128};
const Encoder kHexadecimal{16,
                           hex_value,
                           true,
                           kHexadecimalUint64Length,
                           kHexadecimalDecimalLength,
                           kHexadecimalUint128Length,
                           to_hexadecimal_uint64,
                           to_hexadecimal_decimal,
                           to_hexadecimal_uint128,
                           hexadecimal_to_uint64,
                           hexadecimal_to_decimal,
                           hexadecimal_to_uint128};

// What encoding a value must give back for accepted text.
std::string expected_text(const Encoder &encoder, std::string_view text) {
	return encoder.uppercase_only_out ? upper(text) : std::string(text);
}

// The encoder's output into a heap buffer of exactly its length (ASan sees a write past it).
template <typename Value> std::string encoded(void (*encode)(Value, char *) noexcept, Value value, std::size_t length) {
	const std::unique_ptr<char[]> buffer(new char[length]);
	encode(value, buffer.get());
	return std::string(buffer.get(), length);
}

void check_text(const Encoder &encoder, std::string_view text) {
	const auto uint64 = encoder.from_uint64(text);
	std::optional<std::uint64_t> reference64;
	if (text.size() == encoder.uint64_length)
		reference64 = reference_block(text, encoder.base, encoder.value_of);
	FUZZ_CHECK(uint64 == reference64);
	if (uint64)
		FUZZ_CHECK(encoded(encoder.to_uint64, *uint64, encoder.uint64_length) == expected_text(encoder, text));

	const std::size_t decimal_high = encoder.decimal_length - encoder.uint64_length;
	auto reference_decimal =
	    reference_two_blocks(text, decimal_high, encoder.uint64_length, encoder.base, encoder.value_of);
	if (reference_decimal && *reference_decimal > kDecimal28Max)
		reference_decimal.reset();
	const auto decimal_value = encoder.from_decimal(text);
	FUZZ_CHECK(decimal_value == reference_decimal);
	if (decimal_value)
		FUZZ_CHECK(encoded(encoder.to_decimal, *decimal_value, encoder.decimal_length) == expected_text(encoder, text));

	const auto uint128 = encoder.from_uint128(text);
	FUZZ_CHECK(uint128 == reference_two_blocks(text, encoder.uint64_length, encoder.uint64_length, encoder.base,
	                                           encoder.value_of));
	if (uint128)
		FUZZ_CHECK(encoded(encoder.to_uint128, *uint128, encoder.uint128_length) == expected_text(encoder, text));
}

void check_value(const Encoder &encoder, Uint128 value) {
	const auto low = static_cast<std::uint64_t>(value);
	const std::string uint64 = encoded(encoder.to_uint64, low, encoder.uint64_length);
	FUZZ_CHECK(encoder.from_uint64(uint64) == low);
	const Uint128 decimal_value = value % (kDecimal28Max + 1);
	const std::string decimal_text = encoded(encoder.to_decimal, decimal_value, encoder.decimal_length);
	FUZZ_CHECK(encoder.from_decimal(decimal_text) == decimal_value);
	const std::string uint128 = encoded(encoder.to_uint128, value, encoder.uint128_length);
	FUZZ_CHECK(encoder.from_uint128(uint128) == value);
	if (encoder.uppercase_only_out) {
		FUZZ_CHECK(encoder.from_uint128(lower(uint128)) == value);
		FUZZ_CHECK(uint128.find_first_not_of("0123456789ABCDEF") == std::string::npos);
	}
	// Both encoders keep numeric order in string order: the decimal's leading block is padded.
	const Uint128 next = decimal_value == kDecimal28Max ? 0 : decimal_value + 1;
	const std::string next_text = encoded(encoder.to_decimal, next, encoder.decimal_length);
	FUZZ_CHECK((next > decimal_value) == (next_text > decimal_text));
}

} // namespace

void fuzz_one(std::string_view input) {
	check_text(kAlphanumeric, input);
	check_text(kHexadecimal, input);
	const Uint128 value =
	    bytes_value(reinterpret_cast<const std::uint8_t *>(input.data()), std::min<std::size_t>(input.size(), 16));
	check_value(kAlphanumeric, value);
	check_value(kHexadecimal, value);
}
