#include "core/encoders.hpp"
#include "core/uint128.hpp"

#include "vectors.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace identities {
namespace {

TEST(Encoding, FormatsUuidBytesCanonically) {
	const std::uint8_t bytes[16] = {0x00, 0x00, 0x00, 0x00, 0x03, 0x71, 0xb0, 0x65,
	                                0x0c, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0xff};
	EXPECT_EQ(format_uuid(bytes), "00000000-0371-b065-0c00-0100000000ff");
}

TEST(Encoding, ByteaExcerptsStopAfter32Bytes) {
	const std::uint8_t two[2] = {0x01, 0xab};
	EXPECT_EQ(format_bytea_excerpt(two, 2), "\\x01ab");
	EXPECT_EQ(format_bytea_excerpt(two, 0), "\\x");
	const std::vector<std::uint8_t> many(100000, 0xab);
	std::string expected = "\\x";
	for (int i = 0; i < 32; i++)
		expected += "ab";
	EXPECT_EQ(format_bytea_excerpt(many.data(), many.size()), expected + "...");
}

// Architect's AlphanumericIdEncoder and HexadecimalIdEncoder: the format's specification and 6.

constexpr char kAlphanumericAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

Uint128 u128(std::string_view digits) {
	Uint128 value = 0;
	EXPECT_EQ(parse_decimal(digits, kUint128Max, value), ParseStatus::Ok) << digits;
	return value;
}

// A uuid's string-order bytes read as a big-endian integer, as Architect's Guid <-> UInt128.
Uint128 uuid_value(std::string_view uuid) {
	Uint128 value = 0;
	for (char c : uuid) {
		if (c == '-')
			continue;
		value = (value << 4) | static_cast<unsigned>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return value;
}

std::string decimal_text(Uint128 value) {
	char digits[kDecimalBufferSize];
	format_decimal(value, digits);
	return digits;
}

// Decoded values as text, so failures print readable numbers; "none" when the decoder refused.
std::string decoded(std::optional<Uint128> value) { return value ? decimal_text(*value) : "none"; }
std::string decoded(std::optional<std::uint64_t> value) { return value ? decimal_text(*value) : "none"; }

std::string upper(std::string text) {
	for (char &c : text)
		c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
	return text;
}

std::string lower(std::string text) {
	for (char &c : text)
		c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
	return text;
}

// Runs an encoder into a guarded buffer, checking it writes exactly length chars (and no NUL after them).
template <typename Value> std::string encoded(void (*encode)(Value, char *) noexcept, Value value, std::size_t length) {
	char buffer[64];
	std::fill(std::begin(buffer), std::end(buffer), '#');
	encode(value, buffer);
	EXPECT_EQ(std::count(buffer, buffer + length, '#'), 0) << "short write";
	EXPECT_EQ(std::count(buffer + length, std::end(buffer), '#'), static_cast<std::ptrdiff_t>(sizeof buffer - length))
	    << "wrote past " << length << " chars";
	return std::string(buffer, length);
}

std::string alphanumeric_uint64(std::uint64_t value) {
	return encoded(to_alphanumeric_uint64, value, kAlphanumericUint64Length);
}
std::string alphanumeric_decimal(Uint128 value) {
	return encoded(to_alphanumeric_decimal, value, kAlphanumericDecimalLength);
}
std::string alphanumeric_uint128(Uint128 value) {
	return encoded(to_alphanumeric_uint128, value, kAlphanumericUint128Length);
}
std::string hexadecimal_uint64(std::uint64_t value) {
	return encoded(to_hexadecimal_uint64, value, kHexadecimalUint64Length);
}
std::string hexadecimal_decimal(Uint128 value) {
	return encoded(to_hexadecimal_decimal, value, kHexadecimalDecimalLength);
}
std::string hexadecimal_uint128(Uint128 value) {
	return encoded(to_hexadecimal_uint128, value, kHexadecimalUint128Length);
}

// The known answers of test/vectors/encoders.tsv: type bigint is the uint64 codec, numeric the decimal one, uuid the
// uint128 one (the uuid's string-order bytes as a big-endian integer).
Uint128 vector_value(const testing::VectorRow &row) {
	return row["type"] == "uuid" ? uuid_value(row["value"]) : u128(row["value"]);
}

std::string encode(const std::string &kind, const std::string &type, Uint128 value) {
	if (type == "bigint")
		return kind == "alphanumeric" ? alphanumeric_uint64(static_cast<std::uint64_t>(value))
		                              : hexadecimal_uint64(static_cast<std::uint64_t>(value));
	if (type == "numeric")
		return kind == "alphanumeric" ? alphanumeric_decimal(value) : hexadecimal_decimal(value);
	return kind == "alphanumeric" ? alphanumeric_uint128(value) : hexadecimal_uint128(value);
}

// What the type's decoder of the encoding kind gives for text: the value in decimal, or "none".
std::string decode(const std::string &kind, const std::string &type, const std::string &text) {
	const bool alphanumeric = kind.rfind("alphanumeric", 0) == 0;
	if (type == "bigint")
		return decoded(alphanumeric ? alphanumeric_to_uint64(text) : hexadecimal_to_uint64(text));
	if (type == "numeric")
		return decoded(alphanumeric ? alphanumeric_to_decimal(text) : hexadecimal_to_decimal(text));
	return decoded(alphanumeric ? alphanumeric_to_uint128(text) : hexadecimal_to_uint128(text));
}

void expect_encodings(const std::string &kind) {
	for (const testing::VectorRow &row : testing::read_vectors("encoders", kind)) {
		SCOPED_TRACE(testing::where("encoders", row));
		const Uint128 value = vector_value(row);
		EXPECT_EQ(encode(kind, row["type"], value), row["text"]);
		EXPECT_EQ(decode(kind, row["type"], row["text"]), decimal_text(value));
		if (kind == "hexadecimal") {
			EXPECT_EQ(decode(kind, row["type"], lower(row["text"])), decimal_text(value)); // either case
			if (row["type"] == "uuid") { // Guid.ToString("N").ToUpper(): the uuid's digits
				std::string digits = row["value"];
				digits.erase(std::remove(digits.begin(), digits.end(), '-'), digits.end());
				EXPECT_EQ(row["text"], upper(digits));
			}
		}
	}
}

void expect_decodings(const std::string &kind) {
	for (const testing::VectorRow &row : testing::read_vectors("encoders", kind)) {
		SCOPED_TRACE(testing::where("encoders", row));
		EXPECT_EQ(decode(kind, row["type"], row["text"]), row.empty("value") ? "none" : decimal_text(vector_value(row)))
		    << '"' << row["text"] << '"';
	}
}

TEST(Alphanumeric, Vectors) { expect_encodings("alphanumeric"); }

TEST(Alphanumeric, DecodeVectors) { expect_decodings("alphanumeric_decode"); }

TEST(Alphanumeric, UuidOrderIsStringOrder) {
	// AlphanumericIdEncoderTests: .NET Guid order, numeric order and ordinal order of the encodings agree.
	const char *const ascending[] = {
	    "00000000-5000-ffff-ffff-ffffffffffff",
	    "00000000-ffff-ffff-ffff-ffffffffffff",
	    "00000001-ffff-ffff-ffff-ffffffffffff",
	    "ffffffff-ffff-ffff-ffff-ffffffffffff",
	};
	for (std::size_t i = 1; i < std::size(ascending); i++) {
		EXPECT_LT(uuid_value(ascending[i - 1]), uuid_value(ascending[i]));
		EXPECT_LT(alphanumeric_uint128(uuid_value(ascending[i - 1])), alphanumeric_uint128(uuid_value(ascending[i])))
		    << ascending[i - 1] << " < " << ascending[i];
	}
}

// What a tab-separated file cannot hold: empty text, spaces at either end, a NUL.
TEST(Alphanumeric, RejectsTextTheVectorsCannotHold) {
	for (const char *text : {"", " 0000000001", "0000000001 ", "00000000001 "})
		EXPECT_EQ(decoded(alphanumeric_to_uint64(text)), "none") << '"' << text << '"';
	EXPECT_EQ(decoded(alphanumeric_to_uint64(std::string_view("0000000000\0", 11))), "none");
	EXPECT_EQ(decoded(alphanumeric_to_decimal("")), "none");
	EXPECT_EQ(decoded(alphanumeric_to_uint128("")), "none");
	// A long must also be <= Int64.MaxValue: "LygHa16AHYF" decodes here, and the SQL glue refuses it as a bigint.
	EXPECT_GT(*alphanumeric_to_uint64("LygHa16AHYF"), static_cast<std::uint64_t>(INT64_MAX));
	EXPECT_EQ(*alphanumeric_to_uint64("AzL8n0Y58m7"), static_cast<std::uint64_t>(INT64_MAX));
}

TEST(Alphanumeric, AcceptsExactlyTheAlphabetBytes) {
	for (int byte = 0; byte < 256; byte++) {
		const char c = static_cast<char>(byte);
		const char *digit = std::strchr(kAlphanumericAlphabet, c);
		const bool in_alphabet = byte != 0 && digit != nullptr;
		const std::string expected = in_alphabet ? std::to_string(digit - kAlphanumericAlphabet) : "none";
		EXPECT_EQ(decoded(alphanumeric_to_uint64(std::string(10, '0') + c)), expected) << "byte " << byte;
		EXPECT_EQ(decoded(alphanumeric_to_decimal(std::string(15, '0') + c)), expected) << "byte " << byte;
		EXPECT_EQ(decoded(alphanumeric_to_uint128(std::string(21, '0') + c)), expected) << "byte " << byte;
		// Leading a block, a digit weighs 62^10, so only '0'..'L' keep the block within 2^64 (2^64-1 is "LygHa16AHYF").
		const bool fits_leading = in_alphabet && digit - kAlphanumericAlphabet <= 21;
		EXPECT_EQ(alphanumeric_to_uint64(c + std::string(10, '0')).has_value(), fits_leading) << "byte " << byte;
		EXPECT_EQ(alphanumeric_to_uint128(c + std::string(21, '0')).has_value(), fits_leading) << "byte " << byte;
		EXPECT_EQ(alphanumeric_to_uint128(std::string(11, '0') + c + std::string(10, '0')).has_value(), fits_leading)
		    << "byte " << byte;
	}
}

TEST(Hexadecimal, Vectors) { expect_encodings("hexadecimal"); }

TEST(Hexadecimal, DecodeVectors) { expect_decodings("hexadecimal_decode"); }

TEST(Hexadecimal, SpellsTheBinaryForm) {
	// BinaryIdEncoderTests: 0 / 1 / Int64.Max as 8 BE bytes, and left-padded to 16 bytes for decimal and UInt128.
	for (const char *value : {"0", "1", "9223372036854775807"}) {
		std::uint8_t bytes[16];
		store_big_endian(u128(value), bytes, 16);
		const std::string binary_hex = upper(hex_lower(bytes, 16));
		EXPECT_EQ(hexadecimal_uint64(static_cast<std::uint64_t>(u128(value))), binary_hex.substr(16)) << value;
		EXPECT_EQ(hexadecimal_uint128(u128(value)), binary_hex) << value;
		EXPECT_EQ(hexadecimal_decimal(u128(value)), binary_hex.substr(6)) << value;
	}
	EXPECT_EQ(hexadecimal_uint64(INT64_MAX), "7FFFFFFFFFFFFFFF");
}

// What a tab-separated file cannot hold: empty text, spaces at either end, a NUL.
TEST(Hexadecimal, RejectsTextTheVectorsCannotHold) {
	for (const char *text : {" 000000000000000", "000000000000000 ", ""})
		EXPECT_EQ(decoded(hexadecimal_to_uint64(text)), "none") << '"' << text << '"';
	EXPECT_EQ(decoded(hexadecimal_to_decimal("0000000000000000000000000 ")), "none");
	EXPECT_EQ(decoded(hexadecimal_to_uint64(std::string_view("000000000000000\0", 16))), "none");
}

TEST(Hexadecimal, AcceptsExactlyHexDigitsInEitherCase) {
	for (int byte = 0; byte < 256; byte++) {
		const char c = static_cast<char>(byte);
		int expected_value = -1;
		if (c >= '0' && c <= '9')
			expected_value = c - '0';
		else if (c >= 'A' && c <= 'F')
			expected_value = c - 'A' + 10;
		else if (c >= 'a' && c <= 'f')
			expected_value = c - 'a' + 10;
		const std::string expected = expected_value < 0 ? "none" : std::to_string(expected_value);
		EXPECT_EQ(decoded(hexadecimal_to_uint64(std::string(15, '0') + c)), expected) << "byte " << byte;
		EXPECT_EQ(decoded(hexadecimal_to_decimal(std::string(25, '0') + c)), expected) << "byte " << byte;
		EXPECT_EQ(decoded(hexadecimal_to_uint128(std::string(31, '0') + c)), expected) << "byte " << byte;
		EXPECT_EQ(hexadecimal_to_uint128(c + std::string(31, '0')).has_value(), expected_value >= 0) << "byte " << byte;
	}
}

// Random values of every magnitude: a full-width draw shifted right by a random amount.
class RandomValues {
public:
	std::uint64_t uint64() { return engine_() >> (engine_() % 64); }
	Uint128 uint128() { return ((static_cast<Uint128>(engine_()) << 64) | engine_()) >> (engine_() % 128); }
	Uint128 decimal() {
		const Uint128 value = uint128() % (pow10_u128(28));
		return engine_() % 8 == 0 ? pow10_u128(28) - 1 - value % 1000 : value; // and some near the top
	}

private:
	std::mt19937_64 engine_{20250112};
};

constexpr int kRandomRounds = 20000;

TEST(Alphanumeric, RoundTripsRandomValues) {
	RandomValues random;
	for (int i = 0; i < kRandomRounds; i++) {
		const std::uint64_t small = random.uint64();
		ASSERT_EQ(alphanumeric_to_uint64(alphanumeric_uint64(small)), small) << decimal_text(small);
		const Uint128 decimal = random.decimal();
		ASSERT_EQ(alphanumeric_to_decimal(alphanumeric_decimal(decimal)), decimal) << decimal_text(decimal);
		const Uint128 wide = random.uint128();
		ASSERT_EQ(alphanumeric_to_uint128(alphanumeric_uint128(wide)), wide) << decimal_text(wide);
	}
}

TEST(Hexadecimal, RoundTripsRandomValues) {
	RandomValues random;
	for (int i = 0; i < kRandomRounds; i++) {
		const std::uint64_t small = random.uint64();
		ASSERT_EQ(hexadecimal_to_uint64(hexadecimal_uint64(small)), small) << decimal_text(small);
		ASSERT_EQ(hexadecimal_to_uint64(lower(hexadecimal_uint64(small))), small) << decimal_text(small);
		const Uint128 decimal = random.decimal();
		ASSERT_EQ(hexadecimal_decimal(decimal).substr(0, 2), "00") << decimal_text(decimal);
		ASSERT_EQ(hexadecimal_to_decimal(hexadecimal_decimal(decimal)), decimal) << decimal_text(decimal);
		ASSERT_EQ(hexadecimal_to_decimal(lower(hexadecimal_decimal(decimal))), decimal) << decimal_text(decimal);
		const Uint128 wide = random.uint128();
		ASSERT_EQ(hexadecimal_to_uint128(hexadecimal_uint128(wide)), wide) << decimal_text(wide);
		ASSERT_EQ(hexadecimal_to_uint128(lower(hexadecimal_uint128(wide))), wide) << decimal_text(wide);
	}
}

// a and b compare the same way as their encodings (ordinal, i.e. memcmp, string order).
template <typename Value>
void expect_same_order(Value a, Value b, const std::string &text_a, const std::string &text_b) {
	ASSERT_EQ(a < b, text_a < text_b) << text_a << " vs " << text_b;
	ASSERT_EQ(a == b, text_a == text_b) << text_a << " vs " << text_b;
}

// Pairs that are far apart, close together (a shared prefix) and equal.
template <typename Value> Value partner(Value value, std::mt19937_64 &engine, Value max) {
	switch (engine() % 3) {
	case 0:
		return static_cast<Value>(engine()) % max;
	case 1: {
		const Value delta = static_cast<Value>(engine() % 100);
		return value <= max - delta ? value + delta : value - delta;
	}
	default:
		return value;
	}
}

TEST(Encoding, StringOrderIsNumericOrder) {
	RandomValues random;
	std::mt19937_64 engine(7);
	const Uint128 decimal_max = pow10_u128(28) - 1;
	for (int i = 0; i < kRandomRounds; i++) {
		const std::uint64_t small_a = random.uint64();
		const std::uint64_t small_b = partner<std::uint64_t>(small_a, engine, UINT64_MAX);
		expect_same_order(small_a, small_b, alphanumeric_uint64(small_a), alphanumeric_uint64(small_b));
		expect_same_order(small_a, small_b, hexadecimal_uint64(small_a), hexadecimal_uint64(small_b));
		const Uint128 decimal_a = random.decimal();
		const Uint128 decimal_b = partner(decimal_a, engine, decimal_max);
		expect_same_order(decimal_a, decimal_b, alphanumeric_decimal(decimal_a), alphanumeric_decimal(decimal_b));
		expect_same_order(decimal_a, decimal_b, hexadecimal_decimal(decimal_a), hexadecimal_decimal(decimal_b));
		const Uint128 wide_a = random.uint128();
		const Uint128 wide_b = (engine() % 2) ? partner(wide_a, engine, kUint128Max) : random.uint128();
		expect_same_order(wide_a, wide_b, alphanumeric_uint128(wide_a), alphanumeric_uint128(wide_b));
		expect_same_order(wide_a, wide_b, hexadecimal_uint128(wide_a), hexadecimal_uint128(wide_b));
	}
}

} // namespace
} // namespace identities

namespace identities {
namespace {

// RFC 4648 base32 (lowercase, unpadded), Crockford's base32 and base64url: the RFC 4648 section 10 vectors
// (python3's base64 module for the Crockford and URL-safe forms), and the decoders' canonical-only rules.
std::vector<std::uint8_t> bytes_of(std::string_view text) {
	return std::vector<std::uint8_t>(text.begin(), text.end());
}

TEST(Base32, Rfc4648Vectors) {
	const std::pair<const char *, const char *> vectors[] = {
	    {"", ""},
	    {"f", "my"},
	    {"fo", "mzxq"},
	    {"foo", "mzxw6"},
	    {"foob", "mzxw6yq"},
	    {"fooba", "mzxw6ytb"},
	    {"foobar", "mzxw6ytboi"},
	};
	for (const auto &[plain, encoded] : vectors) {
		const auto bytes = bytes_of(plain);
		EXPECT_EQ(to_base32_lower(bytes.data(), bytes.size()), encoded) << plain;
		EXPECT_EQ(base32_length(bytes.size()), std::strlen(encoded));
		std::vector<std::uint8_t> decoded(bytes.size());
		EXPECT_TRUE(base32_to_bytes(encoded, decoded.data(), decoded.size())) << encoded;
		EXPECT_EQ(decoded, bytes);
		std::string upper = encoded;
		for (char &c : upper)
			c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
		EXPECT_TRUE(base32_to_bytes(upper, decoded.data(), decoded.size())) << upper; // either case
		EXPECT_EQ(decoded, bytes);
	}
}

TEST(Base32, DecoderTakesOnlyCanonicalText) {
	std::uint8_t out[6];
	EXPECT_FALSE(base32_to_bytes("mz", out, 1));       // spare bits not zero ("my" is the canonical "f")
	EXPECT_FALSE(base32_to_bytes("my======", out, 1)); // no padding
	EXPECT_FALSE(base32_to_bytes("my", out, 2));       // wrong length for 2 bytes
	EXPECT_FALSE(base32_to_bytes("mzxw6", out, 2));
	EXPECT_FALSE(base32_to_bytes("mzxw1", out, 3)); // 0, 1, 8 and 9 are no base32 digits
	EXPECT_FALSE(base32_to_bytes("mzxw8", out, 3));
	EXPECT_FALSE(base32_to_bytes("mzx 6", out, 3));
	EXPECT_FALSE(base32_to_bytes("mzx\xc3\xa9", out, 3));
	EXPECT_TRUE(base32_to_bytes("", out, 0));
	std::mt19937 random(32);
	for (int i = 0; i < 2000; i++) {
		std::vector<std::uint8_t> bytes(random() % 40);
		for (auto &byte : bytes)
			byte = static_cast<std::uint8_t>(random());
		const std::string text = to_base32_lower(bytes.data(), bytes.size());
		std::vector<std::uint8_t> decoded(bytes.size());
		ASSERT_TRUE(base32_to_bytes(text, decoded.data(), decoded.size()));
		ASSERT_EQ(decoded, bytes);
		const std::string crockford = to_crockford_base32(bytes.data(), bytes.size());
		ASSERT_EQ(crockford.size(), text.size());
		ASSERT_TRUE(crockford_base32_to_bytes(crockford, decoded.data(), decoded.size()));
		ASSERT_EQ(decoded, bytes);
	}
}

TEST(CrockfordBase32, Vectors) {
	const std::pair<const char *, const char *> vectors[] = {
	    {"", ""},
	    {"f", "CR"},
	    {"fo", "CSQG"},
	    {"foo", "CSQPY"},
	    {"foob", "CSQPYRG"},
	    {"fooba", "CSQPYRK1"},
	    {"foobar", "CSQPYRK1E8"},
	};
	for (const auto &[plain, encoded] : vectors) {
		const auto bytes = bytes_of(plain);
		EXPECT_EQ(to_crockford_base32(bytes.data(), bytes.size()), encoded) << plain;
		std::vector<std::uint8_t> decoded(bytes.size());
		EXPECT_TRUE(crockford_base32_to_bytes(encoded, decoded.data(), decoded.size())) << encoded;
		EXPECT_EQ(decoded, bytes);
	}
	// The 160 bits 00000 00001 ... 11111: every digit once, in order.
	const std::uint8_t every_digit[20] = {0x00, 0x44, 0x32, 0x14, 0xC7, 0x42, 0x54, 0xB6, 0x35, 0xCF,
	                                      0x84, 0x65, 0x3A, 0x56, 0xD7, 0xC6, 0x75, 0xBE, 0x77, 0xDF};
	EXPECT_EQ(to_crockford_base32(every_digit, 20), "0123456789ABCDEFGHJKMNPQRSTVWXYZ");
	EXPECT_EQ(to_base32_lower(every_digit, 20), "abcdefghijklmnopqrstuvwxyz234567");
}

TEST(CrockfordBase32, DecoderTakesEitherCaseAndAliases) {
	std::uint8_t out[5];
	std::uint8_t expected[5];
	ASSERT_TRUE(crockford_base32_to_bytes("CSQPYRK1", expected, 5));
	EXPECT_TRUE(crockford_base32_to_bytes("csqpyrk1", out, 5));
	EXPECT_EQ(std::memcmp(out, expected, 5), 0);
	EXPECT_TRUE(crockford_base32_to_bytes("CSQPYRKI", out, 5)); // I and L read as 1
	EXPECT_EQ(std::memcmp(out, expected, 5), 0);
	EXPECT_TRUE(crockford_base32_to_bytes("CSQPYRKl", out, 5));
	EXPECT_EQ(std::memcmp(out, expected, 5), 0);
	EXPECT_TRUE(crockford_base32_to_bytes("0O0o0000", out, 5)); // O reads as 0
	EXPECT_EQ(std::memcmp(out, "\0\0\0\0\0", 5), 0);
	EXPECT_FALSE(crockford_base32_to_bytes("CSQPYRKU", out, 5));  // U is no digit
	EXPECT_FALSE(crockford_base32_to_bytes("CSQP-YRK1", out, 5)); // nor is a hyphen
	EXPECT_FALSE(crockford_base32_to_bytes("CSQPYRK", out, 5));
	EXPECT_FALSE(crockford_base32_to_bytes("CS", out, 1)); // spare bits
}

TEST(Base64Url, Vectors) {
	const std::pair<const char *, const char *> vectors[] = {
	    {"", ""},           {"f", "Zg"},          {"fo", "Zm8"},          {"foo", "Zm9v"},
	    {"foob", "Zm9vYg"}, {"fooba", "Zm9vYmE"}, {"foobar", "Zm9vYmFy"},
	};
	for (const auto &[plain, encoded] : vectors) {
		const auto bytes = bytes_of(plain);
		EXPECT_EQ(to_base64url(bytes.data(), bytes.size()), encoded) << plain;
	}
	const std::uint8_t url_unsafe[3] = {0xFB, 0xFF, 0xFE}; // "+//+" in standard base64
	EXPECT_EQ(to_base64url(url_unsafe, 3), "-__-");
}

} // namespace
} // namespace identities
