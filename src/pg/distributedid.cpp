// SQL functions of the distributedid type (src/core/distributedid.hpp holds the format).
#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/distributedid.hpp"
#include "pg/fixed_bytes_type.hpp"
#include "pg/incremental_ids.hpp"
#include "pg/shmem.hpp"
#include "pg/time_window.hpp"
#include "pg/timestamps.hpp"

using namespace identities;

// This format's generator: one per server when preloaded, one per backend otherwise.
static const pg::RegisteredGeneratorSlot<DistributedIdState> distributed_id_slot{
    "distributedid", [] {
	    // The generator embeds its ms one second (the leeway) before the clock: it refuses once that passes 45 bits.
	    return (kDistributedIdEpochUnixMillis +
	            static_cast<std::int64_t>(kDistributedIdMax >> kDistributedIdRandomBits) +
	            static_cast<std::int64_t>(kDistributedIdLeewayMillis)) *
	           kMicrosPerMilli;
    }};

namespace {

// Architect's BinaryIdEncoder form: the 96-bit value as 16 big-endian bytes, the first 4 zero.
constexpr std::size_t kBinaryFormSize = 16;

Uint128 distributed_id_arg(FunctionCallInfo fcinfo, int argument) {
	return pg::distributed_id_value(PG_GETARG_DATUM(argument));
}

Uint128 generate_distributed_id() {
	Uint128 id = 0;
	if (pg::take_incremental_id(pg::IncrementalSeries::DistributedId, id)) {
		if (id > kDistributedIdMax)
			throw Error(ErrorCode::NumericValueOutOfRange,
			            "identities.incremental_ids is out of range for type distributedid", kDistributedIdRangeDetail);
		return id;
	}
	// Drawn once per id and reused after sleeping, as the reference does.
	const std::uint64_t random_sequence = make_distributed_id_random_sequence(random_u64());
	return pg::generate_from_slot(
	    distributed_id_slot, kDistributedIdClockRange,
	    [&](DistributedIdState &state, UnixMicros now) { return step_distributed_id(state, now, random_sequence); });
}

} // namespace

IDENTITIES_FIXED_BYTES_TYPE(distributedid, kDistributedIdSize)
IDENTITIES_NUMERIC_CROSS_TYPE(distributedid, kDistributedIdSize, kDistributedIdMax)

IDENTITIES_FUNCTION(distributedid_in) { return pg::distributed_id_datum(parse_distributed_id(PG_GETARG_CSTRING(0))); }

IDENTITIES_FUNCTION(distributedid_out) {
	char text[kDecimalBufferSize];
	format_decimal(distributed_id_arg(fcinfo, 0), text);
	PG_RETURN_CSTRING(pstrdup(text));
}

// numeric's binary form, what a numeric(28,0) column sends: the send and recv of distributedid from 0.2.0 on.
IDENTITIES_FUNCTION(distributedid_numeric_send) { return pg::numeric_wire_send(distributed_id_arg(fcinfo, 0)); }

IDENTITIES_FUNCTION(distributedid_numeric_recv) {
	return pg::distributed_id_datum(
	    pg::numeric_wire_receive(reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0)), kDistributedIdMax, "distributedid",
	                             kDistributedIdRangeDetail));
}

// The 12 bytes as stored: the recv and send of 0.1.0, whose SQL names them, kept for a database still on 0.1.0.
IDENTITIES_FUNCTION(distributedid_recv) {
	const std::uint8_t *bytes = pg::raw_wire_receive(reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0)),
	                                                 kDistributedIdSize, kDistributedIdMax, "distributedid");
	const Uint128 id = load_distributed_id(bytes);
	if (id > kDistributedIdMax) {
		char text[kDecimalBufferSize];
		format_decimal(id, text);
		throw distributed_id_range_error("binary value", text);
	}
	return pg::distributed_id_datum(id);
}

IDENTITIES_FUNCTION(distributedid_send) {
	return pg::raw_wire_send(PG_GETARG_DATUM(0), kDistributedIdSize, kDistributedIdMax, "distributedid");
}

IDENTITIES_FUNCTION(distributedid_generate) { return pg::distributed_id_datum(generate_distributed_id()); }

IDENTITIES_FUNCTION(distributedid_extract_timestamp) {
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(distributed_id_unix_micros(distributed_id_arg(fcinfo, 0))));
}

IDENTITIES_FUNCTION(distributedid_boundary) {
	return pg::distributed_id_datum(
	    distributed_id_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0))));
}

// An id of the past: no generator state, no identities.incremental_ids, a random part as the generator draws it.
IDENTITIES_FUNCTION(distributedid_generate_at) {
	return pg::distributed_id_datum(distributed_id_at(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)),
	                                                  make_distributed_id_random_sequence(random_u64())));
}

IDENTITIES_TIME_WINDOW(distributedid, pg::distributed_id_datum, distributed_id_boundary, Uint128{0}, kDistributedIdMax)

IDENTITIES_FUNCTION(numeric_to_distributedid) {
	return pg::distributed_id_datum(parse_distributed_id_numeric(pg::numeric_text(PG_GETARG_DATUM(0))));
}

IDENTITIES_FUNCTION(distributedid_to_numeric) { return pg::numeric_datum(distributed_id_arg(fcinfo, 0)); }

IDENTITIES_FUNCTION(bigint_to_distributedid) {
	return pg::distributed_id_datum(distributed_id_from_integer(PG_GETARG_INT64(0)));
}

IDENTITIES_FUNCTION(integer_to_distributedid) {
	return pg::distributed_id_datum(distributed_id_from_integer(PG_GETARG_INT32(0)));
}

IDENTITIES_FUNCTION(uuid_to_distributedid) {
	const Uint128 value = pg::uuid_value(PG_GETARG_DATUM(0));
	if (value > kDistributedIdMax)
		throw distributed_id_range_error("uuid", format_uuid(PG_GETARG_UUID_P(0)->data));
	return pg::distributed_id_datum(value);
}

IDENTITIES_FUNCTION(distributedid_to_uuid) { return pg::uuid_datum(distributed_id_arg(fcinfo, 0)); }

IDENTITIES_FUNCTION(bytea_to_distributedid) {
	const bytea *binary = PG_GETARG_BYTEA_PP(0);
	const auto *bytes = reinterpret_cast<const std::uint8_t *>(VARDATA_ANY(binary));
	const std::size_t length = VARSIZE_ANY_EXHDR(binary);
	if (length != kBinaryFormSize)
		throw message_error(Message::distributedid_binary_length,
		                    {format_bytea_excerpt(bytes, length), std::to_string(length)});
	const Uint128 value = load_big_endian(bytes, kBinaryFormSize);
	if (value > kDistributedIdMax)
		throw distributed_id_range_error("bytea", format_bytea_excerpt(bytes, length));
	return pg::distributed_id_datum(value);
}

IDENTITIES_FUNCTION(distributedid_to_bytea) {
	auto *binary = static_cast<bytea *>(palloc(VARHDRSZ + kBinaryFormSize));
	SET_VARSIZE(binary, VARHDRSZ + kBinaryFormSize);
	store_big_endian(distributed_id_arg(fcinfo, 0), reinterpret_cast<std::uint8_t *>(VARDATA(binary)), kBinaryFormSize);
	PG_RETURN_BYTEA_P(binary);
}
