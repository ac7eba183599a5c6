// numeric's binary form, the wire form of distributedid and siq: exactly numeric_send's bytes for every edge value,
// every valid form of an integer read back, and every malformed or refused form with its SQLSTATE.
#include "core/numeric_wire.hpp"

#include "core/error.hpp"
#include "core/uint128.hpp"

#include "errors.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace identities {
namespace {

using testing::error_code_of;

constexpr Uint128 kDecimalMax = pow10_u128(28) - 1;
constexpr Uint128 kSiqMax = (static_cast<Uint128>(1) << 112) - 1;
constexpr const char *kDetail = "the range";

using Bytes = std::vector<std::uint8_t>;

void put16(Bytes &bytes, unsigned value) {
	bytes.push_back(static_cast<std::uint8_t>(value >> 8));
	bytes.push_back(static_cast<std::uint8_t>(value));
}

Bytes form(unsigned ndigits, int weight, unsigned sign, unsigned dscale, const std::vector<unsigned> &digits) {
	Bytes bytes;
	put16(bytes, ndigits);
	put16(bytes, static_cast<unsigned>(weight) & 0xFFFF);
	put16(bytes, sign);
	put16(bytes, dscale);
	for (unsigned digit : digits)
		put16(bytes, digit);
	return bytes;
}

Bytes form(int weight, unsigned sign, unsigned dscale, const std::vector<unsigned> &digits) {
	return form(static_cast<unsigned>(digits.size()), weight, sign, dscale, digits);
}

// numeric_send's bytes of a non-negative integer, from its decimal digits (an implementation independent of the
// core's: groups of four decimal digits from the right, trailing zero groups dropped).
Bytes reference_form(const std::string &decimal) {
	if (decimal == "0")
		return form(0, 0, 0, {});
	std::string padded = std::string((4 - decimal.size() % 4) % 4, '0') + decimal;
	std::vector<unsigned> digits;
	for (std::size_t i = 0; i < padded.size(); i += 4)
		digits.push_back(static_cast<unsigned>(std::stoul(padded.substr(i, 4))));
	const int weight = static_cast<int>(digits.size()) - 1;
	while (digits.back() == 0)
		digits.pop_back();
	return form(weight, 0, 0, digits);
}

std::string decimal(Uint128 value) {
	char text[kDecimalBufferSize];
	format_decimal(value, text);
	return text;
}

Bytes encode(Uint128 value) {
	std::uint8_t out[kNumericWireMaxSize];
	return Bytes(out, out + encode_numeric_wire(value, out));
}

Uint128 decode(const Bytes &bytes, Uint128 max = kSiqMax) {
	return decode_numeric_wire(bytes.data(), bytes.size(), max, "siq", kDetail);
}

ErrorCode decode_error(const Bytes &bytes, Uint128 max = kSiqMax, std::string *message = nullptr,
                       std::string *detail = nullptr) {
	return error_code_of([&] { decode(bytes, max); }, message, detail);
}

const std::vector<Uint128> &edge_values() {
	static const std::vector<Uint128> values = {
	    0,
	    1,
	    7,
	    9999,
	    10000,
	    10001,
	    99999999,
	    100000000,
	    (static_cast<Uint128>(1) << 63) - 1,
	    static_cast<Uint128>(1) << 63,
	    ~std::uint64_t{0},
	    static_cast<Uint128>(1) << 64,
	    (static_cast<Uint128>(1) << 64) + 1,
	    pow10_u128(16),
	    pow10_u128(16) - 1,
	    pow10_u128(20),
	    pow10_u128(24),
	    pow10_u128(27) + 1,
	    kDecimalMax,
	    pow10_u128(28),
	    (static_cast<Uint128>(1) << 93) - 1,
	    (static_cast<Uint128>(1) << 96) - 1,
	    kSiqMax,
	    static_cast<Uint128>(1) << 112,
	    pow10_u128(32),
	    pow10_u128(36),
	    pow10_u128(38),
	    kUint128Max,
	};
	return values;
}

TEST(NumericWire, EncodesExactlyWhatNumericSendSends) {
	EXPECT_EQ(encode(0), form(0, 0, 0, 0, {}));
	EXPECT_EQ(encode(7), form(0, 0, 0, {7}));
	EXPECT_EQ(encode(9999), form(0, 0, 0, {9999}));
	EXPECT_EQ(encode(10000), form(1, 0, 0, {1}));
	EXPECT_EQ(encode(10001), form(1, 0, 0, {1, 1}));
	EXPECT_EQ(encode(pow10_u128(24)), form(6, 0, 0, {1}));
	EXPECT_EQ(encode(kDecimalMax), form(6, 0, 0, {9999, 9999, 9999, 9999, 9999, 9999, 9999}));
	// 2^63 - 1 = 922 3372 0368 5477 5807
	EXPECT_EQ(encode((static_cast<Uint128>(1) << 63) - 1), form(4, 0, 0, {922, 3372, 368, 5477, 5807}));
	// 2^64 = 1844 6744 0737 0955 1616
	EXPECT_EQ(encode(static_cast<Uint128>(1) << 64), form(4, 0, 0, {1844, 6744, 737, 955, 1616}));
	// 2^112 - 1 = 51 9229 6858 5348 2762 8530 4963 2922 0095
	EXPECT_EQ(encode(kSiqMax), form(8, 0, 0, {51, 9229, 6858, 5348, 2762, 8530, 4963, 2922, 95}));
	for (Uint128 value : edge_values())
		EXPECT_EQ(encode(value), reference_form(decimal(value))) << decimal(value);
	for (int exponent = 0; exponent <= 38; exponent++) {
		EXPECT_EQ(encode(pow10_u128(exponent)), reference_form(decimal(pow10_u128(exponent)))) << exponent;
		EXPECT_EQ(encode(pow10_u128(exponent) - 1), reference_form(decimal(pow10_u128(exponent) - 1))) << exponent;
	}
	for (int bits = 1; bits <= 127; bits++) {
		const Uint128 power = static_cast<Uint128>(1) << bits;
		EXPECT_EQ(encode(power - 1), reference_form(decimal(power - 1))) << bits;
		EXPECT_EQ(encode(power), reference_form(decimal(power))) << bits;
	}
}

TEST(NumericWire, RoundTripsEveryEdgeValue) {
	for (Uint128 value : edge_values())
		EXPECT_TRUE(decode(encode(value), kUint128Max) == value) << decimal(value);
	std::uint64_t state = 0x9E3779B97F4A7C15ULL; // splitmix64: many values of every size
	for (int i = 0; i < 100000; i++) {
		const auto next = [&state] {
			std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
			z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
			z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
			return z ^ (z >> 31);
		};
		const Uint128 value = ((static_cast<Uint128>(next()) << 64) | next()) >> (i % 128);
		ASSERT_TRUE(decode(encode(value), kUint128Max) == value) << decimal(value);
		ASSERT_EQ(encode(value), reference_form(decimal(value))) << decimal(value);
	}
}

TEST(NumericWire, ReadsEveryValidFormOfAnInteger) {
	EXPECT_TRUE(decode(form(0, 0, 2, {7, 0})) == 7);        // 7.00 (dscale 2, a zero fractional digit sent)
	EXPECT_TRUE(decode(form(0, 0, 2, {7})) == 7);           // 7.00 as numeric_send sends it
	EXPECT_TRUE(decode(form(2, 0, 0, {0, 0, 7})) == 7);     // leading zero digits
	EXPECT_TRUE(decode(form(1, 0, 0, {1, 0, 0})) == 10000); // trailing zero digits, fractional ones too
	EXPECT_TRUE(decode(form(0, 5, 0, 0, {})) == 0);         // zero with any weight
	EXPECT_TRUE(decode(form(3, 0x4000, 0, {0, 0})) == 0);   // negative zero
	EXPECT_TRUE(decode(form(-1, 0, 4, {0})) == 0);          // 0.0000
	EXPECT_TRUE(decode(form(0, 0, 0x3FFF, {42})) == 42);    // numeric's largest dscale
	EXPECT_TRUE(decode(form(30000, 0, 0, {0, 0})) == 0);    // zeros far left
	EXPECT_TRUE(decode(form(8, 0, 0, {51})) == 51 * pow10_u128(32));
	EXPECT_TRUE(decode(encode(kDecimalMax), kDecimalMax) == kDecimalMax);
}

TEST(NumericWire, RefusesValuesOfNoIdAsTheCastDoes) {
	std::string message, detail;
	EXPECT_EQ(decode_error(form(0, 0x4000, 0, {1}), kSiqMax, &message, &detail), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value -1 is out of range for type siq");
	EXPECT_EQ(detail, kDetail);
	EXPECT_EQ(decode_error(form(0, 0, 1, {1, 5000}), kSiqMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value 1.5 is out of range for type siq");
	EXPECT_EQ(decode_error(form(0, 0, 0, {1, 5000}), kSiqMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value 1.5 is out of range for type siq"); // the fraction shown, past dscale
	EXPECT_EQ(decode_error(form(-1, 0, 4, {1}), kSiqMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value 0.0001 is out of range for type siq");
	EXPECT_EQ(decode_error(form(-2, 0x4000, 8, {1}), kSiqMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value -0.00000001 is out of range for type siq");
	EXPECT_EQ(decode_error(form(0, 0, 0xC000, 0, {}), kSiqMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value NaN is out of range for type siq");
	EXPECT_EQ(decode_error(form(0, 0, 0xD000, 0, {}), kSiqMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value Infinity is out of range for type siq");
	EXPECT_EQ(decode_error(form(0, 0, 0xF000, 0, {}), kSiqMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value -Infinity is out of range for type siq");
	// one past the top of each type
	EXPECT_EQ(decode_error(encode(pow10_u128(28)), kDecimalMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value 10000000000000000000000000000 is out of range for type siq");
	EXPECT_EQ(decode_error(encode(kDecimalMax + 1), kDecimalMax), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(decode_error(encode(kSiqMax + 1), kSiqMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "numeric value 5192296858534827628530496329220096 is out of range for type siq");
	EXPECT_EQ(decode_error(encode(kUint128Max)), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(decode_error(form(9, 0, 0, {1})), ErrorCode::NumericValueOutOfRange);  // 10^36
	EXPECT_EQ(decode_error(form(40, 0, 0, {1})), ErrorCode::NumericValueOutOfRange); // 10^160, past 2^128
	EXPECT_EQ(decode_error(form(32767, 0, 0, {1}), kSiqMax, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message.size(), std::string("numeric value  is out of range for type siq").size() + 63); // cut, "..."
	EXPECT_EQ(decode_error(form(30000, 0, 0, {0, 0, 1})), ErrorCode::NumericValueOutOfRange);
	// every value above 10^28 - 1 is refused as a distributedid, every one up to it taken
	EXPECT_TRUE(decode(encode(kDecimalMax), kDecimalMax) == kDecimalMax);
	EXPECT_EQ(decode_error(form(6, 0, 0, {9999, 9999, 9999, 9999, 9999, 9999, 9999, 1}), kDecimalMax),
	          ErrorCode::NumericValueOutOfRange); // 10^28 - 1 and a fraction
}

TEST(NumericWire, RefusesMalformedFormsAsInvalidBinary) {
	std::string message, detail;
	EXPECT_EQ(decode_error(Bytes{}, kSiqMax, &message, &detail), ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(message, "invalid binary numeric value for type siq");
	EXPECT_EQ(detail, "The value is 0 bytes long, shorter than the 8-byte header of numeric's binary form.");
	EXPECT_EQ(decode_error(Bytes(7, 0)), ErrorCode::InvalidBinaryRepresentation);
	// ndigits that does not match the length, either way
	EXPECT_EQ(decode_error(form(2, 0, 0, 0, {7}), kSiqMax, nullptr, &detail), ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(detail, "Its header announces 2 digits, which take 12 bytes, but the value is 10 bytes long.");
	EXPECT_EQ(decode_error(form(1, 0, 0, 0, {7, 7})), ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(decode_error(form(0xFFFF, 0, 0, 0, {7})), ErrorCode::InvalidBinaryRepresentation); // "negative"
	// a digit above 9999
	EXPECT_EQ(decode_error(form(1, 0, 0, {1, 10000}), kSiqMax, nullptr, &detail),
	          ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(detail, "Its digit 2 is 10000, above 9999 (digits are base 10000).");
	EXPECT_EQ(decode_error(form(0, 0, 0, {0xFFFF})), ErrorCode::InvalidBinaryRepresentation);
	// a sign none of numeric's
	EXPECT_EQ(decode_error(form(0, 0x8000, 0, {1}), kSiqMax, nullptr, &detail), ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(detail, "Its sign field is 0x8000, none of numeric's (0x0000, 0x4000, 0xC000, 0xD000, 0xF000).");
	EXPECT_EQ(decode_error(form(0, 0x0001, 0, {1})), ErrorCode::InvalidBinaryRepresentation);
	// a dscale above numeric's
	EXPECT_EQ(decode_error(form(0, 0, 0x4000, {1})), ErrorCode::InvalidBinaryRepresentation);
	// the raw forms of 0.1.0: 12 and 14 bytes
	EXPECT_EQ(decode_error(Bytes(12, 0xFF)), ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(decode_error(Bytes(14, 0x00)), ErrorCode::InvalidBinaryRepresentation);
}

TEST(NumericWire, FormatsAsNumericOut) {
	const auto formatted = [](const Bytes &bytes) { return format_numeric_wire(bytes.data(), bytes.size()); };
	EXPECT_EQ(formatted(encode(0)), "0");
	EXPECT_EQ(formatted(encode(10000)), "10000");
	EXPECT_EQ(formatted(encode(kDecimalMax)), "9999999999999999999999999999");
	EXPECT_EQ(formatted(form(0, 0, 2, {7})), "7.00");
	EXPECT_EQ(formatted(form(0, 0x4000, 3, {1, 5000})), "-1.500");
	EXPECT_EQ(formatted(form(2, 0, 0, {0, 0, 7})), "7");
	EXPECT_EQ(formatted(form(-1, 0, 0, {123})), "0.0123");
	EXPECT_EQ(error_code_of([&] { formatted(Bytes(3, 0)); }), ErrorCode::InvalidBinaryRepresentation);
}

// 0.1.0's raw form, as the new library serves it: the two forms never taken for each other.
Bytes raw(Uint128 value, std::size_t size) {
	Bytes bytes(size);
	for (std::size_t i = 0; i < size; i++)
		bytes[size - 1 - i] = static_cast<std::uint8_t>(value >> (8 * i));
	return bytes;
}

struct RawType {
	std::size_t size;
	Uint128 max;
};
constexpr RawType kRawTypes[] = {{12, kDecimalMax}, {14, kSiqMax}};

ErrorCode raw_receive_error(const Bytes &bytes, const RawType &type, std::string *detail = nullptr,
                            std::string *hint = nullptr) {
	return error_code_of([&] { check_raw_wire_receive(bytes.data(), bytes.size(), type.size, type.max, "siq"); },
	                     nullptr, detail, hint);
}

bool raw_send_refuses(const Bytes &bytes, const RawType &type) {
	try {
		check_raw_wire_send(bytes.data(), type.size, type.max, "siq");
		return false;
	} catch (const Error &error) {
		EXPECT_EQ(error.code(), ErrorCode::InvalidBinaryRepresentation);
		return true;
	}
}

bool numeric_receive_takes(const Bytes &bytes, Uint128 max) {
	try {
		decode(bytes, max);
		return true;
	} catch (const Error &) {
		return false;
	}
}

TEST(RawWire, RefusesEveryNumericFormItCouldBeGiven) {
	// whatever a 0.2.0 sender sends, a 0.1.0 receiver refuses: by its length, or as numeric's form of that value
	for (const RawType &type : kRawTypes)
		for (Uint128 value : edge_values())
			if (value <= type.max)
				EXPECT_EQ(raw_receive_error(encode(value), type), ErrorCode::InvalidBinaryRepresentation)
				    << decimal(value);
	std::string detail, hint;
	EXPECT_EQ(raw_receive_error(encode(10001), kRawTypes[0], &detail, &hint), ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(detail, "Its 12 bytes are also numeric's binary form of 10001, which identities 0.2.0 and later send.");
	EXPECT_NE(hint.find("ALTER EXTENSION identities UPDATE"), std::string::npos);
	EXPECT_EQ(raw_receive_error(encode(123456789012), kRawTypes[1], &detail), ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(detail, "Its 14 bytes are also numeric's binary form of 123456789012, which identities 0.2.0 and later "
	                  "send.");
	EXPECT_EQ(raw_receive_error(encode(pow10_u128(27) + 1), kRawTypes[0], &detail),
	          ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(detail, "The value is 22 bytes long; that form has 12.");
	EXPECT_EQ(raw_receive_error(Bytes(13, 0), kRawTypes[0]), ErrorCode::InvalidBinaryRepresentation);
}

TEST(RawWire, NeverSendsWhatNumericsReceiveWouldMisread) {
	std::uint64_t state = 0x2545F4914F6CDD1DULL;
	const auto next = [&state] {
		std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
		return z ^ (z >> 31);
	};
	for (const RawType &type : kRawTypes) {
		const int bits = static_cast<int>(8 * type.size);
		// the raw forms that are also numeric's (ndigits 2 or 3 in the first two bytes), and random values of every
		// size: each is sent and received back as itself, or refused both ways; never taken by numeric's receive
		std::vector<Bytes> samples;
		for (Uint128 value : edge_values())
			if (value <= type.max)
				samples.push_back(encode(value).size() == type.size ? encode(value) : raw(value, type.size));
		for (int i = 0; i < 200000; i++) {
			Uint128 value = ((static_cast<Uint128>(next()) << 64) | next()) >> (128 - bits + i % bits);
			if (i % 2 == 0) // ndigits of numeric's form of this length, then any header and digits
				value = (value & ((static_cast<Uint128>(1) << (bits - 16)) - 1)) |
				        (static_cast<Uint128>((type.size - kNumericWireHeaderSize) / 2) << (bits - 16));
			if (value <= type.max)
				samples.push_back(raw(value, type.size));
		}
		int refused = 0;
		for (const Bytes &bytes : samples) {
			const bool numeric = numeric_receive_takes(bytes, type.max);
			ASSERT_EQ(raw_send_refuses(bytes, type), numeric);
			if (numeric) {
				refused++;
				ASSERT_EQ(raw_receive_error(bytes, type), ErrorCode::InvalidBinaryRepresentation);
			} else {
				check_raw_wire_receive(bytes.data(), bytes.size(), type.size, type.max, "siq");
			}
		}
		EXPECT_GT(refused, 200) << type.size; // the crafted half reaches the refusal
	}
	// from their first two bytes, values above 3 * 2^80 (distributedid) or 4 * 2^96 (siq), every generated id,
	// have a raw form that is no numeric's
	EXPECT_FALSE(raw_send_refuses(raw(pow10_u128(27), 12), kRawTypes[0]));
	EXPECT_FALSE(raw_send_refuses(raw(static_cast<Uint128>(4) << 96, 14), kRawTypes[1]));
	std::string message, detail;
	EXPECT_EQ(error_code_of([] { check_raw_wire_send(encode(10001).data(), 12, kDecimalMax, "distributedid"); },
	                        &message, &detail),
	          ErrorCode::InvalidBinaryRepresentation);
	EXPECT_EQ(message, "value of type distributedid has no unambiguous binary form in identities 0.1.0");
	EXPECT_EQ(detail, "Its 12 bytes are also numeric's binary form of 10001, which identities 0.2.0 and later send.");
}

} // namespace
} // namespace identities
