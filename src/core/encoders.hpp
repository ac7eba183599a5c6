// Text encodings of raw bytes shared by the formats, and Architect.Identities' id encoders.
#pragma once

#include "core/uint128.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace identities {

// The value of a hex digit in either case, or -1.
constexpr int hex_digit_value(char c) noexcept {
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
	                              : -1;
}

// The value of a character of the standard base64 alphabet (RFC 4648 section 4), or -1.
constexpr int base64_digit_value(char c) noexcept {
	return c >= 'A' && c <= 'Z'   ? c - 'A'
	       : c >= 'a' && c <= 'z' ? c - 'a' + 26
	       : c >= '0' && c <= '9' ? c - '0' + 52
	       : c == '+'             ? 62
	       : c == '/'             ? 63
	                              : -1;
}

// Lowercase hex, two digits a byte.
std::string hex_lower(const std::uint8_t *bytes, std::size_t length);

// bytea's escape-free text form for error messages: \x and lowercase hex, cut after 32 bytes ("...").
std::string format_bytea_excerpt(const std::uint8_t *bytes, std::size_t length);

// The canonical 8-4-4-4-12 lowercase form of 16 uuid bytes.
std::string format_uuid(const std::uint8_t *bytes);

// Exactly what PostgreSQL's uuid_in accepts: 32 hex digits in either case, an optional '-' after any group of
// four, the whole optionally in {}; no whitespace. False for anything else.
bool parse_uuid_text(std::string_view text, Uint128 &out) noexcept;

// In the encoders below, a "decimal" is Architect's decimal id: an integer 0..10^28-1 (a .NET decimal, scale 0).
//
// Architect's AlphanumericIdEncoder: base62 over 8-byte big-endian blocks, 11 chars per block, alphabet
// 0-9A-Za-z (ASCII order, so string order is numeric order). A decimal is the 22-char form of its 16 bytes
// without the 6 leading '0'; a uint128 is block(high 64) + block(low 64), not base62 of the whole number.
// Decoders accept only canonical encodings: the exact length, alphabet bytes only, and (unlike .NET, which
// wraps mod 2^64) no block above 2^64-1 and no decimal above 10^28-1.
constexpr std::size_t kAlphanumericUint64Length = 11;
constexpr std::size_t kAlphanumericDecimalLength = 16;
constexpr std::size_t kAlphanumericUint128Length = 22;
void to_alphanumeric_uint64(std::uint64_t value, char *out) noexcept; // writes 11 chars, no NUL
void to_alphanumeric_decimal(Uint128 value, char *out) noexcept;      // 16 chars; precondition value <= 10^28-1
void to_alphanumeric_uint128(Uint128 value, char *out) noexcept;      // 22 chars: block(high 64) + block(low 64)
std::optional<std::uint64_t> alphanumeric_to_uint64(std::string_view text) noexcept;
std::optional<Uint128> alphanumeric_to_decimal(std::string_view text) noexcept;
std::optional<Uint128> alphanumeric_to_uint128(std::string_view text) noexcept;

// Architect's HexadecimalIdEncoder: the big-endian bytes in hex, uppercase out, either case in. A decimal is
// the last 13 of its 16 bytes, so its 26 chars start with "00".
constexpr std::size_t kHexadecimalUint64Length = 16;
constexpr std::size_t kHexadecimalDecimalLength = 26;
constexpr std::size_t kHexadecimalUint128Length = 32;
void to_hexadecimal_uint64(std::uint64_t value, char *out) noexcept; // writes 16 chars, no NUL
void to_hexadecimal_decimal(Uint128 value, char *out) noexcept;      // 26 chars; precondition value <= 10^28-1
void to_hexadecimal_uint128(Uint128 value, char *out) noexcept;      // 32 chars
std::optional<std::uint64_t> hexadecimal_to_uint64(std::string_view text) noexcept;
std::optional<Uint128> hexadecimal_to_decimal(std::string_view text) noexcept;
std::optional<Uint128> hexadecimal_to_uint128(std::string_view text) noexcept;

// RFC 4648 base32 (a-z, 2-7) without '=' padding, as SUOU's b32lencode: 5 bits a char, most significant first,
// the last char's spare low bits zero. base32_length(n) chars for n bytes.
constexpr std::size_t base32_length(std::size_t byte_count) noexcept { return (byte_count * 8 + 4) / 5; }
std::string to_base32_lower(const std::uint8_t *bytes, std::size_t length);
// Decodes exactly base32_length(length) chars, either case, into length bytes. False for another length, a
// char outside the alphabet, or non-zero spare bits (so only the canonical text of the bytes decodes).
bool base32_to_bytes(std::string_view text, std::uint8_t *out, std::size_t length) noexcept;

// Crockford's base32 (0-9 A-Z without I L O U), uppercase, grouped like RFC 4648 (SUOU's cb32encode: b32encode
// with the alphabet swapped) and unpadded. The decoder takes either case and Crockford's aliases I, L -> 1 and
// O -> 0; U and hyphens are refused. Same length and spare-bit rules as base32_to_bytes.
std::string to_crockford_base32(const std::uint8_t *bytes, std::size_t length);
bool crockford_base32_to_bytes(std::string_view text, std::uint8_t *out, std::size_t length) noexcept;

// URL-safe base64 (RFC 4648 section 5: '-' and '_'), '=' padding stripped.
std::string to_base64url(const std::uint8_t *bytes, std::size_t length);

// A signed id as the unsigned value Architect encodes and encrypts: it refuses negative longs, and so do we
// (22003, naming the target, e.g. "a public id").
std::uint64_t encodable_bigint(std::int64_t value, const char *target);

} // namespace identities
