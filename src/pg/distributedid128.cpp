// SQL functions of DistributedId128, kept in uuid (src/core/distributedid128.hpp holds the format).
#include "core/distributedid128.hpp"

#include "core/error.hpp"
#include "core/random.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/incremental_ids.hpp"
#include "pg/shmem.hpp"
#include "pg/time_window.hpp"
#include "pg/timestamps.hpp"

extern "C" {
#include "access/htup_details.h"
#include "funcapi.h"
}

using namespace identities;

// This format's generator: one per server when preloaded, one per backend otherwise.
static const pg::RegisteredGeneratorSlot<DistributedId128State> distributed_id128_slot{
    "distributedid128", [] {
	    return (kDistributedId128EpochUnixMillis + static_cast<std::int64_t>(kDistributedId128MaxTimestamp)) *
	           kMicrosPerMilli;
    }};

namespace {

Uint128 generate_distributed_id128() {
	Uint128 id = 0;
	if (pg::take_incremental_id(pg::IncrementalSeries::DistributedId128, id))
		return id;
	// Drawn once per id and reused after sleeping, as the reference does.
	std::uint8_t random[16];
	random_bytes(random, sizeof random);
	const Uint128 random_sequence = make_distributed_id128_random_sequence(random);
	return pg::generate_from_slot(distributed_id128_slot, kDistributedId128ClockRange,
	                              [&](DistributedId128State &state, UnixMicros now) {
		                              return step_distributed_id128(state, now, random_sequence);
	                              });
}

} // namespace

IDENTITIES_FUNCTION(distributedid128_generate) { return pg::uuid_datum(generate_distributed_id128()); }

// NULL for a uuid that is not shaped like a DistributedId128, as core uuid_extract_timestamp does for non-v1/v7.
IDENTITIES_FUNCTION(distributedid128_extract_timestamp) {
	const Uint128 id = pg::uuid_value(PG_GETARG_DATUM(0));
	if (!has_distributed_id128_shape(id))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(distributed_id128_unix_micros(id)));
}

IDENTITIES_FUNCTION(distributedid128_boundary) {
	return pg::uuid_datum(distributed_id128_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0))));
}

// An id of the past: no generator state, no identities.incremental_ids, a random part as the generator draws it.
IDENTITIES_FUNCTION(distributedid128_generate_at) {
	std::uint8_t random[16];
	random_bytes(random, sizeof random);
	return pg::uuid_datum(distributed_id128_at(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)),
	                                           make_distributed_id128_random_sequence(random)));
}

IDENTITIES_TIME_WINDOW(distributedid128, pg::uuid_datum, distributed_id128_boundary, Uint128{0}, ~Uint128{0})

IDENTITIES_FUNCTION(distributedid128_to_numeric) { return pg::numeric_datum(pg::uuid_value(PG_GETARG_DATUM(0))); }

IDENTITIES_FUNCTION(numeric_to_distributedid128) {
	const char *text = pg::numeric_text(PG_GETARG_DATUM(0));
	Uint128 value = 0;
	if (parse_integral_numeric(text, kUint128Max, value) != ParseStatus::Ok)
		throw message_error(Message::distributedid128_numeric_out_of_range, {text});
	return pg::uuid_datum(value);
}

IDENTITIES_FUNCTION(distributedid128_split) {
	const DistributedId128Halves halves = split_distributed_id128(pg::uuid_value(PG_GETARG_DATUM(0)));
	TupleDesc descriptor;
	if (get_call_result_type(fcinfo, nullptr, &descriptor) != TYPEFUNC_COMPOSITE)
		throw Error(ErrorCode::Internal, "distributedid128_split must return a record");
	descriptor = BlessTupleDesc(descriptor);
	Datum values[2] = {Int64GetDatum(halves.upper), Int64GetDatum(halves.lower)};
	bool nulls[2] = {false, false};
	return HeapTupleGetDatum(heap_form_tuple(descriptor, values, nulls));
}

IDENTITIES_FUNCTION(distributedid128_join) {
	return pg::uuid_datum(join_distributed_id128(PG_GETARG_INT64(0), PG_GETARG_INT64(1)));
}
