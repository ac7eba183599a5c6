#include "core/siq.hpp"

#include "core/encoders.hpp"
#include "core/error.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace identities {
namespace {

struct Crc32Table {
	std::uint32_t values[256];
};

constexpr Crc32Table make_crc32_table() {
	Crc32Table table{};
	for (std::uint32_t byte = 0; byte < 256; byte++) {
		std::uint32_t crc = byte;
		for (int bit = 0; bit < 8; bit++)
			crc = (crc & 1) ? (crc >> 1) ^ 0xEDB88320U : crc >> 1;
		table.values[byte] = crc;
	}
	return table;
}

constexpr Crc32Table kCrc32Table = make_crc32_table();

constexpr const char *kTypeName = "siq";
constexpr std::size_t kWideSize = 15;     // the 15-byte form SUOU encodes in base64, base32 and Crockford
constexpr std::size_t kDidBytesSize = 20; // 6 checksum bytes + the 14
constexpr std::uint64_t kLow52Mask = (std::uint64_t{1} << 52) - 1;

bool starts_with(std::string_view text, std::string_view prefix) noexcept {
	return text.size() >= prefix.size() && text.compare(0, prefix.size(), prefix) == 0;
}

// floor(instant * 65536 / 1 s) without overflow; false outside 1970 .. 2^40 s.
bool ts56_of(UnixMicros instant, std::uint64_t &ts56) noexcept {
	if (instant < 0)
		return false;
	const std::uint64_t micros = static_cast<std::uint64_t>(instant);
	const std::uint64_t seconds = micros / kMicrosPerSecond;
	if (seconds >> 40 != 0)
		return false;
	const std::uint64_t fraction = ((micros % kMicrosPerSecond) << kSiqFractionBits) / kMicrosPerSecond;
	ts56 = (seconds << kSiqFractionBits) | fraction;
	return true;
}

Error timestamp_out_of_range() {
	return message_error(Message::siq_time_out_of_range);
}

void wide_bytes(Uint128 id, std::uint8_t (&out)[kWideSize]) noexcept {
	out[0] = 0;
	store_siq(id, out + 1);
}

Error invalid_siq_text(std::string_view text, const char *detail = nullptr) {
	const Error error = invalid_text(kTypeName, std::string(text));
	return detail ? Error(ErrorCode::InvalidTextRepresentation, error.what(), detail) : error;
}

enum class DidStatus { Ok, Malformed, ChecksumMismatch };

// The 29-char body: "aaa" + body is the base32 of 2 zero bytes, the 4-byte CRC-32 and the 14 bytes.
DidStatus decode_did_body(std::string_view body, Uint128 &out) noexcept {
	if (body.size() != kSiqDidBodyLength)
		return DidStatus::Malformed;
	char padded[3 + kSiqDidBodyLength];
	std::memcpy(padded, "aaa", 3);
	std::memcpy(padded + 3, body.data(), body.size());
	std::uint8_t bytes[kDidBytesSize];
	if (!base32_to_bytes(std::string_view(padded, sizeof padded), bytes, sizeof bytes))
		return DidStatus::Malformed;
	const Uint128 checksum = load_big_endian(bytes, 6); // 6 bytes: a non-zero first two can never match
	if (checksum != crc32(bytes + 6, kSiqSize))
		return DidStatus::ChecksumMismatch;
	out = load_siq(bytes + 6);
	return DidStatus::Ok;
}

// Errors name the whole text the user gave, not the part that was decoded.
Uint128 did_or_throw(std::string_view body, std::string_view shown) {
	Uint128 value = 0;
	switch (decode_did_body(body, value)) {
	case DidStatus::Ok:
		return value;
	case DidStatus::ChecksumMismatch:
		throw message_error(Message::siq_checksum_mismatch, {std::string(shown)});
	case DidStatus::Malformed:
		break;
	}
	throw invalid_siq_text(shown);
}

} // namespace

const SiqQualifier kSiqQualifiers[kSiqQualifierCount] = {
    {"user", 32, 5, 0},        {"application", 48, 5, 1}, {"event", 40, 5, 2},    {"product", 56, 5, 3},
    {"group", 36, 5, 4},       {"collection", 52, 5, 5},  {"invite", 44, 5, 6},   {"tag", 34, 5, 7},
    {"channel", 42, 5, 8},     {"thread", 22, 4, 9},      {"message", 30, 4, 10}, {"ternary", 9, 3, 11},
    {"manytomany", 13, 3, 12}, {"multi", 11, 3, 13},      {"content", 15, 3, 14},
};

const SiqQualifier &siq_qualifier(std::string_view name) {
	for (const SiqQualifier &qualifier : kSiqQualifiers)
		if (name == qualifier.name)
			return qualifier;
	std::string valid;
	for (const SiqQualifier &qualifier : kSiqQualifiers)
		valid += (valid.empty() ? "" : ", ") + std::string(qualifier.name);
	throw message_error(Message::siq_unknown_qualifier, {std::string(name), valid});
}

const SiqQualifier *siq_qualifier_by_value(std::uint8_t value) noexcept {
	for (const SiqQualifier &qualifier : kSiqQualifiers)
		if (qualifier.value == value)
			return &qualifier;
	return nullptr;
}

SiqTailParts decode_siq_tail(std::uint16_t tail) noexcept {
	const int width = (tail & 1) ? 3 : (tail & 7) == 6 ? 4 : 5; // leaves end in 1, ...110 is 4 bits, else 5
	const auto value = static_cast<std::uint8_t>((1U << width) | (tail & ((1U << width) - 1)));
	return {static_cast<std::uint16_t>(tail >> width), value, siq_qualifier_by_value(value)};
}

std::uint64_t siq_ts56_from_unix_micros(UnixMicros instant) {
	std::uint64_t ts56 = 0;
	if (!ts56_of(instant, ts56))
		throw timestamp_out_of_range();
	return ts56;
}

Uint128 siq_boundary(UnixMicros instant) {
	if (instant <= 0)
		return 0;
	const std::uint64_t micros = static_cast<std::uint64_t>(instant);
	const std::uint64_t seconds = micros / kMicrosPerSecond;
	// Rounded up; a remainder of 999999 us rounds up to the next second's tick 0 (the carry below).
	const std::uint64_t fraction =
	    (((micros % kMicrosPerSecond) << kSiqFractionBits) + kMicrosPerSecond - 1) / kMicrosPerSecond;
	if (seconds >> 40 != 0)
		throw timestamp_out_of_range();
	const std::uint64_t ts56 = (seconds << kSiqFractionBits) + fraction;
	if (ts56 > kSiqMaxTs56)
		throw timestamp_out_of_range();
	return compose_siq(ts56, 0, 0, 0);
}

std::uint16_t checked_siq_serial(std::int64_t serial, const SiqQualifier &qualifier) {
	const std::uint16_t max = siq_max_serial(qualifier);
	if (serial < 0 || serial > max)
		throw message_error(Message::siq_serial_out_of_range,
		                    {std::to_string(serial), qualifier.name, std::to_string(max)});
	return static_cast<std::uint16_t>(serial);
}

Uint128 siq_at(UnixMicros instant, std::uint16_t serial, const SiqQualifier &qualifier, std::uint8_t shard,
               std::uint32_t domain_hash) {
	return compose_siq(siq_ts56_from_unix_micros(instant), shard, domain_hash, siq_tail(serial, qualifier));
}

std::uint32_t siq_domain_hash(std::string_view domain) {
	if (domain.empty() || domain == "0")
		return 0;
	for (const char c : domain)
		if (static_cast<unsigned char>(c) >= 0x80)
			throw message_error(Message::siq_domain_not_ascii, {std::string(domain)});
	unsigned char digest[EVP_MAX_MD_SIZE];
	unsigned int digest_length = 0;
	if (EVP_Digest(domain.data(), domain.size(), digest, &digest_length, EVP_sha256(), nullptr) != 1 ||
	    digest_length != 32)
		throw Error(ErrorCode::Internal, "could not compute the SHA-256 digest of a siq domain");
	return static_cast<std::uint32_t>(load_big_endian(digest + 28, 4));
}

std::uint8_t checked_siq_shard(std::int64_t shard) {
	if (shard < 0 || shard > 255)
		throw message_error(Message::siq_shard_out_of_range, {std::to_string(shard)});
	return static_cast<std::uint8_t>(shard);
}

void format_siq_hex(Uint128 id, char *out) noexcept {
	constexpr char kDigits[] = "0123456789abcdef";
	for (std::size_t i = kSiqHexLength; i-- > 0;) {
		out[i] = kDigits[static_cast<unsigned>(id) & 0xF];
		id >>= 4;
	}
	out[kSiqHexLength] = '\0';
}

Uint128 parse_siq(std::string_view text) {
	const std::string_view trimmed = trim_space(text);
	if (starts_with(trimmed, kSiqDidPrefix))
		return did_or_throw(trimmed.substr(std::strlen(kSiqDidPrefix)), text);
	if (trimmed.empty())
		throw invalid_siq_text(text);
	for (const char c : trimmed) // malformed wins over too large, as parse_decimal does
		if (hex_digit_value(c) < 0)
			throw invalid_siq_text(text);
	const std::size_t first_significant = std::min(trimmed.find_first_not_of('0'), trimmed.size());
	if (trimmed.size() - first_significant > kSiqHexLength)
		throw message_error(Message::siq_hex_out_of_range, {std::string(text)});
	if (trimmed.size() > kSiqHexLength) // 1 to 28 digits, as siq_out writes them: more zeros are not a siq's text
		throw message_error(Message::siq_too_many_digits, {std::string(text)});
	Uint128 value = 0;
	for (std::size_t i = first_significant; i < trimmed.size(); i++)
		value = (value << 4) | static_cast<unsigned>(hex_digit_value(trimmed[i]));
	return value;
}

Uint128 parse_siq_numeric(std::string_view numeric_text) {
	Uint128 value = 0;
	if (parse_integral_numeric(numeric_text, kSiqMax, value) == ParseStatus::Ok)
		return value;
	throw message_error(Message::siq_numeric_out_of_range, {std::string(numeric_text)});
}

std::string siq_to_did(Uint128 id) {
	std::uint8_t bytes[kDidBytesSize] = {};
	store_siq(id, bytes + 6);
	store_big_endian(crc32(bytes + 6, kSiqSize), bytes + 2, 4);
	return kSiqDidPrefix + to_base32_lower(bytes, sizeof bytes).substr(3); // the dropped 3 chars are always "aaa"
}

Uint128 siq_from_did(std::string_view text) {
	const std::string_view body = starts_with(text, kSiqDidPrefix) ? text.substr(std::strlen(kSiqDidPrefix)) : text;
	return did_or_throw(body, text);
}

std::string siq_to_base64(Uint128 id) {
	std::uint8_t bytes[kWideSize];
	wide_bytes(id, bytes);
	return to_base64url(bytes, sizeof bytes);
}

std::string siq_to_cb32(Uint128 id) {
	std::uint8_t bytes[kWideSize];
	wide_bytes(id, bytes);
	const std::string text = to_crockford_base32(bytes, sizeof bytes);
	const std::size_t first_significant = text.find_first_not_of('0');
	return first_significant == std::string::npos ? "0" : text.substr(first_significant);
}

Uint128 siq_from_cb32(std::string_view text) {
	if (text.empty() || text.size() > kSiqCrockfordMaxLength)
		throw invalid_siq_text(text);
	const std::string padded = std::string(kSiqCrockfordMaxLength - text.size(), '0') + std::string(text);
	std::uint8_t bytes[kWideSize];
	if (!crockford_base32_to_bytes(padded, bytes, sizeof bytes))
		throw invalid_siq_text(text);
	if (bytes[0] != 0)
		throw message_error(Message::siq_value_out_of_range, {std::string(text)});
	return load_siq(bytes + 1);
}

Uint128 siq_to_uuid(Uint128 id) noexcept {
	const std::uint64_t custom_a = static_cast<std::uint64_t>(id >> 64) & 0xFFFFFFFFFFFFULL; // siq bits 111..64
	const std::uint64_t custom_b = static_cast<std::uint64_t>(id >> 52) & 0xFFF;             // bits 63..52
	const std::uint64_t custom_c = static_cast<std::uint64_t>(id) & kLow52Mask;              // bits 51..0
	const std::uint64_t high = (custom_a << 16) | (std::uint64_t{8} << 12) | custom_b;
	const std::uint64_t low = (std::uint64_t{0b10} << 62) | (custom_c << 10);
	return (static_cast<Uint128>(high) << 64) | low;
}

Uint128 uuid_to_siq(Uint128 uuid) {
	const std::uint64_t high = static_cast<std::uint64_t>(uuid >> 64);
	const std::uint64_t low = static_cast<std::uint64_t>(uuid);
	if (((high >> 12) & 0xF) != 8 || (low >> 62) != 0b10 || (low & 0x3FF) != 0) {
		std::uint8_t bytes[16];
		store_big_endian(uuid, bytes, 16);
		throw message_error(Message::siq_uuid_shape, {format_uuid(bytes)});
	}
	return (static_cast<Uint128>(high >> 16) << 64) | (static_cast<Uint128>(high & 0xFFF) << 52) |
	       ((low >> 10) & kLow52Mask);
}

Uint128 siq_from_bytes(const std::uint8_t *bytes, std::size_t length) {
	if (length == kSiqSize)
		return load_siq(bytes);
	if (length == kSiqSize + 2 && bytes[0] == 0 && bytes[1] == 0)
		return load_siq(bytes + 2);
	throw message_error(Message::siq_binary_length, {format_bytea_excerpt(bytes, length), std::to_string(length)});
}

namespace {

// The first microsecond of a 1/65536 s tick (ceil of its start), without overflowing 64 bits.
UnixMicros unix_micros_of_tick_start(std::uint64_t ts56) noexcept {
	const auto seconds = static_cast<std::int64_t>(ts56 >> 16);
	const std::uint64_t fraction = ts56 & 0xFFFF;
	return seconds * kMicrosPerSecond + static_cast<std::int64_t>((fraction * 1000000 + 0xFFFF) >> 16);
}

} // namespace

UnixMicros newest_instant(const SiqState &state) noexcept {
	std::uint64_t newest = 0;
	for (const SiqCounter &counter : state.counters)
		newest = counter.ts56 > newest ? counter.ts56 : newest;
	const auto seconds = static_cast<std::int64_t>(newest >> kSiqFractionBits);
	const auto fraction = static_cast<std::int64_t>(newest & ((1U << kSiqFractionBits) - 1));
	return seconds * kMicrosPerSecond + (fraction * kMicrosPerSecond >> kSiqFractionBits);
}

void raise_to_floor(SiqState &state, UnixMicros floor) noexcept {
	if (floor <= 0)
		return;
	const auto seconds = static_cast<std::uint64_t>(floor / kMicrosPerSecond);
	const auto fraction = static_cast<std::uint64_t>(floor % kMicrosPerSecond);
	// The first tick starting at or after the floor.
	const std::uint64_t floor_tick =
	    (seconds << kSiqFractionBits) + (((fraction << kSiqFractionBits) + kMicrosPerSecond - 1) / kMicrosPerSecond);
	for (SiqCounter &counter : state.counters)
		if (counter.ts56 < floor_tick) {
			counter.ts56 = floor_tick;
			counter.next_serial = 0;
		}
}

Step<Uint128> step_siq(SiqState &state, UnixMicros now, const SiqQualifier &qualifier, std::uint8_t shard,
                       std::uint32_t domain_hash) noexcept {
	std::uint64_t tick = 0;
	if (!ts56_of(now, tick))
		return {StepStatus::ClockOutOfRange, 0};
	SiqCounter &counter = state.counters[qualifier.index];
	if (tick > counter.ts56) {
		counter.ts56 = tick;
		counter.next_serial = 0;
	} else if (counter.next_serial > siq_max_serial(qualifier)) {
		if (tick == counter.ts56) // every serial of this tick is used: wait for the next (a tick is ~15 µs)
			return {StepStatus::Sleep, 0, unix_micros_of_tick_start(tick + 1) - now};
		// The clock is behind the tick we count in (set back): take the next tick rather than wait for the clock.
		if (counter.ts56 == kSiqMaxTs56)
			return {StepStatus::ClockOutOfRange, 0};
		counter.ts56++;
		counter.next_serial = 0;
	}
	const auto serial = static_cast<std::uint16_t>(counter.next_serial++);
	return {StepStatus::Ready, compose_siq(counter.ts56, shard, domain_hash, siq_tail(serial, qualifier))};
}

std::uint32_t crc32(const std::uint8_t *bytes, std::size_t length) noexcept {
	std::uint32_t crc = 0xFFFFFFFFU;
	for (std::size_t i = 0; i < length; i++)
		crc = kCrc32Table.values[(crc ^ bytes[i]) & 0xFF] ^ (crc >> 8);
	return crc ^ 0xFFFFFFFFU;
}

} // namespace identities
