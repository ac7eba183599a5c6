// UUIDv7 in uuid: uuidv7_generate, uuidv7_generate_at, uuidv7_extract_timestamp, uuidv7_boundary.
#include "core/error.hpp"
#include "core/random.hpp"
#include "core/uuidv7.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/shmem.hpp"
#include "pg/time_window.hpp"
#include "pg/timestamps.hpp"

using namespace identities;

// This format's generator: one per server when preloaded, one per backend otherwise.
static const pg::RegisteredGeneratorSlot<Uuidv7State> uuidv7_slot{
    "uuidv7", [] { return static_cast<std::int64_t>(kUuidv7MaxUnixMillis) * kMicrosPerMilli; }};
static_assert(pg::KeepsHighWaterMark<Uuidv7State>::value, "the server's high-water mark keeps its ids");

IDENTITIES_FUNCTION(uuidv7_generate) {
	const std::uint64_t random_bits = random_u64();
	const auto id = pg::generate_from_slot(uuidv7_slot, kUuidv7ClockRange, [&](Uuidv7State &state, UnixMicros now) {
		return step_uuidv7(state, now, random_bits);
	});
	return pg::uuid_datum(id);
}

// NULL for a uuid without version 7 and variant 10, as core uuid_extract_timestamp().
IDENTITIES_FUNCTION(uuidv7_extract_timestamp) {
	const Uint128 id = pg::uuid_value(PG_GETARG_DATUM(0));
	if (!has_uuidv7_shape(id))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(uuidv7_unix_micros(id)));
}

IDENTITIES_FUNCTION(uuidv7_boundary) {
	return pg::uuid_datum(uuidv7_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0))));
}

// An id of the past: no generator state, so two ids of one instant differ only by their random bits.
IDENTITIES_FUNCTION(uuidv7_generate_at) {
	return pg::uuid_datum(uuidv7_at(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)), random_u64()));
}

IDENTITIES_TIME_WINDOW(uuidv7, pg::uuid_datum, identities::uuidv7_boundary, Uint128{0}, ~Uint128{0})
