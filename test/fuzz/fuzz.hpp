// What every libFuzzer target of test/fuzz shares (doc/hardening.md describes the targets).
//
// A target defines `void fuzz_one(std::string_view input)` and includes this header once. Its checks use
// FUZZ_CHECK, which prints the failed condition and aborts, so libFuzzer saves the input as a crash. An
// identities::Error escaping fuzz_one is expected input rejection only where the target catches it; any other
// exception reaching the entry point is a finding too (it is printed, then the process aborts).
#pragma once

#include "core/error.hpp"
#include "core/uint128.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#define FUZZ_CHECK(condition)                                                                                          \
	do {                                                                                                               \
		if (!(condition))                                                                                              \
			::identities::fuzz::check_failed(#condition, __FILE__, __LINE__);                                          \
	} while (0)

namespace identities::fuzz {

[[noreturn]] inline void check_failed(const char *condition, const char *file, int line) {
	std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", condition, file, line);
	std::fflush(stderr);
	std::abort();
}

// The result of a core call that may throw identities::Error: the value, or the error's code.
template <typename Value> struct Outcome {
	std::optional<Value> value;
	ErrorCode code = ErrorCode::Internal;

	bool ok() const noexcept { return value.has_value(); }
};

template <typename Call> auto attempt(Call call) -> Outcome<decltype(call())> {
	try {
		return {call(), ErrorCode::Internal};
	} catch (const Error &error) {
		return {std::nullopt, error.code()};
	}
}

inline bool is_one_of(ErrorCode code, std::initializer_list<ErrorCode> codes) noexcept {
	for (ErrorCode wanted : codes)
		if (code == wanted)
			return true;
	return false;
}

inline std::string decimal(Uint128 value) {
	char digits[kDecimalBufferSize];
	format_decimal(value, digits);
	return digits;
}

inline bool is_ascii_digit(char c) noexcept { return c >= '0' && c <= '9'; }

inline char ascii_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

inline char ascii_upper(char c) noexcept { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

inline std::string lower(std::string_view text) {
	std::string out(text);
	for (char &c : out)
		c = ascii_lower(c);
	return out;
}

inline std::string upper(std::string_view text) {
	std::string out(text);
	for (char &c : out)
		c = ascii_upper(c);
	return out;
}

// The characters PostgreSQL's input functions skip around a value (scanner_isspace), written out again here
// rather than taken from the core, so the targets check trim_space instead of trusting it.
inline bool is_pg_space(char c) noexcept {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

inline std::string_view reference_trim(std::string_view text) noexcept {
	std::size_t begin = 0, end = text.size();
	while (begin < end && is_pg_space(text[begin]))
		begin++;
	while (end > begin && is_pg_space(text[end - 1]))
		end--;
	return text.substr(begin, end - begin);
}

// Digits without their leading zeros ("0" for zeros only): the canonical decimal text of a digit string.
inline std::string_view without_leading_zeros(std::string_view digits) noexcept {
	const std::size_t first = digits.find_first_not_of('0');
	return first == std::string_view::npos ? std::string_view("0") : digits.substr(first);
}

// Whether a string of one or more digits is a number no greater than the decimal text limit, compared as text.
inline bool digits_within(std::string_view digits, std::string_view limit) noexcept {
	const std::string_view canonical = without_leading_zeros(digits);
	return canonical.size() < limit.size() || (canonical.size() == limit.size() && canonical <= limit);
}

inline bool all_digits(std::string_view text) noexcept {
	if (text.empty())
		return false;
	for (char c : text)
		if (!is_ascii_digit(c))
			return false;
	return true;
}

// The value of up to 16 bytes read big-endian by a plain loop (the reference for load_big_endian).
inline Uint128 bytes_value(const std::uint8_t *bytes, std::size_t length) noexcept {
	Uint128 value = 0;
	for (std::size_t i = 0; i < length; i++)
		value = value * 256 + bytes[i];
	return value;
}

// The first `length` bytes of a string of '0'/'1' bits, most significant first; nothing when a bit past them is set
// (the spare bits of a canonical encoding are zero). Shared by the reference decoders.
inline std::optional<std::string> bytes_from_bits(const std::string &bits, std::size_t length) {
	if (bits.find('1', length * 8) != std::string::npos)
		return std::nullopt;
	std::string bytes(length, '\0');
	for (std::size_t i = 0; i < length * 8; i++)
		if (bits[i] == '1')
			bytes[i / 8] = static_cast<char>(bytes[i / 8] | (0x80 >> (i % 8)));
	return bytes;
}

// A plain bit-at-a-time base32 decoder, the reference for the core's table-driven one: value_of gives a char's
// 5-bit value or -1. Exactly `length` bytes from base32_length(length) chars whose spare bits are zero, else
// nothing.
template <typename ValueOf>
std::optional<std::string> reference_base32_decode(std::string_view text, std::size_t length, ValueOf value_of) {
	if (text.size() != (length * 8 + 4) / 5)
		return std::nullopt;
	std::string bits;
	for (const char c : text) {
		const int value = value_of(c);
		if (value < 0 || value > 31)
			return std::nullopt;
		for (int bit = 4; bit >= 0; bit--)
			bits.push_back(((value >> bit) & 1) ? '1' : '0');
	}
	return bytes_from_bits(bits, length);
}

// RFC 4648's base32 alphabet, either case.
inline int rfc4648_base32_value(char c) noexcept {
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a';
	if (c >= '2' && c <= '7')
		return c - '2' + 26;
	return -1;
}

// Crockford's alphabet, either case, with the aliases I, L -> 1 and O -> 0; U is no digit.
inline int crockford_base32_value(char c) noexcept {
	static constexpr std::string_view kDigits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
	c = ascii_upper(c);
	if (c == 'I' || c == 'L')
		return 1;
	if (c == 'O')
		return 0;
	const std::size_t at = kDigits.find(c);
	return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

// Crockford's canonical spelling of a char the decoder accepts: uppercase, aliases replaced.
inline char crockford_canonical(char c) noexcept {
	c = ascii_upper(c);
	return c == 'I' || c == 'L' ? '1' : c == 'O' ? '0' : c;
}

// zlib's CRC-32 bit by bit (the reference for the core's table).
inline std::uint32_t reference_crc32(const std::uint8_t *bytes, std::size_t length) noexcept {
	std::uint32_t crc = 0xFFFFFFFFU;
	for (std::size_t i = 0; i < length; i++) {
		crc ^= bytes[i];
		for (int bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xEDB88320U & (0U - (crc & 1U)));
	}
	return ~crc;
}

} // namespace identities::fuzz

void fuzz_one(std::string_view input);

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
	// The input is used in place: ASan sees any read past its end (a std::string copy would hide one).
	try {
		fuzz_one(std::string_view(reinterpret_cast<const char *>(data), size));
	} catch (const std::exception &exception) {
		std::fprintf(stderr, "fuzz: unexpected exception escaped: %s\n", exception.what());
		std::fflush(stderr);
		std::abort();
	}
	return 0;
}
