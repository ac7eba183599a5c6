#include "core/encoders.hpp"
#include "core/uint128.hpp"

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

struct Vector {
	const char *value; // decimal
	const char *text;
};

TEST(Alphanumeric, Uint64Vectors) {
	// AlphanumericIdEncoderTests (ulong/long).
	const Vector vectors[] = {
	    {"0", "00000000000"},
	    {"1", "00000000001"},
	    {"61", "0000000000z"},
	    {"62", "00000000010"},
	    {"4294967296", "000004gfFC4"},
	    {"4294967297", "000004gfFC5"},
	    {"1234567890123456789", "1TCKi1nFuNh"},
	    {"9223372036854775807", "AzL8n0Y58m7"},
	    {"18446744073709551615", "LygHa16AHYF"},
	};
	for (const Vector &vector : vectors) {
		const auto value = static_cast<std::uint64_t>(u128(vector.value));
		EXPECT_EQ(alphanumeric_uint64(value), vector.text) << vector.value;
		EXPECT_EQ(decoded(alphanumeric_to_uint64(vector.text)), vector.value) << vector.text;
	}
}

TEST(Alphanumeric, DecimalVectors) {
	const Vector vectors[] = {
	    // AlphanumericIdEncoderTests (decimal).
	    {"0", "0000000000000000"},
	    {"1", "0000000000000001"},
	    {"61", "000000000000000z"},
	    {"62", "0000000000000010"},
	    {"4294967296", "00000000004gfFC4"},
	    {"4294967297", "00000000004gfFC5"},
	    {"447835050025542181830910637", "1drbWFYI4a3pLliX"},
	    {"9999999999999999999999999999", "agbFu5KnEQGxp4QB"},
	    // 6.2: DistributedId CreateCore vectors.
	    {"1099511627776", "000000000JMAIjoW"},
	    {"281474976710655", "00000001HvWXNAa7"},
	    {"1065896647567317033105227776", "3uRpl11sIZZmN5wu"},
	};
	for (const Vector &vector : vectors) {
		EXPECT_EQ(alphanumeric_decimal(u128(vector.value)), vector.text) << vector.value;
		EXPECT_EQ(decoded(alphanumeric_to_decimal(vector.text)), vector.value) << vector.text;
	}
}

TEST(Alphanumeric, Uint128Vectors) {
	const Vector vectors[] = {
	    // AlphanumericIdEncoderTests (Guid/UInt128).
	    {"0", "0000000000000000000000"},
	    {"1", "0000000000000000000001"},
	    {"61", "000000000000000000000z"},
	    {"62", "0000000000000000000010"},
	    {"4294967296", "00000000000000004gfFC4"},
	    {"4294967297", "00000000000000004gfFC5"},
	    {"9223372036854775807", "00000000000AzL8n0Y58m7"},
	    {"18446744073709551615", "00000000000LygHa16AHYF"},
	    {"1234567890123456789012345678", "0000004WoWZ9OjHPSzq3Ju"},
	    {"22773757910726981403490738691264577813", "1TCKi1nFuNh1TCKi1nFuNh"}, // (1234567890123456789 << 64) | same
	    {"340282366920938463463374607431768211455", "LygHa16AHYFLygHa16AHYF"},
	    // 6.2: DistributedId128 CreateCore vectors.
	    {"566683977944357425643520", "000000007zU00000000000"},
	    {"604453686435277732577279", "000000008WVAzL8n0Y58m7"},
	    {"12360545018630966205725266354427133953", "0nUuWHdJugy00000000001"},
	};
	for (const Vector &vector : vectors) {
		EXPECT_EQ(alphanumeric_uint128(u128(vector.value)), vector.text) << vector.value;
		EXPECT_EQ(decoded(alphanumeric_to_uint128(vector.text)), vector.value) << vector.text;
	}
}

TEST(Alphanumeric, UuidVectors) {
	struct UuidVector {
		const char *uuid;
		const char *text;
	};
	const UuidVector vectors[] = {
	    {"ffffffff-ffff-ffff-ffff-ffffffffffff", "LygHa16AHYFLygHa16AHYF"},
	    // 6.2: DistributedId128 uuids.
	    {"00000000-0000-7800-0000-000000000000", "000000007zU00000000000"},
	    {"00000000-0000-7fff-7fff-ffffffffffff", "000000008WVAzL8n0Y58m7"},
	    {"094c8deb-b800-7000-0000-000000000001", "0nUuWHdJugy00000000001"},
	    // 6.2: public identities under the all-zero AES-256 key.
	    {"78c095dc-40a2-8989-ad48-a21492842087", "AMlDXspEMpNEsNsg5isSD1"},
	    {"e3ef1648-b3de-5680-6eba-0c17bf582090", "JZHn9c0kiLg9VOXkNZfd3o"},
	    {"a6e9cb7a-5cb0-f7aa-36ef-9bbeaf7af117", "EKTTKTnTKQ64iQDYFd7WDP"},
	    {"9476ed55-288d-bf86-ff50-e3352bfe34fd", "CkGwo8hqyCULv2XDpMCsaD"},
	    {"9ff9bf37-f7f2-97aa-779e-4adf6f13fb10", "DjXrh6XpFAAAGiz47AuZKi"},
	    {"1ad2bfc8-76f2-4296-2485-f116a6ef23fd", "2ImKHnPnOCc38PYSKfvf0H"},
	    {"fb8a0f53-45c7-b936-a963-b4f1c4cb738b", "Law8nLGLzPyEXegX12p7ut"},
	    {"df6e95f5-bd02-a436-01bb-b6ce77c3d3fb", "JBK2EzghhDy09E16AeaV5f"},
	    {"79bfc6dd-150c-0d76-8d9a-eb6f9a75fd4e", "AS4CRI7VxZOC9lAxr7cgcI"},
	    {"80cedaac-a378-1a2b-182b-fa4987ca1347", "B3doC70z2KJ24fHYwdVdd1"},
	};
	for (const UuidVector &vector : vectors) {
		const Uint128 value = uuid_value(vector.uuid);
		EXPECT_EQ(alphanumeric_uint128(value), vector.text) << vector.uuid;
		EXPECT_EQ(decoded(alphanumeric_to_uint128(vector.text)), decimal_text(value)) << vector.text;
	}
}

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

TEST(Alphanumeric, RawBase62Blocks) {
	// Base62EncoderTests: the ASCII bytes "12345678" read as one big-endian block; two blocks concatenate.
	const auto block = [](const char *ascii) {
		return load_big_endian(reinterpret_cast<const std::uint8_t *>(ascii), std::strlen(ascii));
	};
	EXPECT_EQ(alphanumeric_uint64(static_cast<std::uint64_t>(block("12345678"))), "4DruweP3xQ8");
	EXPECT_EQ(alphanumeric_uint64(static_cast<std::uint64_t>(block("12345679"))), "4DruweP3xQ9");
	EXPECT_EQ(alphanumeric_uint128(block("1234567812345679")), "4DruweP3xQ84DruweP3xQ9");
	EXPECT_EQ(decoded(alphanumeric_to_uint64("4DruweP3xQ8")), decimal_text(block("12345678")));
}

TEST(Alphanumeric, Uint64RejectsMalformedText) {
	// AlphanumericIdEncoderTests (ulong), then the lengths it tries.
	for (const char *text : {"1234567890$", "12345678,00", "12345678.00", "+1234567890", "-1234567890", "1234567890_",
	                         "000000000001", "", " 0000000001", "0000000001 ", "00000000001 "})
		EXPECT_EQ(decoded(alphanumeric_to_uint64(text)), "none") << '"' << text << '"';
	for (std::size_t length : {1, 10, 12, 16, 21, 22, 64})
		EXPECT_EQ(decoded(alphanumeric_to_uint64(std::string(length, '1'))), "none") << length << " chars";
	EXPECT_EQ(decoded(alphanumeric_to_uint64(std::string_view("0000000000\0", 11))), "none");
	// UTF-8 "İ" (U+0130), which .NET's (byte) cast of a UTF-16 char would read as '0'.
	EXPECT_EQ(decoded(alphanumeric_to_uint64("\xC4\xB0"
	                                         "000000000")),
	          "none");
}

TEST(Alphanumeric, Uint64RejectsValuesAboveTheRange) {
	// .NET wraps "LygHa16AHYG" (2^64) to 0; our decoders only take canonical text.
	EXPECT_EQ(decoded(alphanumeric_to_uint64("LygHa16AHYF")), "18446744073709551615");
	for (const char *text : {"LygHa16AHYG", "LygHa16AHZ0", "LygHa16AHYz", "M0000000000", "zzzzzzzzzzz"})
		EXPECT_EQ(decoded(alphanumeric_to_uint64(text)), "none") << text;
	// A long must also be <= Int64.MaxValue: "LygHa16AHYF" decodes here, and the SQL glue refuses it as a bigint.
	EXPECT_GT(*alphanumeric_to_uint64("LygHa16AHYF"), static_cast<std::uint64_t>(INT64_MAX));
	EXPECT_EQ(*alphanumeric_to_uint64("AzL8n0Y58m7"), static_cast<std::uint64_t>(INT64_MAX));
}

TEST(Alphanumeric, DecimalRejectsMalformedText) {
	// AlphanumericIdEncoderTests (decimal), then the lengths it tries and a sample with its first char replaced.
	for (const char *text : {"123456789012345$", "1234567890123,00", "1234567890123.00", "+1234567890123456",
	                         "-1234567890123456", "123456789012345_", "$drbWFYI4a3pLliX", "1drbWFYI4a3pLli$", ""})
		EXPECT_EQ(decoded(alphanumeric_to_decimal(text)), "none") << '"' << text << '"';
	for (std::size_t length : {1, 11, 15, 17, 22, 29, 64})
		EXPECT_EQ(decoded(alphanumeric_to_decimal(std::string(length, '1'))), "none") << length << " chars";
}

TEST(Alphanumeric, DecimalRejectsValuesAboveTheRange) {
	EXPECT_EQ(decoded(alphanumeric_to_decimal("00000LygHa16AHYF")), "18446744073709551615");
	EXPECT_EQ(decoded(alphanumeric_to_decimal("agbFu5KnEQGxp4QB")), "9999999999999999999999999999");
	// "00000LygHa16AHYG" wraps to 0 in .NET; "agbFu5KnEQGxp4QC" is 10^28; "agbFv…" has too large a high block.
	for (const char *text :
	     {"00000LygHa16AHYG", "agbFu5KnEQGxp4QC", "agbFv00000000000", "zzzzzzzzzzzzzzzz", "agbFuLygHa16AHYF"})
		EXPECT_EQ(decoded(alphanumeric_to_decimal(text)), "none") << text;
}

TEST(Alphanumeric, Uint128RejectsMalformedText) {
	for (const char *text : {"000000000000000000000$", "$000000000000000000000", "0000000000.000000000000",
	                         "+000000000000000000000", "00000000000000000000001", ""})
		EXPECT_EQ(decoded(alphanumeric_to_uint128(text)), "none") << '"' << text << '"';
	for (std::size_t length : {1, 11, 16, 21, 23, 32, 64})
		EXPECT_EQ(decoded(alphanumeric_to_uint128(std::string(length, '1'))), "none") << length << " chars";
}

TEST(Alphanumeric, Uint128RejectsBlocksAboveTheRange) {
	// .NET accepts any 22 alphabet chars (zzz…z decodes to 0xD227003D8D2AF7FFD227003D8D2AF7FF); each block must fit.
	for (const char *text :
	     {"zzzzzzzzzzzzzzzzzzzzzz", "LygHa16AHYG00000000000", "00000000000LygHa16AHYG", "LygHa16AHYFLygHa16AHYG"})
		EXPECT_EQ(decoded(alphanumeric_to_uint128(text)), "none") << text;
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

TEST(Hexadecimal, Uint64Vectors) {
	// HexadecimalIdEncoderTests (ulong/long).
	const Vector vectors[] = {
	    {"0", "0000000000000000"},
	    {"1", "0000000000000001"},
	    {"15", "000000000000000F"},
	    {"16", "0000000000000010"},
	    {"17", "0000000000000011"},
	    {"4294967296", "0000000100000000"},
	    {"4294967297", "0000000100000001"},
	    {"1234567890123456789", "112210F47DE98115"},
	    {"9223372036854775807", "7FFFFFFFFFFFFFFF"},
	    {"18446744073709551615", "FFFFFFFFFFFFFFFF"},
	};
	for (const Vector &vector : vectors) {
		const auto value = static_cast<std::uint64_t>(u128(vector.value));
		EXPECT_EQ(hexadecimal_uint64(value), vector.text) << vector.value;
		EXPECT_EQ(decoded(hexadecimal_to_uint64(vector.text)), vector.value) << vector.text;
		EXPECT_EQ(decoded(hexadecimal_to_uint64(lower(vector.text))), vector.value) << lower(vector.text);
	}
	EXPECT_EQ(decoded(hexadecimal_to_uint64("ffffffffffffffff")), "18446744073709551615");
	EXPECT_EQ(decoded(hexadecimal_to_uint64("fFfFfFfFfFfFfFfF")), "18446744073709551615");
}

TEST(Hexadecimal, DecimalVectors) {
	const Vector vectors[] = {
	    // HexadecimalIdEncoderTests (decimal).
	    {"0", "00000000000000000000000000"},
	    {"1", "00000000000000000000000001"},
	    {"10", "0000000000000000000000000A"},
	    {"15", "0000000000000000000000000F"},
	    {"16", "00000000000000000000000010"},
	    {"17", "00000000000000000000000011"},
	    {"4294967296", "00000000000000000100000000"},
	    {"4294967297", "00000000000000000100000001"},
	    {"18446744073709551615", "0000000000FFFFFFFFFFFFFFFF"},
	    {"447835050025542181830910637", "00017270C2B5280CE29739E2AD"},
	    {"9999999999999999999999999999", "00204FCE5E3E2502610FFFFFFF"},
	    // 6.2: DistributedId CreateCore vectors.
	    {"1099511627776", "00000000000000010000000000"},
	    {"281474976710655", "00000000000000FFFFFFFFFFFF"},
	    {"1065896647567317033105227776", "000371B0650C00010000000000"},
	};
	for (const Vector &vector : vectors) {
		EXPECT_EQ(hexadecimal_decimal(u128(vector.value)), vector.text) << vector.value;
		EXPECT_EQ(decoded(hexadecimal_to_decimal(vector.text)), vector.value) << vector.text;
		EXPECT_EQ(decoded(hexadecimal_to_decimal(lower(vector.text))), vector.value) << lower(vector.text);
	}
}

TEST(Hexadecimal, Uint128Vectors) {
	const Vector vectors[] = {
	    // HexadecimalIdEncoderTests (Guid/UInt128).
	    {"0", "00000000000000000000000000000000"},
	    {"1", "00000000000000000000000000000001"},
	    {"1234567890123456789012345678", "0000000003FD35EB6D797A91BE38F34E"},
	    {"9223372036854775807", "00000000000000007FFFFFFFFFFFFFFF"},
	    {"18446744073709551615", "0000000000000000FFFFFFFFFFFFFFFF"},
	    {"340282366920938463463374607431768211455", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"},
	    // 6.2: DistributedId128 CreateCore vectors (the uuid's digits).
	    {"566683977944357425643520", "00000000000078000000000000000000"},
	    {"604453686435277732577279", "0000000000007FFF7FFFFFFFFFFFFFFF"},
	    {"12360545018630966205725266354427133953", "094C8DEBB80070000000000000000001"},
	};
	for (const Vector &vector : vectors) {
		EXPECT_EQ(hexadecimal_uint128(u128(vector.value)), vector.text) << vector.value;
		EXPECT_EQ(decoded(hexadecimal_to_uint128(vector.text)), vector.value) << vector.text;
		EXPECT_EQ(decoded(hexadecimal_to_uint128(lower(vector.text))), vector.value) << lower(vector.text);
	}
}

TEST(Hexadecimal, Uint128IsTheUuidDigits) {
	// Guid.ToString("N").ToUpper(): the uuid's string-order bytes.
	for (const char *uuid : {"00000000-0000-7800-0000-000000000000", "094c8deb-b800-7000-0000-000000000001",
	                         "78c095dc-40a2-8989-ad48-a21492842087", "80cedaac-a378-1a2b-182b-fa4987ca1347"}) {
		std::string digits = uuid;
		digits.erase(std::remove(digits.begin(), digits.end(), '-'), digits.end());
		EXPECT_EQ(hexadecimal_uint128(uuid_value(uuid)), upper(digits)) << uuid;
	}
}

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

TEST(Hexadecimal, RejectsMalformedText) {
	// HexadecimalIdEncoderTests: 17 chars and a non-hex digit.
	for (const char *text : {"10000000000000000", "FFFFFFFFFFFFFFFG", "FFFFFFFFFFFFFFF", "0x00000000000000",
	                         " 000000000000000", "000000000000000 ", "-000000000000001", ""})
		EXPECT_EQ(decoded(hexadecimal_to_uint64(text)), "none") << '"' << text << '"';
	for (const char *text : {"0000000000000000000000000G", "000000000000000000000000000", "0000000000000000000000000",
	                         "0000000000000000000000000 ", "00000000000000000000000000000000"})
		EXPECT_EQ(decoded(hexadecimal_to_decimal(text)), "none") << '"' << text << '"';
	for (const char *text :
	     {"0000000000000000000000000000000G", "G0000000000000000000000000000000", "000000000000000000000000000000000",
	      "0000000000000000000000000000000", "00000000-0000-0000-0000-000000000000", "00000000000000000000000000"})
		EXPECT_EQ(decoded(hexadecimal_to_uint128(text)), "none") << '"' << text << '"';
	EXPECT_EQ(decoded(hexadecimal_to_uint64(std::string_view("000000000000000\0", 16))), "none");
}

TEST(Hexadecimal, DecimalNeedsALeadingZeroByteAndTheRange) {
	// TryDecodeDecimal: the dropped bytes must be zero and the value at most 10^28-1.
	for (const char *text : {"F0000000000000000000000000", "f0000000000000000000000000", "F0000000010000000000000000",
	                         "01000000000000000000000000", "00FFFFFFFFFFFFFFFFFFFFFFFF", "00204FCE5E3E25026110000000"})
		EXPECT_EQ(decoded(hexadecimal_to_decimal(text)), "none") << text;
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
