// SIQ (SUOU's suou.iding): a 112-bit id of time, shard, domain hash, serial and qualifier, kept in the siq type.
//
// Layout (bit 111 = most significant): 40-bit Unix seconds | 16-bit binary fraction of a
// second (1/65536 s ticks) | 8-bit shard | 32-bit domain hash | 16-bit tail = serial followed by a 3-, 4- or
// 5-bit qualifier. Stored as 14 big-endian bytes, so memcmp order is numeric order is time order.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"
#include "core/uint128.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace identities {

constexpr std::size_t kSiqSize = 14;
constexpr std::size_t kSiqShardByte = 7; // the shard's byte in the 14 big-endian bytes
constexpr int kSiqBits = 112;
constexpr Uint128 kSiqMax = (static_cast<Uint128>(1) << kSiqBits) - 1;
// The detail of every out-of-range error of the type.
constexpr const char *kSiqRangeDetail = "A siq is an integer from 0 to 2^112-1.";
constexpr int kSiqFractionBits = 16;                                // ticks of 1/65536 s, about 15.26 us
constexpr std::uint64_t kSiqMaxTs56 = (std::uint64_t{1} << 56) - 1; // 2^40 s after 1970: the year 36812
constexpr std::size_t kSiqHexLength = 28;                           // the siq type's output
constexpr std::size_t kSiqDidBodyLength = 29;                       // after "did:siq:"
constexpr std::size_t kSiqBase64Length = 20;                        // 15 bytes, unpadded
constexpr std::size_t kSiqCrockfordMaxLength = 24;                  // 15 bytes, before the leading '0's go
constexpr const char *kSiqDidPrefix = "did:siq:";

inline Uint128 compose_siq(std::uint64_t ts56, std::uint8_t shard, std::uint32_t domain_hash,
                           std::uint16_t tail) noexcept {
	return (static_cast<Uint128>(ts56 & kSiqMaxTs56) << 56) | (static_cast<Uint128>(shard) << 48) |
	       (static_cast<Uint128>(domain_hash) << 16) | tail;
}

// (seconds << 16) | fraction: the 56-bit timestamp, in ticks of 1/65536 s since 1970.
inline std::uint64_t siq_ts56(Uint128 id) noexcept { return static_cast<std::uint64_t>(id >> 56) & kSiqMaxTs56; }

inline std::uint8_t siq_shard(Uint128 id) noexcept { return static_cast<std::uint8_t>(id >> 48); }

// All 32 bits (SUOU's domain_name() reduces mod 2^32-1 by mistake, turning 0xFFFFFFFF into 0).
inline std::uint32_t siq_domain_hash(Uint128 id) noexcept { return static_cast<std::uint32_t>(id >> 16); }

inline std::uint16_t siq_tail(Uint128 id) noexcept { return static_cast<std::uint16_t>(id); }

// The embedded time in microseconds since 1970, rounded down (a tick is not a whole number of us).
inline UnixMicros siq_unix_micros(Uint128 id) noexcept {
	const std::uint64_t ts56 = siq_ts56(id);
	const std::uint64_t fraction_micros = ((ts56 & 0xFFFF) * kMicrosPerSecond) >> kSiqFractionBits;
	return static_cast<UnixMicros>((ts56 >> kSiqFractionBits) * kMicrosPerSecond + fraction_micros);
}

// floor(instant * 65536 / 1 s), exactly (the reference's float product can be one tick off). Throws 22008 before
// 1970 and from 2^40 s on.
std::uint64_t siq_ts56_from_unix_micros(UnixMicros instant);

// Smallest siq whose siq_unix_micros is at or after the instant (the tick rounded up, everything else 0), so
// `id >= siq_boundary(t)` exactly when the id's extracted time is >= t. Before 1970: 0. Past the range: 22008.
Uint128 siq_boundary(UnixMicros instant);

// A qualifier (SUOU's SiqType): its value's leading 1 bit only marks the width, the bits below it are the
// qualifier, and the serial gets the 16 - width bits above them.
struct SiqQualifier {
	const char *name;   // the SQL name, lowercase; "product" is SUOU's PREMIUM
	std::uint8_t value; // SUOU's enum value, e.g. 32 for user
	int width;          // qualifier bits: 3, 4 or 5 (floor(log2(value)))
	int index;          // position in kSiqQualifiers, and the serial counter it owns in SiqState
};

constexpr std::size_t kSiqQualifierCount = 15;

// In the SQL API's order: user, application, event, product, group, collection, invite, tag, channel, thread,
// message, ternary, manytomany, multi, content.
extern const SiqQualifier kSiqQualifiers[kSiqQualifierCount];

// The qualifier named exactly (lowercase); anything else throws 22023 listing the valid names.
const SiqQualifier &siq_qualifier(std::string_view name);

// The assigned qualifier with this value, or nullptr (50, 58 and 60 are reserved upstream; other values
// cannot come out of a tail).
const SiqQualifier *siq_qualifier_by_value(std::uint8_t value) noexcept;

inline std::uint16_t siq_max_serial(const SiqQualifier &qualifier) noexcept {
	return static_cast<std::uint16_t>((1U << (16 - qualifier.width)) - 1);
}

// siq_generate_at's serial: 0..siq_max_serial(qualifier), else 22003 saying that maximum.
std::uint16_t checked_siq_serial(std::int64_t serial, const SiqQualifier &qualifier);

// SUOU's prepend: (serial << width) | qualifier bits. A serial above siq_max_serial is cut to its width.
inline std::uint16_t siq_tail(std::uint16_t serial, const SiqQualifier &qualifier) noexcept {
	const unsigned qualifier_bits = qualifier.value & ((1U << qualifier.width) - 1);
	return static_cast<std::uint16_t>((static_cast<unsigned>(serial) << qualifier.width) | qualifier_bits);
}

// The SIQ of a past instant (siq_generate_at): its tick (siq_ts56_from_unix_micros, rounded down), the shard, the
// domain hash and the serial's tail. Throws 22008 before 1970 and from 2^40 s on.
Uint128 siq_at(UnixMicros instant, std::uint16_t serial, const SiqQualifier &qualifier, std::uint8_t shard,
               std::uint32_t domain_hash);

// A tail read back. The qualifier codes are suffix-free, so every tail decodes: a final 1 is a 3-bit
// qualifier, a final 110 a 4-bit one, anything else a 5-bit one.
struct SiqTailParts {
	std::uint16_t serial;
	std::uint8_t qualifier_value;  // with its width-marking leading 1, as SUOU's enum (9..60)
	const SiqQualifier *qualifier; // nullptr for the reserved values 50, 58 and 60 (no name to show)
};
SiqTailParts decode_siq_tail(std::uint16_t tail) noexcept;

// SUOU's make_domain_hash without local_id: the last 4 bytes of SHA-256(domain), big-endian; 0 for "" and "0".
// A non-ASCII domain throws 22023 (upstream refuses it too: internationalized names go in as punycode).
std::uint32_t siq_domain_hash(std::string_view domain);

// The shard argument: 0..255, else 22003. 0 is shard 0 (SUOU would read 0 as "use the process id").
std::uint8_t checked_siq_shard(std::int64_t shard);

// The siq type's output: 28 lowercase hex digits, zero-padded, and a NUL (out holds kSiqHexLength + 1).
void format_siq_hex(Uint128 id, char *out) noexcept;

// The siq type's input: hex digits in either case (1 to 28 significant ones; leading zeros are fine), or a
// did:siq: string; whitespace around either is ignored, as in PostgreSQL's own types. Throws 22P02 for
// malformed text or a wrong DID checksum, 22003 for a hex value above 2^112-1.
Uint128 parse_siq(std::string_view text);

// numeric_out's text of an integral numeric 0..2^112-1 (the numeric -> siq cast); anything else throws 22003.
Uint128 parse_siq_numeric(std::string_view numeric_text);

// "did:siq:" + 29 lowercase base32 chars of CRC-32(14 bytes) as 6 big-endian bytes + the 14 bytes, the first 3
// (always "aaa") dropped. siq_from_did takes the body in either case, with the prefix or (as SUOU's
// removeprefix) without; it throws 22P02 for anything malformed and for a checksum mismatch.
std::string siq_to_did(Uint128 id);
Uint128 siq_from_did(std::string_view text);

// URL-safe base64 of the 15-byte big-endian form (one leading zero byte), unpadded: always 20 chars.
std::string siq_to_base64(Uint128 id);

// Crockford base32 of the 15-byte form with its leading '0's stripped, as SUOU's to_cb32 (at most 23 chars);
// the zero siq, which SUOU writes as "", is "0". siq_from_cb32 takes 1 to 24 chars (SUOU's zfill(24)), either
// case and Crockford's aliases I, L -> 1 and O -> 0 (SUOU's decoder is broken; this is its intent). Throws
// 22P02 for anything else, 22003 for a value above 2^112-1.
std::string siq_to_cb32(Uint128 id);
Uint128 siq_from_cb32(std::string_view text);

// The UUIDv8 form (order-preserving and lossless; SUOU defines none): siq bits 111..64
// in bytes 0..5, version 8, bits 63..52, variant 10, bits 51..0, then 10 zero bits. The result is the uuid's
// 16 bytes as a big-endian integer. uuid_to_siq throws 22P02 for any uuid siq_to_uuid cannot make (another
// version or variant, or a non-zero pad bit).
Uint128 siq_to_uuid(Uint128 id) noexcept;
Uint128 uuid_to_siq(Uint128 uuid);

// The bytea form: the 14 big-endian bytes, or 16 whose first two are zero (SUOU's spec stores 16 bytes, its
// code 14). Any other input throws 22P02.
Uint128 siq_from_bytes(const std::uint8_t *bytes, std::size_t length);

inline Uint128 load_siq(const std::uint8_t *bytes) noexcept { return load_big_endian(bytes, kSiqSize); }

inline void store_siq(Uint128 id, std::uint8_t *bytes) noexcept { store_big_endian(id, bytes, kSiqSize); }

// One qualifier's serial: the tick it counts in and the next serial to hand out there.
struct SiqCounter {
	std::uint64_t ts56 = 0;
	std::uint32_t next_serial = 0;
};

// The generator's whole state: plain data, so it can live in a backend or in shared memory. One serial per
// qualifier, shared by every domain and shard, so a state never repeats an id whatever the arguments.
struct SiqState {
	SiqCounter counters[kSiqQualifierCount];
};

// The high-water mark's view of the state (core/high_water_mark.hpp): the start of the newest tick any qualifier
// counts in, and the floor's tick taken by every qualifier that is behind it, from serial 0.
UnixMicros newest_instant(const SiqState &state) noexcept;
void raise_to_floor(SiqState &state, UnixMicros floor) noexcept;

// One step of SUOU's SiqGen with its intended semantics: a new tick restarts the
// qualifier's serial at 0; within a tick the serial grows by one; when all 2^(16 - width) serials of the
// current tick are used, the step asks to sleep until the clock reaches the next tick. A clock behind the
// qualifier's tick is not followed back: the step keeps counting in the last tick and, when that is used up,
// moves on to the next tick at once instead of sleeping as long as the clock was set back. So per qualifier,
// (tick, serial) strictly increases: ids of one qualifier, shard and domain strictly increase and no two ids
// of one state are equal. ClockOutOfRange before 1970 and once the 56-bit timestamp is used up.
Step<Uint128> step_siq(SiqState &state, UnixMicros now, const SiqQualifier &qualifier, std::uint8_t shard,
                       std::uint32_t domain_hash) noexcept;

// What the generator above can embed (the message of its ClockOutOfRange).
constexpr ClockRange kSiqClockRange{Message::siq_clock_out_of_range};

// zlib's crc32 (IEEE 802.3: reflected polynomial 0xEDB88320, init and xorout 0xFFFFFFFF); "123456789" gives
// 0xCBF43926. SUOU checksums did:siq: strings with it.
std::uint32_t crc32(const std::uint8_t *bytes, std::size_t length) noexcept;

} // namespace identities
