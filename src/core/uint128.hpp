// Unsigned 128-bit integers: the common currency of every id format (decimal text, big-endian bytes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace identities {

using Uint128 = unsigned __int128;

constexpr Uint128 pow10_u128(int exponent) {
	Uint128 value = 1;
	for (int i = 0; i < exponent; i++)
		value *= 10;
	return value;
}

constexpr Uint128 kUint128Max = ~static_cast<Uint128>(0);
// The largest DECIMAL(28,0), .NET's decimal at scale 0: Architect's decimal ids, distributedid's range.
constexpr Uint128 kDecimal28Max = pow10_u128(28) - 1;

// Enough for 2^128-1 (39 digits) and a terminating NUL.
constexpr std::size_t kDecimalBufferSize = 40;

// Writes value in decimal (no leading zeros) plus a NUL; returns the number of digits.
std::size_t format_decimal(Uint128 value, char *out) noexcept;

enum class ParseStatus { Ok, Invalid, OutOfRange };

// Parses one or more ASCII digits (nothing else) into a value no greater than max.
// Invalid wins over OutOfRange, so "99…9x" is reported as malformed, not as too large.
ParseStatus parse_decimal(std::string_view digits, Uint128 max, Uint128 &out) noexcept;

// numeric_out's text of an integral numeric: digits, possibly with a zero fraction ("123.000"). A sign or a
// non-zero fraction is Invalid.
ParseStatus parse_integral_numeric(std::string_view numeric_text, Uint128 max, Uint128 &out) noexcept;

// Where a numeric stands among the integers 0 ... max, from numeric_out's text, to compare an id with any numeric
// a driver sends: Below them all (a negative value, -Infinity), Above them all (past max, Infinity, NaN: numeric
// sorts NaN last), or at floor: Exact when integral, Fraction when strictly between floor and floor + 1.
struct NumericPlace {
	enum class Kind { Below, Exact, Fraction, Above } kind;
	Uint128 floor;
};
NumericPlace place_numeric(std::string_view numeric_text, Uint128 max) noexcept;

// -1, 0 or 1 as the integer value sorts before, equal to or after the numeric so placed (numeric's own order).
inline int compare_with_numeric(Uint128 value, NumericPlace place) noexcept {
	switch (place.kind) {
	case NumericPlace::Kind::Below:
		return 1;
	case NumericPlace::Kind::Above:
		return -1;
	case NumericPlace::Kind::Fraction:
		return value <= place.floor ? -1 : 1;
	case NumericPlace::Kind::Exact:
		break;
	}
	return (value > place.floor) - (value < place.floor);
}

// Drops the whitespace PostgreSQL's own input functions skip around a value.
std::string_view trim_space(std::string_view text) noexcept;

// Big-endian bytes: the on-disk, binary I/O and memcmp-sortable form of every fixed-size id.
inline Uint128 load_big_endian(const std::uint8_t *bytes, std::size_t length) noexcept {
	Uint128 value = 0;
	for (std::size_t i = 0; i < length; i++)
		value = (value << 8) | bytes[i];
	return value;
}

inline void store_big_endian(Uint128 value, std::uint8_t *bytes, std::size_t length) noexcept {
	if (length == 12 || length == 16) { // the hot sizes: two byte swaps instead of a loop of 128-bit shifts
		const std::uint64_t low = __builtin_bswap64(static_cast<std::uint64_t>(value));
		const std::uint64_t high = __builtin_bswap64(static_cast<std::uint64_t>(value >> 64));
		std::memcpy(bytes + length - 8, &low, 8);
		std::memcpy(bytes, reinterpret_cast<const std::uint8_t *>(&high) + 16 - length, length - 8);
		return;
	}
	for (std::size_t i = length; i-- > 0;) {
		bytes[i] = static_cast<std::uint8_t>(value);
		value >>= 8;
	}
}

} // namespace identities
