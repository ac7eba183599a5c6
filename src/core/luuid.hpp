// LUUID, from the 2013 blog "Embedding a Primary Key in a UUID / GUID for CQRS / ES": an entity's own
// sequential key and its class's group id inside a uuid, so /any/<uuid> can be routed and /person/<key> stays short.
//
// Layout pppppppp-pppp-6ggg-arrr-rrrrrrrrrrrr: 48-bit key BE | version nibble 6 | 12-bit
// group (the blog's crc12 of the class name) | fixed nibble a (so the RFC variant reads 10) | 60 random bits.
#pragma once

#include "core/uint128.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace identities {

constexpr std::size_t kLuuidSize = 16;
constexpr int kLuuidKeyBits = 48;
constexpr std::uint64_t kLuuidKeyMax = (std::uint64_t{1} << kLuuidKeyBits) - 1;
constexpr std::uint16_t kLuuidGroupMax = 0xFFF;
constexpr std::uint8_t kLuuidVersion = 6; // unassigned in 2013; RFC 9562 has since given it to reordered time
constexpr std::uint8_t kLuuidFixedNibble = 0xA;
constexpr int kLuuidRandomBits = 60;
constexpr std::uint64_t kLuuidRandomMax = (std::uint64_t{1} << kLuuidRandomBits) - 1;
constexpr std::size_t kLuuidShortBufferSize = 13; // 12 hex digits and a NUL

// new UUID(group | 6L << 12 | key << 16, 10L << 60 | random >>> 4); the arguments are masked to their widths.
inline Uint128 compose_luuid(std::uint64_t key48, std::uint16_t group12, std::uint64_t random60) noexcept {
	const std::uint64_t high =
	    ((key48 & kLuuidKeyMax) << 16) | (std::uint64_t{kLuuidVersion} << 12) | (group12 & kLuuidGroupMax);
	const std::uint64_t low = (std::uint64_t{kLuuidFixedNibble} << kLuuidRandomBits) | (random60 & kLuuidRandomMax);
	return (static_cast<Uint128>(high) << 64) | low;
}

inline std::uint64_t luuid_key(Uint128 id) noexcept { return static_cast<std::uint64_t>(id >> 80); }

inline std::uint16_t luuid_group(Uint128 id) noexcept {
	return static_cast<std::uint16_t>((id >> 64) & kLuuidGroupMax);
}

inline std::uint64_t luuid_random(Uint128 id) noexcept { return static_cast<std::uint64_t>(id) & kLuuidRandomMax; }

// Version nibble 6 and the whole nibble a after the group: what every LUUID carries.
inline bool has_luuid_shape(Uint128 id) noexcept {
	const std::uint64_t high = static_cast<std::uint64_t>(id >> 64);
	const std::uint64_t low = static_cast<std::uint64_t>(id);
	return ((high >> 12) & 0xF) == kLuuidVersion && (low >> kLuuidRandomBits) == kLuuidFixedNibble;
}

// SQL arguments: key 0..2^48-1 and group 0..4095, else 22003 ("key -1 is out of range for luuid").
std::uint64_t checked_luuid_key(std::int64_t key);
std::uint16_t checked_luuid_group(std::int64_t group);

// The short, friendly form (/person/23122e): the key in lowercase hex without leading zeros, "0" for 0.
// Writes the digits of the key's low 48 bits and a NUL (at most kLuuidShortBufferSize bytes); returns the
// number of digits.
std::size_t format_luuid_short(std::uint64_t key, char *out) noexcept;

// The reverse: 1 to 12 hex digits in either case (leading zeros allowed); nullopt for anything else.
std::optional<std::uint64_t> parse_luuid_short(std::string_view text) noexcept;

// The 2013 LUUID blog's CRC-12 of a name's bytes: reflected, poly 0x80F, init and
// xorout 0xFFF. It matches no catalogued CRC-12; "123456789" gives 0xDDD.
std::uint16_t crc12(std::string_view bytes) noexcept;

} // namespace identities
