// Binary forms: what the core checks when an id arrives as bytes (binary receive, uuid and bytea casts), and
// the bit layouts those checks guard.
//
// - big-endian load/store of 1 to 16 bytes (every fixed-size type's storage) against a plain loop;
// - numeric's binary form, the binary form of distributedid and siq since 0.2.0 (their recv): any input is
//   either refused with 22P03 (malformed) or 22003 (no integer in range), or read as a value in range whose
//   canonical form (numeric_send's) reads back the same, and equals the input when the input is canonical;
//   every value's canonical form reads back as itself;
// - distributedid from 12 bytes (0.1.0's distributedid_recv) and from 16 (uuid and bytea casts): in range exactly when
//   the decimal text is at most 28 digits of 9 (compared as text), then text out and back gives the same bytes;
//   otherwise distributed_id_range_error is 22003;
// - siq_from_bytes (the bytea form): exactly 14 bytes, or 16 whose first two are zero, else 22P02;
// - the uuid shapes (iuid, DistributedId128, UUIDv7, LUUID) against their version and variant bits read from
//   the bytes, and compose(fields(id)) == id whenever the shape holds;
// - uuid_to_siq / siq_to_uuid: accepted exactly for version 8, variant 10 and 10 zero pad bits, and inverse of
//   each other; siq_to_uuid keeps order;
// - DistributedId128 split/join: inverse when both halves are non-negative, else 22003;
// - decode_siq_tail: every tail decodes, and the serial and qualifier recompose it.
// Every buffer handed to the core is a heap copy of exactly its size, so ASan sees a read or write past it.
#include "fuzz.hpp"

#include "core/distributedid.hpp"
#include "core/distributedid128.hpp"
#include "core/encoders.hpp"
#include "core/iuid.hpp"
#include "core/luuid.hpp"
#include "core/numeric_wire.hpp"
#include "core/siq.hpp"
#include "core/uuidv7.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace {

using namespace identities;
using namespace identities::fuzz;

using Bytes = std::vector<std::uint8_t>;

Bytes first_bytes(std::string_view input, std::size_t length) {
	return Bytes(input.begin(), input.begin() + static_cast<std::ptrdiff_t>(length));
}

void check_big_endian(std::string_view input) {
	const std::size_t length = std::min<std::size_t>(input.size(), 16);
	if (length == 0)
		return;
	const Bytes bytes = first_bytes(input, length);
	const Uint128 value = load_big_endian(bytes.data(), length);
	FUZZ_CHECK(value == bytes_value(bytes.data(), length));
	Bytes stored(length);
	store_big_endian(value, stored.data(), length);
	FUZZ_CHECK(stored == bytes);
	// Bits above the length are dropped by a store.
	store_big_endian(value | (length < 16 ? ~Uint128{0} << (8 * length) : 0), stored.data(), length);
	FUZZ_CHECK(stored == bytes);
}

const std::string kDistributedIdMaxText = decimal(kDistributedIdMax);

void check_distributed_id_bytes(const Bytes &bytes, const char *source) {
	const Uint128 value = load_big_endian(bytes.data(), bytes.size());
	const std::string text = decimal(value);
	const bool in_range = digits_within(text, kDistributedIdMaxText);
	FUZZ_CHECK(in_range == (value <= kDistributedIdMax));
	if (!in_range) {
		const Error error = distributed_id_range_error(source, text);
		FUZZ_CHECK(error.code() == ErrorCode::NumericValueOutOfRange);
		return;
	}
	FUZZ_CHECK(parse_distributed_id(text) == value);
	Bytes stored(kDistributedIdSize);
	store_distributed_id(value, stored.data());
	FUZZ_CHECK(load_distributed_id(stored.data()) == value);
	if (bytes.size() == kDistributedIdSize)
		FUZZ_CHECK(stored == bytes);
	else // 16 bytes in range: the first four are zero
		FUZZ_CHECK(std::all_of(bytes.begin(), bytes.begin() + 4, [](std::uint8_t b) { return b == 0; }) &&
		           std::equal(stored.begin(), stored.end(), bytes.begin() + 4));
	// The bounds of the embedded time hold for every id in range.
	FUZZ_CHECK(distributed_id_timestamp(value) <= static_cast<std::uint64_t>(kDistributedIdMax >> 48));
}

void check_siq_bytes(std::string_view input) {
	const Bytes bytes(input.begin(), input.end());
	const auto parsed = attempt([&] { return siq_from_bytes(bytes.data(), bytes.size()); });
	if (bytes.size() == kSiqSize) {
		FUZZ_CHECK(parsed.ok() && *parsed.value == bytes_value(bytes.data(), kSiqSize));
	} else if (bytes.size() == kSiqSize + 2 && bytes[0] == 0 && bytes[1] == 0) {
		FUZZ_CHECK(parsed.ok() && *parsed.value == bytes_value(bytes.data() + 2, kSiqSize));
	} else {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::InvalidTextRepresentation);
		return;
	}
	FUZZ_CHECK(*parsed.value <= kSiqMax);
	Bytes stored(kSiqSize);
	store_siq(*parsed.value, stored.data());
	FUZZ_CHECK(std::equal(stored.begin(), stored.end(), bytes.end() - kSiqSize));
	// A siq's fields recompose it.
	const Uint128 id = *parsed.value;
	FUZZ_CHECK(compose_siq(siq_ts56(id), siq_shard(id), siq_domain_hash(id), siq_tail(id)) == id);
	FUZZ_CHECK(siq_shard(id) == stored[kSiqShardByte]);
}

void check_siq_tail(std::uint16_t tail) {
	const SiqTailParts parts = decode_siq_tail(tail);
	const int width = parts.qualifier_value >= 32 ? 5 : parts.qualifier_value >= 16 ? 4 : 3;
	FUZZ_CHECK(parts.qualifier_value >= 8 && parts.qualifier_value < 64);
	FUZZ_CHECK(((parts.serial << width) | (parts.qualifier_value & ((1U << width) - 1))) == tail);
	FUZZ_CHECK(parts.qualifier == siq_qualifier_by_value(parts.qualifier_value));
	if (parts.qualifier != nullptr) {
		FUZZ_CHECK(parts.qualifier->width == width);
		FUZZ_CHECK(parts.serial <= siq_max_serial(*parts.qualifier));
		FUZZ_CHECK(siq_tail(parts.serial, *parts.qualifier) == tail);
	}
}

void check_uuid_bytes(const Bytes &bytes) {
	const Uint128 id = load_big_endian(bytes.data(), 16);
	const unsigned version = bytes[6] >> 4;
	const unsigned variant2 = bytes[8] >> 6;

	FUZZ_CHECK(has_iuid_shape(id) == (version == 8 && variant2 == 0b10));
	if (has_iuid_shape(id)) {
		FUZZ_CHECK(compose_iuid(iuid_unix_millis(id), iuid_format_version(id), iuid_country(id),
		                        iuid_service_entity(id), iuid_random(id)) == id);
		FUZZ_CHECK(iuid_country(id) == bytes[kIuidCountryByte]);
	}
	FUZZ_CHECK(has_distributed_id128_shape(id) == (version == 7 && (bytes[8] >> 7) == 0));
	if (has_distributed_id128_shape(id))
		FUZZ_CHECK(compose_distributed_id128(distributed_id128_timestamp(id), distributed_id128_random_sequence(id)) ==
		           id);
	FUZZ_CHECK(has_uuidv7_shape(id) == (version == 7 && variant2 == 0b10));
	if (has_uuidv7_shape(id)) {
		const std::uint64_t time = (static_cast<std::uint64_t>(id >> 80) << 12) | ((bytes[6] & 0xFu) << 8) | bytes[7];
		FUZZ_CHECK(compose_uuidv7(time, static_cast<std::uint64_t>(id)) == id);
	}
	FUZZ_CHECK(has_luuid_shape(id) == (version == 6 && (bytes[8] >> 4) == 0xA));
	if (has_luuid_shape(id))
		FUZZ_CHECK(compose_luuid(luuid_key(id), luuid_group(id), luuid_random(id)) == id);

	// A siq in a uuid.
	const auto siq = attempt([&] { return uuid_to_siq(id); });
	const bool siq_shape = version == 8 && variant2 == 0b10 && (bytes[14] & 0x03) == 0 && bytes[15] == 0;
	FUZZ_CHECK(siq.ok() == siq_shape);
	if (siq.ok()) {
		FUZZ_CHECK(*siq.value <= kSiqMax && siq_to_uuid(*siq.value) == id);
	} else {
		FUZZ_CHECK(siq.code == ErrorCode::InvalidTextRepresentation);
	}

	// DistributedId128 as two bigints.
	const auto halves = attempt([&] { return split_distributed_id128(id); });
	FUZZ_CHECK(halves.ok() == ((bytes[0] >> 7) == 0 && (bytes[8] >> 7) == 0));
	if (halves.ok())
		FUZZ_CHECK(join_distributed_id128(halves.value->upper, halves.value->lower) == id);
	else
		FUZZ_CHECK(halves.code == ErrorCode::NumericValueOutOfRange);

	// The uuid text of the bytes reads back.
	Uint128 reparsed = 0;
	FUZZ_CHECK(parse_uuid_text(format_uuid(bytes.data()), reparsed) && reparsed == id);
}

void check_siq_uuid(Uint128 siq, Uint128 other) {
	const Uint128 uuid = siq_to_uuid(siq);
	FUZZ_CHECK(uuid_to_siq(uuid) == siq);
	FUZZ_CHECK(((uuid >> 76) & 0xF) == 8 && ((uuid >> 62) & 0b11) == 0b10 && (uuid & 0x3FF) == 0);
	FUZZ_CHECK((siq < other) == (uuid < siq_to_uuid(other))); // order-preserving
}

void check_numeric_wire(const Bytes &bytes, Uint128 max) {
	const auto read = attempt([&] { return decode_numeric_wire(bytes.data(), bytes.size(), max, "siq", "range"); });
	if (!read.ok()) {
		FUZZ_CHECK(is_one_of(read.code, {ErrorCode::InvalidBinaryRepresentation, ErrorCode::NumericValueOutOfRange}));
		return;
	}
	FUZZ_CHECK(*read.value <= max);
	Bytes canonical(kNumericWireMaxSize);
	canonical.resize(encode_numeric_wire(*read.value, canonical.data()));
	const auto again =
	    attempt([&] { return decode_numeric_wire(canonical.data(), canonical.size(), max, "siq", "r"); });
	FUZZ_CHECK(again.ok() && *again.value == *read.value);
	// A form is canonical when its sign and dscale are 0 and its first and last digits are not zero (zero: no digit).
	const bool is_canonical =
	    bytes.size() >= 8 && bytes[4] == 0 && bytes[5] == 0 && bytes[6] == 0 && bytes[7] == 0 &&
	    (bytes.size() == 8 ? bytes[2] == 0 && bytes[3] == 0
	                       : (bytes[8] | bytes[9]) != 0 && (bytes[bytes.size() - 2] | bytes[bytes.size() - 1]) != 0);
	FUZZ_CHECK(is_canonical == (canonical == bytes));
}

void check_numeric_wire_value(Uint128 value) {
	Bytes form(kNumericWireMaxSize);
	form.resize(encode_numeric_wire(value, form.data()));
	const auto read = attempt([&] { return decode_numeric_wire(form.data(), form.size(), kUint128Max, "x", "r"); });
	FUZZ_CHECK(read.ok() && *read.value == value);
	FUZZ_CHECK(format_numeric_wire(form.data(), form.size()) == decimal(value));
}

} // namespace

void fuzz_one(std::string_view input) {
	check_numeric_wire(Bytes(input.begin(), input.end()), kSiqMax);
	check_numeric_wire(Bytes(input.begin(), input.end()), kDistributedIdMax);
	check_numeric_wire_value(
	    bytes_value(reinterpret_cast<const std::uint8_t *>(input.data()), std::min<std::size_t>(input.size(), 16)));
	check_big_endian(input);
	check_siq_bytes(input);
	if (input.size() >= 2)
		check_siq_tail(
		    static_cast<std::uint16_t>(static_cast<std::uint8_t>(input[0]) << 8 | static_cast<std::uint8_t>(input[1])));
	if (input.size() >= kDistributedIdSize)
		check_distributed_id_bytes(first_bytes(input, kDistributedIdSize), "binary value");
	if (input.size() >= 16) {
		const Bytes bytes = first_bytes(input, 16);
		check_distributed_id_bytes(bytes, "bytea");
		check_uuid_bytes(bytes);
	}
	if (input.size() >= kSiqSize + 1) {
		const auto *data = reinterpret_cast<const std::uint8_t *>(input.data());
		check_siq_uuid(bytes_value(data, kSiqSize), bytes_value(data + 1, kSiqSize));
	}
}
