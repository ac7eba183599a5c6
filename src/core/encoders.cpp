#include "core/encoders.hpp"

#include "core/error.hpp"

namespace identities {
namespace {

constexpr char kLowerHexDigits[] = "0123456789abcdef";
constexpr char kUpperHexDigits[] = "0123456789ABCDEF";
constexpr char kBase62Digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

constexpr Uint128 kDecimalMax = kDecimal28Max;

// A decimal's high 64 bits are at most (10^28-1) >> 64 = 542101086: 5 base62 digits (62^5 > that) or 10 hex digits.
constexpr std::size_t kAlphanumericDecimalHighLength = kAlphanumericDecimalLength - kAlphanumericUint64Length;
constexpr std::size_t kHexadecimalDecimalHighLength = kHexadecimalDecimalLength - kHexadecimalUint64Length;
static_assert((kDecimalMax >> 64) < 62ULL * 62 * 62 * 62 * 62);
static_assert((kDecimalMax >> 64) < (1ULL << (4 * kHexadecimalDecimalHighLength - 8))); // so the first hex byte is 00

constexpr std::uint8_t kNotADigit = 0xFF;

// Byte -> digit value; kNotADigit for every byte outside the alphabet, bytes >= 0x80 included.
struct DigitTable {
	std::uint8_t values[256];

	constexpr std::uint8_t operator[](char c) const noexcept { return values[static_cast<unsigned char>(c)]; }
};

// digits[i] (and other_case[i], if given) has the value i.
constexpr DigitTable make_digit_table(std::string_view digits, std::string_view other_case = {}) {
	DigitTable table{};
	for (std::uint8_t &value : table.values)
		value = kNotADigit;
	for (std::size_t i = 0; i < digits.size(); i++)
		table.values[static_cast<unsigned char>(digits[i])] = static_cast<std::uint8_t>(i);
	for (std::size_t i = 0; i < other_case.size(); i++)
		table.values[static_cast<unsigned char>(other_case[i])] = static_cast<std::uint8_t>(i);
	return table;
}

constexpr DigitTable kBase62Values = make_digit_table(kBase62Digits);
constexpr DigitTable kHexValues = make_digit_table(kUpperHexDigits, kLowerHexDigits);

// Most significant digit first, left-padded with '0' to length.
void encode_base62_block(std::uint64_t value, char *out, std::size_t length) noexcept {
	for (std::size_t i = length; i-- > 0;) {
		out[i] = kBase62Digits[value % 62];
		value /= 62;
	}
}

// Fails on a byte outside the alphabet and on a value above 2^64-1, which .NET would silently wrap.
bool decode_base62_block(const char *text, std::size_t length, std::uint64_t &out) noexcept {
	std::uint64_t value = 0;
	for (std::size_t i = 0; i < length; i++) {
		const std::uint8_t digit = kBase62Values[text[i]];
		if (digit == kNotADigit)
			return false;
		if (__builtin_mul_overflow(value, 62U, &value) || __builtin_add_overflow(value, digit, &value))
			return false;
	}
	out = value;
	return true;
}

// The low length*4 bits of value, most significant digit first.
void encode_hex(std::uint64_t value, char *out, std::size_t length) noexcept {
	for (std::size_t i = length; i-- > 0;) {
		out[i] = kUpperHexDigits[value & 0x0F];
		value >>= 4;
	}
}

// At most 16 digits, so the value cannot overflow.
bool decode_hex(const char *text, std::size_t length, std::uint64_t &out) noexcept {
	std::uint64_t value = 0;
	for (std::size_t i = 0; i < length; i++) {
		const std::uint8_t digit = kHexValues[text[i]];
		if (digit == kNotADigit)
			return false;
		value = (value << 4) | digit;
	}
	out = value;
	return true;
}

constexpr std::uint64_t high_half(Uint128 value) noexcept { return static_cast<std::uint64_t>(value >> 64); }
constexpr std::uint64_t low_half(Uint128 value) noexcept { return static_cast<std::uint64_t>(value); }
constexpr Uint128 join_halves(std::uint64_t high, std::uint64_t low) noexcept {
	return (static_cast<Uint128>(high) << 64) | low;
}

} // namespace

std::string hex_lower(const std::uint8_t *bytes, std::size_t length) {
	std::string text;
	text.reserve(length * 2);
	for (std::size_t i = 0; i < length; i++) {
		text.push_back(kLowerHexDigits[bytes[i] >> 4]);
		text.push_back(kLowerHexDigits[bytes[i] & 0x0F]);
	}
	return text;
}

std::string format_bytea_excerpt(const std::uint8_t *bytes, std::size_t length) {
	constexpr std::size_t kShownBytes = 32;
	if (length <= kShownBytes)
		return "\\x" + hex_lower(bytes, length);
	return "\\x" + hex_lower(bytes, kShownBytes) + "...";
}

std::string format_uuid(const std::uint8_t *bytes) {
	std::string text = hex_lower(bytes, 16);
	for (std::size_t position : {8, 13, 18, 23})
		text.insert(position, 1, '-');
	return text;
}

// A transcription of PostgreSQL's string_to_uuid (utils/adt/uuid.c), over a length instead of a NUL.
bool parse_uuid_text(std::string_view text, Uint128 &out) noexcept {
	std::size_t position = 0;
	const bool braces = !text.empty() && text.front() == '{';
	if (braces)
		position++;
	Uint128 value = 0;
	for (int i = 0; i < 16; i++) {
		if (text.size() - position < 2)
			return false;
		const int high = hex_digit_value(text[position]);
		const int low = hex_digit_value(text[position + 1]);
		if (high < 0 || low < 0)
			return false;
		value = (value << 8) | static_cast<unsigned>(high << 4 | low);
		position += 2;
		if (position < text.size() && text[position] == '-' && i % 2 == 1 && i < 15)
			position++;
	}
	if (braces) {
		if (position >= text.size() || text[position] != '}')
			return false;
		position++;
	}
	if (position != text.size())
		return false;
	out = value;
	return true;
}

namespace {

// One of Architect's id encoders: how a 64-bit block is written, how long it is, and how long a decimal's high block.
struct BlockCodec {
	std::size_t block_length;
	std::size_t decimal_high_length;
	void (*encode)(std::uint64_t value, char *out, std::size_t length) noexcept;
	bool (*decode)(const char *text, std::size_t length, std::uint64_t &out) noexcept;
};

constexpr BlockCodec kAlphanumeric{kAlphanumericUint64Length, kAlphanumericDecimalHighLength, encode_base62_block,
                                   decode_base62_block};
constexpr BlockCodec kHexadecimal{kHexadecimalUint64Length, kHexadecimalDecimalHighLength, encode_hex, decode_hex};

// Two blocks, the high one high_length chars long: a decimal (Architect drops the always-zero leading chars of its
// 16 bytes) or a uint128.
void encode_two_blocks(const BlockCodec &codec, Uint128 value, char *out, std::size_t high_length) noexcept {
	codec.encode(high_half(value), out, high_length);
	codec.encode(low_half(value), out + high_length, codec.block_length);
}

std::optional<Uint128> decode_two_blocks(const BlockCodec &codec, std::string_view text,
                                         std::size_t high_length) noexcept {
	std::uint64_t high, low;
	if (text.size() != high_length + codec.block_length || !codec.decode(text.data(), high_length, high) ||
	    !codec.decode(text.data() + high_length, codec.block_length, low))
		return std::nullopt;
	return join_halves(high, low);
}

std::optional<std::uint64_t> decode_block(const BlockCodec &codec, std::string_view text) noexcept {
	std::uint64_t value;
	if (text.size() != codec.block_length || !codec.decode(text.data(), text.size(), value))
		return std::nullopt;
	return value;
}

// The range check also rejects a hex text whose first byte is not zero (10^28-1 < 2^96), as Architect's
// TryDecodeDecimal does.
std::optional<Uint128> decode_decimal(const BlockCodec &codec, std::string_view text) noexcept {
	const auto value = decode_two_blocks(codec, text, codec.decimal_high_length);
	if (!value || *value > kDecimalMax)
		return std::nullopt;
	return value;
}

} // namespace

// The six functions of one encoder (encoders.hpp), the same for both.
#define IDENTITIES_ID_ENCODER(name, codec)                                                                             \
	void to_##name##_uint64(std::uint64_t value, char *out) noexcept { codec.encode(value, out, codec.block_length); } \
	void to_##name##_decimal(Uint128 value, char *out) noexcept {                                                      \
		encode_two_blocks(codec, value, out, codec.decimal_high_length);                                               \
	}                                                                                                                  \
	void to_##name##_uint128(Uint128 value, char *out) noexcept {                                                      \
		encode_two_blocks(codec, value, out, codec.block_length);                                                      \
	}                                                                                                                  \
	std::optional<std::uint64_t> name##_to_uint64(std::string_view text) noexcept { return decode_block(codec, text); } \
	std::optional<Uint128> name##_to_decimal(std::string_view text) noexcept { return decode_decimal(codec, text); }   \
	std::optional<Uint128> name##_to_uint128(std::string_view text) noexcept {                                         \
		return decode_two_blocks(codec, text, codec.block_length);                                                     \
	}

IDENTITIES_ID_ENCODER(alphanumeric, kAlphanumeric)
IDENTITIES_ID_ENCODER(hexadecimal, kHexadecimal)

std::uint64_t encodable_bigint(std::int64_t value, const char *target) {
	if (value < 0)
		throw message_error(Message::encoders_negative_bigint, {std::to_string(value), target});
	return static_cast<std::uint64_t>(value);
}

namespace {

constexpr char kBase32LowerDigits[] = "abcdefghijklmnopqrstuvwxyz234567";
constexpr char kBase32UpperDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
constexpr char kCrockfordDigits[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr char kCrockfordLowerDigits[] = "0123456789abcdefghjkmnpqrstvwxyz";
constexpr char kBase64UrlDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Crockford's decoding rule: the letters people misread as digits stand for those digits.
constexpr DigitTable with_crockford_aliases(DigitTable table) {
	for (const char one : {'I', 'i', 'L', 'l'})
		table.values[static_cast<unsigned char>(one)] = 1;
	for (const char zero : {'O', 'o'})
		table.values[static_cast<unsigned char>(zero)] = 0;
	return table;
}

constexpr DigitTable kBase32Values = make_digit_table(kBase32UpperDigits, kBase32LowerDigits);
constexpr DigitTable kCrockfordValues =
    with_crockford_aliases(make_digit_table(kCrockfordDigits, kCrockfordLowerDigits));

// The bytes as one bit string, bits_per_char at a time from the most significant end; the last char is
// filled with zero bits (RFC 4648 without its '=' padding).
std::string encode_bit_groups(const std::uint8_t *bytes, std::size_t length, const char *digits, int bits_per_char) {
	const std::uint32_t mask = (1U << bits_per_char) - 1;
	std::string text;
	text.reserve((length * 8 + bits_per_char - 1) / bits_per_char);
	std::uint32_t buffer = 0; // only the low `pending` bits are still to be written
	int pending = 0;
	for (std::size_t i = 0; i < length; i++) {
		buffer = (buffer << 8) | bytes[i];
		pending += 8;
		while (pending >= bits_per_char) {
			pending -= bits_per_char;
			text.push_back(digits[(buffer >> pending) & mask]);
		}
	}
	if (pending > 0)
		text.push_back(digits[(buffer << (bits_per_char - pending)) & mask]);
	return text;
}

bool decode_base32_with(const DigitTable &values, std::string_view text, std::uint8_t *out,
                        std::size_t length) noexcept {
	if (text.size() != base32_length(length))
		return false;
	std::uint32_t buffer = 0;
	int pending = 0;
	std::size_t written = 0;
	for (const char c : text) {
		const std::uint8_t digit = values[c];
		if (digit == kNotADigit)
			return false;
		buffer = (buffer << 5) | digit;
		pending += 5;
		if (pending >= 8) {
			pending -= 8;
			out[written++] = static_cast<std::uint8_t>(buffer >> pending);
		}
	}
	return (buffer & ((1U << pending) - 1)) == 0; // fewer than 5 spare bits, all zero in canonical text
}

} // namespace

std::string to_base32_lower(const std::uint8_t *bytes, std::size_t length) {
	return encode_bit_groups(bytes, length, kBase32LowerDigits, 5);
}

bool base32_to_bytes(std::string_view text, std::uint8_t *out, std::size_t length) noexcept {
	return decode_base32_with(kBase32Values, text, out, length);
}

std::string to_crockford_base32(const std::uint8_t *bytes, std::size_t length) {
	return encode_bit_groups(bytes, length, kCrockfordDigits, 5);
}

bool crockford_base32_to_bytes(std::string_view text, std::uint8_t *out, std::size_t length) noexcept {
	return decode_base32_with(kCrockfordValues, text, out, length);
}

std::string to_base64url(const std::uint8_t *bytes, std::size_t length) {
	return encode_bit_groups(bytes, length, kBase64UrlDigits, 6);
}

} // namespace identities
