// numeric's binary form (PostgreSQL's numeric_send and numeric_recv), the wire form of the types that are numbers:
// distributedid (a DECIMAL(28,0)) and siq (a 112-bit integer) send and receive exactly what a numeric column of the
// same value does, so a driver's numeric decoder reads the true value.
//
// The form, big-endian: int16 ndigits, int16 weight, uint16 sign (0x0000 positive, 0x4000 negative, 0xC000 NaN,
// 0xD000 +Infinity, 0xF000 -Infinity), uint16 dscale, then ndigits int16 base-10000 digits, the first of which is
// the multiple of 10000^weight.
#pragma once

#include "core/uint128.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace identities {

constexpr std::size_t kNumericWireHeaderSize = 8;
// 2^128 - 1 has 10 base-10000 digits.
constexpr std::size_t kNumericWireMaxDigits = 10;
constexpr std::size_t kNumericWireMaxSize = kNumericWireHeaderSize + 2 * kNumericWireMaxDigits;

constexpr std::uint16_t kNumericWirePositive = 0x0000;
constexpr std::uint16_t kNumericWireNegative = 0x4000;
constexpr std::uint16_t kNumericWireNaN = 0xC000;
constexpr std::uint16_t kNumericWirePlusInfinity = 0xD000;
constexpr std::uint16_t kNumericWireMinusInfinity = 0xF000;
// numeric's largest dscale (NUMERIC_DSCALE_MASK): numeric_recv refuses more.
constexpr std::uint16_t kNumericWireMaxDscale = 0x3FFF;

// Writes what numeric_send sends for the integer value at dscale 0: leading and trailing zero digits stripped
// (the weight says where the digits stand), zero as no digits and weight 0. Returns the number of bytes written
// to out, which has room for kNumericWireMaxSize.
std::size_t encode_numeric_wire(Uint128 value, std::uint8_t *out) noexcept;

// The integer a numeric's binary form holds, 0 ... max. Any valid form of an integral value is taken: digits
// not normalised (leading or trailing zeros), a dscale above 0 with zero fractional digits (7.00), a negative
// zero. Refused (an Error naming type_name):
//   22P03 (InvalidBinaryRepresentation): the length does not match ndigits, a negative ndigits, a digit above
//         9999, a sign that is none of numeric's, a dscale above numeric's;
//   22003 (NumericValueOutOfRange): a fraction, a negative value, NaN, an infinity, a value above max, with
//         range_detail as the detail (the same code and message as the numeric -> type cast).
Uint128 decode_numeric_wire(const std::uint8_t *bytes, std::size_t length, Uint128 max, const char *type_name,
                            const char *range_detail);

// numeric_out's text of a valid numeric binary form (sign, digits, dscale fractional digits; NaN, Infinity,
// -Infinity), for messages: cut to about 60 characters with "..." when longer. The form must have passed the
// checks of decode_numeric_wire that lead to 22P03.
std::string format_numeric_wire(const std::uint8_t *bytes, std::size_t length);

// 0.1.0's binary form of distributedid and siq, the stored big-endian bytes, still served to a database on 0.1.0.
// The new library never lets it be taken for numeric's form, nor numeric's for it, so that servers or Citus nodes
// on 0.1.0 and on 0.2.0 refuse each other's values (22P03, a hint to update) instead of misreading them:
//   check_raw_wire_receive refuses anything but exactly size bytes, and size bytes that decode_numeric_wire would
//                          take as a value 0 ... max (what a 0.2.0 sender sends has that length for some values:
//                          a distributedid of two base-10000 digits, a siq of three);
//   check_raw_wire_send    refuses to send a value whose bytes decode_numeric_wire would take (a 0.2.0 receiver
//                          would read another number). No generated id is such a value: their first two bytes
//                          would be numeric's ndigits, 2 or 3.
void check_raw_wire_receive(const std::uint8_t *bytes, std::size_t length, std::size_t size, Uint128 max,
                            const char *type_name);
void check_raw_wire_send(const std::uint8_t *bytes, std::size_t size, Uint128 max, const char *type_name);

} // namespace identities
