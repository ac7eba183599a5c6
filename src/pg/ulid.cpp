// SQL functions of the ulid type (src/core/ulid.hpp holds the format).
#include "core/ulid.hpp"

#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/fixed_bytes_type.hpp"
#include "pg/shmem.hpp"
#include "pg/time_window.hpp"
#include "pg/timestamps.hpp"

using namespace identities;

// This format's generator: one per server when preloaded, one per backend otherwise.
static const pg::RegisteredGeneratorSlot<UlidState> ulid_slot{
    "ulid", [] { return static_cast<std::int64_t>(kUlidMaxUnixMillis) * kMicrosPerMilli; }};
static_assert(pg::KeepsHighWaterMark<UlidState>::value, "the server's high-water mark keeps its ids");

namespace {

Uint128 ulid_arg(FunctionCallInfo fcinfo, int argument) {
	return load_big_endian(pg::bytes_of(PG_GETARG_DATUM(argument)), kUlidSize);
}

Datum ulid_datum(Uint128 id) {
	std::uint8_t bytes[kUlidSize];
	store_big_endian(id, bytes, kUlidSize);
	return pg::fixed_bytes_datum(bytes, kUlidSize);
}

Uint128 random80() {
	std::uint8_t bytes[10];
	random_bytes(bytes, sizeof bytes);
	return load_big_endian(bytes, sizeof bytes);
}

} // namespace

IDENTITIES_FIXED_BYTES_TYPE(ulid, kUlidSize)
IDENTITIES_UUID_CROSS_TYPE(ulid, kUlidSize)

IDENTITIES_FUNCTION(ulid_in) { return ulid_datum(parse_ulid(PG_GETARG_CSTRING(0))); }

IDENTITIES_FUNCTION(ulid_out) {
	char text[kUlidTextLength + 1];
	write_ulid(ulid_arg(fcinfo, 0), text);
	PG_RETURN_CSTRING(pstrdup(text));
}

// The binary form is uuid's: the 16 bytes, every one of them a ulid.
IDENTITIES_FUNCTION(ulid_recv) {
	auto *message = reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0));
	return pg::fixed_bytes_datum(reinterpret_cast<const std::uint8_t *>(pq_getmsgbytes(message, kUlidSize)), kUlidSize);
}

IDENTITIES_FUNCTION(ulid_send) { return pg::fixed_bytes_send(pg::bytes_of(PG_GETARG_DATUM(0)), kUlidSize); }

IDENTITIES_FUNCTION(bytea_to_ulid) {
	const bytea *binary = PG_GETARG_BYTEA_PP(0);
	const auto *bytes = reinterpret_cast<const std::uint8_t *>(VARDATA_ANY(binary));
	const std::size_t length = VARSIZE_ANY_EXHDR(binary);
	if (length != kUlidSize)
		throw message_error(Message::ulid_binary_length, {format_bytea_excerpt(bytes, length), std::to_string(length)});
	return pg::fixed_bytes_datum(bytes, kUlidSize);
}

IDENTITIES_FUNCTION(ulid_to_bytea) {
	auto *binary = static_cast<bytea *>(palloc(VARHDRSZ + kUlidSize));
	SET_VARSIZE(binary, VARHDRSZ + kUlidSize);
	memcpy(VARDATA(binary), pg::bytes_of(PG_GETARG_DATUM(0)), kUlidSize);
	PG_RETURN_BYTEA_P(binary);
}

IDENTITIES_FUNCTION(ulid_generate) {
	// Drawn once per id and reused after sleeping.
	const Uint128 random_bits = random80();
	const auto id = pg::generate_from_slot(ulid_slot, kUlidClockRange, [&](UlidState &state, UnixMicros now) {
		return step_ulid(state, now, random_bits);
	});
	return ulid_datum(id);
}

// An id of the past: no generator state, so two ids of one instant differ only by their random bits.
IDENTITIES_FUNCTION(ulid_generate_at) {
	return ulid_datum(ulid_at(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)), random80()));
}

IDENTITIES_FUNCTION(ulid_extract_timestamp) {
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(ulid_unix_micros(ulid_arg(fcinfo, 0))));
}

IDENTITIES_FUNCTION(ulid_boundary) {
	return ulid_datum(ulid_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0))));
}

IDENTITIES_TIME_WINDOW(ulid, ulid_datum, identities::ulid_boundary, Uint128{0}, kUint128Max)
