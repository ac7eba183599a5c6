// SQL functions of Snowflakes, kept in bigint (src/core/snowflake.hpp holds the format).
#include "core/snowflake.hpp"

#include "core/error.hpp"
#include "pg/boundary.hpp"
#include "pg/settings.hpp"
#include "pg/shmem.hpp"
#include "pg/timestamps.hpp"

using namespace identities;

namespace {

// Snowflakes are non-negative: a negative bigint embeds no time, worker or process.
std::int64_t snowflake_arg(FunctionCallInfo fcinfo, int argument) {
	const std::int64_t id = PG_GETARG_INT64(argument);
	if (id < 0)
		throw Error(ErrorCode::NumericValueOutOfRange, "bigint value " + std::to_string(id) + " is not a Snowflake",
		            "Snowflakes are non-negative.");
	return id;
}

std::int64_t epoch_arg(FunctionCallInfo fcinfo, int argument) {
	return checked_snowflake_epoch(
	    floor_div(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(argument)), kMicrosPerMilli));
}

Datum generate_snowflake(std::uint8_t worker, std::uint8_t process) {
	pg::require_shared_generator_states("snowflake_generate");
	const std::int64_t epoch = pg::snowflake_epoch_setting();
	const auto result =
	    pg::generate_from_slot(pg::generator_states().snowflake, [&](SnowflakeState &state, UnixMicros now) {
		    return step_snowflake(state, now, epoch, worker, process);
	    });
	if (result.status != StepStatus::Ready)
		throw Error(ErrorCode::DatetimeValueOutOfRange, "system clock is outside the range of Snowflakes",
		            "A Snowflake embeds milliseconds since identities.snowflake_epoch in 41 bits (about 69 years); "
		            "the clock must not be before the epoch.");
	PG_RETURN_INT64(result.id);
}

Datum extract_timestamp(std::int64_t id, std::int64_t epoch) {
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(snowflake_unix_micros(id, epoch)));
}

} // namespace

IDENTITIES_FUNCTION(snowflake_generate_from_settings) {
	return generate_snowflake(pg::snowflake_worker_setting(), pg::snowflake_process_setting());
}

IDENTITIES_FUNCTION(snowflake_generate) {
	return generate_snowflake(checked_snowflake_worker(PG_GETARG_INT32(0)),
	                          checked_snowflake_process(PG_GETARG_INT32(1)));
}

IDENTITIES_FUNCTION(snowflake_extract_timestamp) {
	return extract_timestamp(snowflake_arg(fcinfo, 0), pg::snowflake_epoch_setting());
}

IDENTITIES_FUNCTION(snowflake_extract_timestamp_at_epoch) {
	return extract_timestamp(snowflake_arg(fcinfo, 0), epoch_arg(fcinfo, 1));
}

IDENTITIES_FUNCTION(snowflake_extract_worker) { PG_RETURN_INT32(snowflake_worker(snowflake_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(snowflake_extract_process) { PG_RETURN_INT32(snowflake_process(snowflake_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(snowflake_extract_increment) { PG_RETURN_INT32(snowflake_increment(snowflake_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(snowflake_boundary) {
	PG_RETURN_INT64(
	    snowflake_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)), pg::snowflake_epoch_setting()));
}

IDENTITIES_FUNCTION(snowflake_boundary_at_epoch) {
	PG_RETURN_INT64(
	    snowflake_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)), epoch_arg(fcinfo, 1)));
}
