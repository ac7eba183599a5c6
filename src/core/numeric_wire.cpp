#include "core/numeric_wire.hpp"

#include "core/error.hpp"

#include <algorithm>
#include <string>

namespace identities {
namespace {

constexpr std::uint32_t kNumericBase = 10000;
constexpr std::uint64_t kTenPow16 = 10000000000000000ULL; // four base-10000 digits

std::uint16_t load_u16(const std::uint8_t *bytes) noexcept {
	return static_cast<std::uint16_t>((bytes[0] << 8) | bytes[1]);
}

void store_u16(std::uint16_t value, std::uint8_t *bytes) noexcept {
	bytes[0] = static_cast<std::uint8_t>(value >> 8);
	bytes[1] = static_cast<std::uint8_t>(value);
}

// The form's header and digits, as numeric_recv reads them (ndigits unsigned, as it does).
struct NumericWire {
	std::size_t ndigits;
	std::int16_t weight;
	std::uint16_t sign;
	std::uint16_t dscale;
	const std::uint8_t *digits;

	std::uint16_t digit(std::size_t index) const noexcept { return load_u16(digits + 2 * index); }
	// The digit that multiplies 10000^position, 0 where the form has none.
	std::uint16_t digit_at(long position) const noexcept {
		const long index = weight - position;
		return index >= 0 && static_cast<std::size_t>(index) < ndigits ? digit(static_cast<std::size_t>(index)) : 0;
	}
	bool is_special() const noexcept {
		return sign == kNumericWireNaN || sign == kNumericWirePlusInfinity || sign == kNumericWireMinusInfinity;
	}
};

Error malformed(const char *type_name, const std::string &detail) {
	return Error(ErrorCode::InvalidBinaryRepresentation,
	             std::string("invalid binary numeric value for type ") + type_name, detail);
}

std::string hex16(std::uint16_t value) {
	static const char kHex[] = "0123456789ABCDEF";
	std::string text = "0x";
	for (int shift = 12; shift >= 0; shift -= 4)
		text += kHex[(value >> shift) & 0xF];
	return text;
}

// The header and the digits, checked as numeric_recv checks them (22P03 otherwise).
NumericWire read_numeric_wire(const std::uint8_t *bytes, std::size_t length, const char *type_name) {
	if (length < kNumericWireHeaderSize)
		throw malformed(type_name, "The value is " + std::to_string(length) +
		                               " bytes long, shorter than the 8-byte header of numeric's binary form.");
	NumericWire wire{load_u16(bytes), static_cast<std::int16_t>(load_u16(bytes + 2)), load_u16(bytes + 4),
	                 load_u16(bytes + 6), bytes + kNumericWireHeaderSize};
	const std::size_t expected = kNumericWireHeaderSize + 2 * wire.ndigits;
	if (length != expected)
		throw malformed(type_name, "Its header announces " + std::to_string(wire.ndigits) +
		                               (wire.ndigits == 1 ? " digit, which takes " : " digits, which take ") +
		                               std::to_string(expected) + " bytes, but the value is " + std::to_string(length) +
		                               " bytes long.");
	if (wire.sign != kNumericWirePositive && wire.sign != kNumericWireNegative && !wire.is_special())
		throw malformed(type_name, "Its sign field is " + hex16(wire.sign) +
		                               ", none of numeric's (0x0000, 0x4000, 0xC000, 0xD000, 0xF000).");
	if (wire.dscale > kNumericWireMaxDscale)
		throw malformed(type_name, "Its display scale is " + std::to_string(wire.dscale) + ", above numeric's " +
		                               std::to_string(kNumericWireMaxDscale) + ".");
	for (std::size_t i = 0; i < wire.ndigits; i++)
		if (wire.digit(i) >= kNumericBase)
			throw malformed(type_name, "Its digit " + std::to_string(i + 1) + " is " + std::to_string(wire.digit(i)) +
			                               ", above 9999 (digits are base 10000).");
	return wire;
}

constexpr std::size_t kShownLength = 60;

std::string format_wire(const NumericWire &wire) {
	if (wire.sign == kNumericWireNaN)
		return "NaN";
	if (wire.sign == kNumericWirePlusInfinity)
		return "Infinity";
	if (wire.sign == kNumericWireMinusInfinity)
		return "-Infinity";
	bool nonzero = false;
	for (std::size_t i = 0; i < wire.ndigits && !nonzero; i++)
		nonzero = wire.digit(i) != 0;
	std::string text = nonzero && wire.sign == kNumericWireNegative ? "-" : "";
	const auto append_group = [&text](std::uint16_t group, bool pad) {
		char chars[5];
		int count = 0;
		for (std::uint32_t divisor = 1000; divisor > 0; divisor /= 10) {
			const int digit = static_cast<int>(group / divisor % 10);
			if (pad || count > 0 || digit != 0 || divisor == 1)
				chars[count++] = static_cast<char>('0' + digit);
		}
		text.append(chars, static_cast<std::size_t>(count));
	};
	// The integer part, without leading zeros.
	bool started = false;
	for (long position = wire.weight; position >= 0 && text.size() <= kShownLength; position--) {
		const std::uint16_t group = wire.digit_at(position);
		if (!started && group == 0 && position > 0)
			continue;
		append_group(group, started);
		started = true;
	}
	if (!started)
		text += '0';
	// The fraction: dscale digits, more when non-zero digits stand further right.
	const long last_position = static_cast<long>(wire.weight) - static_cast<long>(wire.ndigits) + 1;
	long fraction_digits = wire.dscale;
	for (long position = -1; position >= last_position; position--)
		if (wire.digit_at(position) != 0)
			fraction_digits = std::max(fraction_digits, -4 * position);
	if (fraction_digits > 0 && text.size() <= kShownLength) {
		std::string fraction;
		for (long position = -1;
		     static_cast<long>(fraction.size()) < fraction_digits && fraction.size() <= kShownLength; position--) {
			const std::uint16_t group = wire.digit_at(position);
			for (std::uint32_t divisor = 1000; divisor > 0; divisor /= 10)
				fraction += static_cast<char>('0' + group / divisor % 10);
		}
		if (static_cast<long>(fraction.size()) > fraction_digits)
			fraction.resize(static_cast<std::size_t>(fraction_digits));
		// Past dscale, only up to the last non-zero digit.
		while (fraction.size() > wire.dscale && fraction.back() == '0')
			fraction.pop_back();
		text += '.';
		text += fraction;
	}
	if (text.size() > kShownLength) {
		text.resize(kShownLength);
		text += "...";
	}
	return text;
}

} // namespace

std::size_t encode_numeric_wire(Uint128 value, std::uint8_t *out) noexcept {
	// The base-10000 digits, least significant first.
	std::uint16_t digits[kNumericWireMaxDigits];
	std::size_t count = 0;
	while (value > ~std::uint64_t{0}) { // one 128-bit division for four digits, then 64-bit ones
		std::uint64_t low = static_cast<std::uint64_t>(value % kTenPow16);
		value /= kTenPow16;
		for (int i = 0; i < 4; i++) {
			digits[count++] = static_cast<std::uint16_t>(low % kNumericBase);
			low /= kNumericBase;
		}
	}
	for (std::uint64_t rest = static_cast<std::uint64_t>(value); rest != 0; rest /= kNumericBase)
		digits[count++] = static_cast<std::uint16_t>(rest % kNumericBase);
	// Trailing zero digits are left out: the weight places the others.
	std::size_t trailing = 0;
	while (trailing < count && digits[trailing] == 0)
		trailing++;
	const std::size_t ndigits = count - trailing;
	store_u16(static_cast<std::uint16_t>(ndigits), out);
	store_u16(static_cast<std::uint16_t>(count == 0 ? 0 : count - 1), out + 2);
	store_u16(kNumericWirePositive, out + 4);
	store_u16(0, out + 6);
	for (std::size_t i = 0; i < ndigits; i++)
		store_u16(digits[count - 1 - i], out + kNumericWireHeaderSize + 2 * i);
	return kNumericWireHeaderSize + 2 * ndigits;
}

Uint128 decode_numeric_wire(const std::uint8_t *bytes, std::size_t length, Uint128 max, const char *type_name,
                            const char *range_detail) {
	const NumericWire wire = read_numeric_wire(bytes, length, type_name);
	const auto refused = [&] {
		return Error(ErrorCode::NumericValueOutOfRange,
		             "numeric value " + format_wire(wire) + " is out of range for type " + type_name, range_detail);
	};
	if (wire.is_special())
		throw refused();
	// Horner's rule over the digits of the integer part, stopping as soon as the value passes max (it only grows).
	Uint128 value = 0;
	bool nonzero = false;
	const auto shift_in = [&](std::uint16_t digit) {
		// value * 10000 + digit would pass 2^128 - 1 (constants folded: no 128-bit division here)
		constexpr Uint128 kQuotient = kUint128Max / kNumericBase;
		constexpr Uint128 kRemainder = kUint128Max % kNumericBase;
		if (value > kQuotient || (value == kQuotient && digit > kRemainder))
			return false;
		value = value * kNumericBase + digit;
		return value <= max;
	};
	for (std::size_t i = 0; i < wire.ndigits; i++) {
		const std::uint16_t digit = wire.digit(i);
		nonzero = nonzero || digit != 0;
		const long position = static_cast<long>(wire.weight) - static_cast<long>(i);
		if (position < 0) {
			if (digit != 0)
				throw refused(); // a fraction
		} else if (!shift_in(digit)) {
			throw refused();
		}
	}
	if (nonzero && wire.sign == kNumericWireNegative)
		throw refused();
	// The zero digits numeric leaves out after the last one it sends.
	if (value != 0)
		for (long position = static_cast<long>(wire.weight) - static_cast<long>(wire.ndigits); position >= 0;
		     position--)
			if (!shift_in(0))
				throw refused();
	return value;
}

namespace {

constexpr const char *kRawWireHint =
    "Servers or nodes on identities 0.1.0 and on 0.2.0 or later exchange distributedid and siq in different binary "
    "forms: run ALTER EXTENSION identities UPDATE on every one (on a Citus coordinator, once for all), or use text.";

std::string decimal_text(Uint128 value) {
	char text[kDecimalBufferSize];
	return std::string(text, format_decimal(value, text));
}

// The value numeric's binary form of these bytes holds, if decode_numeric_wire takes them.
bool reads_as_numeric_wire(const std::uint8_t *bytes, std::size_t length, Uint128 max, Uint128 &value) noexcept {
	if (length < kNumericWireHeaderSize || kNumericWireHeaderSize + 2 * std::size_t{load_u16(bytes)} != length)
		return false;
	try {
		value = decode_numeric_wire(bytes, length, max, "numeric", "");
		return true;
	} catch (const Error &) {
		return false;
	}
}

std::string raw_wire_message(const char *type_name) {
	return std::string("invalid binary value for type ") + type_name + " in identities 0.1.0";
}

} // namespace

void check_raw_wire_receive(const std::uint8_t *bytes, std::size_t length, std::size_t size, Uint128 max,
                            const char *type_name) {
	if (length != size)
		throw Error(ErrorCode::InvalidBinaryRepresentation, raw_wire_message(type_name),
		            "The value is " + std::to_string(length) + " bytes long; that form has " + std::to_string(size) +
		                ".",
		            kRawWireHint);
	Uint128 value = 0;
	if (reads_as_numeric_wire(bytes, length, max, value))
		throw Error(ErrorCode::InvalidBinaryRepresentation, raw_wire_message(type_name),
		            "Its " + std::to_string(size) + " bytes are also numeric's binary form of " + decimal_text(value) +
		                ", which identities 0.2.0 and later send.",
		            kRawWireHint);
}

void check_raw_wire_send(const std::uint8_t *bytes, std::size_t size, Uint128 max, const char *type_name) {
	Uint128 value = 0;
	if (reads_as_numeric_wire(bytes, size, max, value))
		throw Error(ErrorCode::InvalidBinaryRepresentation,
		            std::string("value of type ") + type_name + " has no unambiguous binary form in identities 0.1.0",
		            "Its " + std::to_string(size) + " bytes are also numeric's binary form of " + decimal_text(value) +
		                ", which identities 0.2.0 and later send.",
		            kRawWireHint);
}

std::string format_numeric_wire(const std::uint8_t *bytes, std::size_t length) {
	return format_wire(read_numeric_wire(bytes, length, "numeric"));
}

} // namespace identities
